import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_BOOT_SCRIPT } from '@hap/contracts';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** A built stylesheet as an inline `<style>` (its text can never close the tag). */
function inlineStyle(clientDir: string, file: string): string | null {
  const path = join(clientDir, file);
  if (!existsSync(path)) return null;
  return `<style>${readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * The built page template with its stylesheets inlined: on a phone, a
 * stylesheet request before first paint costs a round trip (Lighthouse counted
 * ~0.2–0.4 s each). The CSP allows inline styles; the CSS is a few KB compressed.
 */
export function inlineTemplateStyles(template: string, clientDir: string): string {
  return lowPriorityScripts(
    template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => inlineStyle(clientDir, file) ?? tag),
  );
}

/**
 * The public page template without its entry's module script tag, and the
 * entry's address: public pages load their script with the boot loader
 * (bootLoaderTag), which also holds what the visitor does before the page is live.
 */
export function bootLoadedTemplate(template: string): { template: string; entry: string | null } {
  let entry: string | null = null;
  const stripped = template.replace(/<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => {
    entry = src;
    return '';
  });
  return { template: stripped, entry };
}

/**
 * `html` without its `<link rel="modulepreload">` tags, and their addresses:
 * a page that waits for its visitor has the boot loader preload them after
 * load instead, one a task, so their compiling does not crowd the first paint.
 */
export function takeModulePreloads(html: string): { html: string; modules: string[] } {
  const modules: string[] = [];
  const rest = html.replace(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    modules.push(href);
    return '';
  });
  return { html: rest, modules };
}

/**
 * The boot loader (contracts page-boot.ts) of a page: for one that waits for
 * its visitor (src/pages/hydration.ts) it preloads the view's chunks after
 * load; for one that hydrates at load it runs the entry at once, and the
 * view's chunks come with modulepreload tags (ViewAssetTags.preloads).
 */
export function bootLoaderTag(entry: string, moment: 'load' | 'interaction', modules: readonly string[]): string {
  const when = moment === 'load' ? ' data-now' : ` data-preload="${modules.join(' ')}"`;
  return `<script data-src="${entry}"${when}>${PAGE_BOOT_SCRIPT}</script>`;
}

/**
 * Scripts after the hero picture: the page is readable and styled without
 * them (server-rendered), so on a slow link they must not share the first
 * round trips with the largest image. Module scripts run after parsing anyway.
 */
function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/** A view's `<head>` tags: its stylesheets, and the modulepreloads of its chunks. */
export interface ViewAssetTags {
  styles: string;
  /** Left out of a page that loads its script only when the visitor acts (src/pages/hydration.ts). */
  preloads: string;
  /** The chunks' addresses, for the boot loader of such a page. */
  modules: readonly string[];
}

/**
 * The `<head>` tags that bring a view's own chunk with the entry: a
 * modulepreload for it and its imports, and its stylesheets inlined (without
 * them its CSS would arrive only when the entry imports the chunk: a flash of
 * unstyled page and layout shift). Each inlined sheet also gets a `disabled`
 * link, which the browser does not fetch but Vite's loader finds, so it does not
 * fetch the sheet again when the chunk loads. Views are named by their source
 * module (src/pages/views.ts VIEW_MODULES).
 */
export function pageAssetTags(clientDir: string, modules: Readonly<Record<string, string>>): Readonly<Record<string, ViewAssetTags>> {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // What the entry already brings (its own file, its static imports and their styles) needs no second tag.
  const entryFiles = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    chunk.css?.forEach((css) => entryFiles.add(css));
    chunk.imports?.forEach(collect);
  };
  Object.entries(manifest).forEach(([key, chunk]) => chunk.isEntry && collect(key));

  const tagsFor = (source: string): ViewAssetTags => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      chunk.css?.forEach((css) => styles.add(css));
      chunk.imports?.forEach(visit);
    };
    visit(source);
    const modules = [...scripts].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
    return {
      modules,
      styles: [...styles]
        .filter((f) => !entryFiles.has(f))
        .map((f) => {
          const style = inlineStyle(clientDir, f);
          const link = `<link rel="stylesheet" crossorigin href="/${f}"${style ? ' disabled' : ''} />`;
          return style ? `${style}\n    ${link}` : link;
        })
        .join('\n    '),
      preloads: modules.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}" />`).join('\n    '),
    };
  };
  return Object.fromEntries(Object.entries(modules).map(([view, source]) => [view, tagsFor(source)]));
}

/** A view's tags with another module's (the booking picker's), each file once; the view's alone without it. */
export function withAssets(view: ViewAssetTags | undefined, more: ViewAssetTags | undefined): ViewAssetTags | undefined {
  if (!view || !more) return view;
  return {
    styles: [view.styles, more.styles].filter(Boolean).join('\n    '),
    preloads: [view.preloads, more.preloads].filter(Boolean).join('\n    '),
    modules: [...new Set([...view.modules, ...more.modules])],
  };
}
