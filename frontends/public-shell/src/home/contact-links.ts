/** A tel: href from a display phone number ("(555) 123-4567" → "tel:5551234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
