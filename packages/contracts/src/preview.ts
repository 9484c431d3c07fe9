/*
 * `?preview=1` on a service page (docs/public-site.md#page-styles). No schema here: the public
 * pages' router and the gateway read it without carrying zod.
 */

/**
 * The preview variant is asked for: `?preview=1` or `?preview=true`. For
 * anyone it shows a service the clinic offers; with an admin session it also
 * shows an inactive service or a template the clinic has not activated.
 */
export const isPreviewQuery = (search: URLSearchParams): boolean => {
  const value = search.get('preview');
  return value === '1' || value === 'true';
};

/** The same, read from a request URL (`/path?query`). */
export const isPreviewUrl = (url: string): boolean => {
  const q = url.indexOf('?');
  return q >= 0 && isPreviewQuery(new URLSearchParams(url.slice(q + 1)));
};

/**
 * `?preview=1&edit=1`: the page as the admin's page editor drives it (docs/page-editor.md#marks):
 * the clinic's real page with the editor's marks, no script of its own. Only with a preview.
 */
export const isEditQuery = (search: URLSearchParams): boolean => {
  const value = search.get('edit');
  return isPreviewQuery(search) && (value === '1' || value === 'true');
};
