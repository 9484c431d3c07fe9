/** Text made safe for HTML, in element content and quoted attributes alike (zod-free: pages, e-mails and form answers share it). */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
