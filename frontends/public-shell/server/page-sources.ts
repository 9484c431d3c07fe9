import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  httpsOriginOf,
  MAX_PAGE_ORIGINS,
  PAGE_FRAMES_HEADER,
  PAGE_IMAGES_HEADER,
  PAGE_TAGS_HEADER,
  tagsOfPage,
  type PageTracking,
} from '@hap/contracts';

/**
 * What a public page loads from other sites, told to the gateway in response
 * headers (contracts tracking.ts) so that the page's Content-Security-Policy
 * names exactly those hosts (docs/tracking-privacy.md): the tracking tags it loads, the
 * https forms its form embed frames, the https images it shows.
 */

const unique = (values: Iterable<string | null>) => [...new Set([...values].filter((v): v is string => v !== null))].slice(0, MAX_PAGE_ORIGINS);

/** The https origins an admin's form embed code frames (`<iframe src="https://…">`). */
export function embedFrameOrigins(code: string | null | undefined): string[] {
  if (!code) return [];
  const srcs = [...code.matchAll(/<iframe\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => httpsOriginOf(m[1] ?? ''));
  return unique(srcs);
}

const decode = (text: string) => text.replace(/&quot;|&#34;|&#x22;/gi, '"').replace(/&#39;|&#x27;/gi, "'").replace(/&amp;/g, '&');

/**
 * The https origins of the images in a rendered page: `<img>` / `<source>` src
 * and srcset, image preloads, and `url(…)` in inline styles. Images are
 * same-origin uploads normally; an image path an admin gave as a URL is used as
 * it is (docs/public-site.md#validation), and its host must be allowed or the picture breaks.
 */
export function imageOrigins(html: string): string[] {
  const found: (string | null)[] = [];
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>|<link\b[^>]*\bas="image"[^>]*>/gi)) {
    for (const m of tag.matchAll(/\b(?:src|srcset|href|imagesrcset)="([^"]*)"/gi)) {
      for (const candidate of decode(m[1] ?? '').split(',')) found.push(httpsOriginOf(candidate.trim().split(/\s+/)[0] ?? ''));
    }
  }
  for (const m of decode(html).matchAll(/url\(\s*['"]?(https:\/\/[^'")\s]+)/gi)) found.push(httpsOriginOf(m[1] ?? ''));
  return unique(found);
}

/** The response headers that tell the gateway what the page loads from outside. */
export function pageSourceHeaders(tracking: PageTracking | null, frames: readonly string[], images: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = { [PAGE_TAGS_HEADER]: tagsOfPage(tracking).join(' ') };
  if (frames.length) headers[PAGE_FRAMES_HEADER] = frames.join(' ');
  if (images.length) headers[PAGE_IMAGES_HEADER] = images.join(' ');
  return headers;
}

/** Source module of the tracking script in the client build's manifest (vite.config.ts input `tracking`). */
export const TRACKING_ENTRY_SOURCE = 'src/tracking/entry-tracking.ts';

/** The built tracking script's address (`/assets/tracking-….js`), or null when the build has none. */
export function trackingScriptOf(clientDir: string): string | null {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[TRACKING_ENTRY_SOURCE];
  return chunk ? `/${chunk.file}` : null;
}

/**
 * The tag of the tracking script: a module (run after the document is parsed,
 * never blocking it), fetched at low priority; it waits for the window's load
 * and an idle moment before it loads any tag (src/tracking/entry-tracking.ts).
 */
export const trackingScriptTag = (src: string) => `<script type="module" fetchpriority="low" src="${src}"></script>`;
