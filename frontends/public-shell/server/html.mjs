import { createHash } from 'node:crypto';

const escapeAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside <script type="application/json">: `<` escaped so no value can close the tag. */
const jsonScript = (id, value) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Fills the built index.html with one rendered page. */
export function fillTemplate(template, page, { state, config }) {
  const data = [state ? jsonScript('__HAP_STATE__', state) : '', jsonScript('__HAP_CONFIG__', config)].join('\n    ');
  // Function replacers: a clinic's text containing `$&` or `$'` must stay text,
  // not become a String.replace pattern.
  return template
    .replace('<html lang="en">', () => `<html lang="en" data-page="${escapeAttr(page.page)}" style="${escapeAttr(page.htmlStyle)}">`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => data);
}

/**
 * A weak ETag of the page: the same page is sent as br, gzip or plain text,
 * equivalent but not byte-identical, which is what weak validators are for.
 */
export const etagOf = (body) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match already names this ETag. */
export function isFresh(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}
