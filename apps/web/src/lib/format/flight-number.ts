/** "MS856" -> "MS 856": the carrier code apart from the number, as boarding passes print it. */
export function formatFlightNumber(flightNumber: string): string {
  const match = /^([A-Z0-9]{2})\s*(\d{1,4}[A-Z]?)$/.exec(flightNumber.trim().toUpperCase());
  return match ? `${match[1]} ${match[2]}` : flightNumber;
}
