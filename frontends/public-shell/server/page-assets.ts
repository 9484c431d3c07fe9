import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The `<head>` tags that bring a view's own chunk with the entry: a
 * modulepreload for it and its imports, and its stylesheets (without them
 * its CSS would arrive only when the entry imports the chunk: a flash of
 * unstyled page and layout shift). Views are named by their source module
 * (src/pages/views.ts VIEW_MODULES).
 */
export function pageAssetTags(clientDir: string, modules: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
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

  const tagsFor = (source: string): string => {
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
    return [
      ...[...styles].filter((f) => !entryFiles.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
      ...[...scripts].filter((f) => !entryFiles.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
    ].join('\n    ');
  };
  return Object.fromEntries(Object.entries(modules).map(([view, source]) => [view, tagsFor(source)]));
}
