/** A WhatsApp chat with the agency, text prefilled (wa.me wants the number as bare digits). */
export function whatsappUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
