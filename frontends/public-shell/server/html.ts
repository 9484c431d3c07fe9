import { createHash } from 'node:crypto';

/** What the server puts into a built HTML template (the SSR entry's RenderResult). */
export interface FilledPage {
  page: string;
  htmlStyle: string;
  head: string;
  html: string;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside <script type="application/json">: `<` escaped so no value can close the tag. */
const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** The markers a template must carry (checked when the server starts). */
export const TEMPLATE_MARKERS = ['<html lang="en">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->'] as const;

/** Fills a built HTML template (dist/client/index.html or dist/admin/index.html) with one rendered page. */
export function fillTemplate(template: string, page: FilledPage, data: { state: unknown; config: unknown }): string {
  const scripts = [data.state ? jsonScript('__HAP_STATE__', data.state) : '', jsonScript('__HAP_CONFIG__', data.config)]
    .filter(Boolean)
    .join('\n    ');
  // Function replacers: a clinic's text containing `$&` or `$'` must stay text,
  // not become a String.replace pattern.
  return template
    .replace('<html lang="en">', () => `<html lang="en" data-page="${escapeAttr(page.page)}" style="${escapeAttr(page.htmlStyle)}">`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => scripts);
}

/**
 * A weak ETag of the page: the same page is sent as br, gzip or plain text,
 * equivalent but not byte-identical, which is what weak validators are for.
 */
export const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match already names this ETag (weak comparison). */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}
