/**
 * The admin's embed code when it replaces the built-in form: non-empty and
 * not the text 'null' or 'undefined' (docs/public-site.md#validation); else null.
 * (Its own module: the page entry asks it too, without the landing rules' imports.)
 */
export function formEmbedCodeOf(code: string | null | undefined): string | null {
  const trimmed = (code ?? '').trim();
  if (!trimmed || trimmed === 'null' || trimmed === 'undefined') return null;
  return trimmed;
}
