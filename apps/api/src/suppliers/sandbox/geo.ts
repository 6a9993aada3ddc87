const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Taxi, climb and descent allowance added to every flight. */
export const BLOCK_OVERHEAD_MINUTES = 30;
/** Average block speed; slower than cruise because of routing and winds. */
export const BLOCK_SPEED_KMH = 780;

/** Scheduled gate-to-gate time: 30 min + distance at 780 km/h, rounded to 5 minutes. */
export function blockMinutes(distanceKm: number): number {
  return Math.round((BLOCK_OVERHEAD_MINUTES + (distanceKm / BLOCK_SPEED_KMH) * 60) / 5) * 5;
}
