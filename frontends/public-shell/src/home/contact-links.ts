/** A tel: href from a display phone number ("(555) 123-4567" → "tel:5551234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * An e-mail address cut where a line may break: after the @ and before each
 * dot of the domain (the usual typographic rule), so a long address never
 * breaks in the middle of a name. Joined with <wbr>, the parts read as one.
 */
export function emailLineBreaks(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at < 0) return [email];
  const [first = '', ...labels] = email.slice(at + 1).split('.');
  return [email.slice(0, at + 1), first, ...labels.map((label) => `.${label}`)].filter(Boolean);
}
