import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIEW_MODULES } from '../../src/pages/views';

/**
 * An admin's preview (landing/PreviewPage.tsx) is not part of the code a
 * visitor's service page loads: it is its own chunk, imported only for a
 * preview (landing/ServicePage.tsx serviceViewFor). Checked on the built
 * client, like landing-budget.test.ts (`npm run build -w @hap/public-shell` first).
 */
const CLIENT_DIR = join(__dirname, '..', '..', 'dist', 'client');
const MANIFEST = join(CLIENT_DIR, '.vite', 'manifest.json');
const PREVIEW_MODULE = 'src/landing/PreviewPage.tsx';
/** The preview ribbon's words (PreviewPage.tsx), which only the preview's code holds. */
const PREVIEW_TEXT = 'Preview: this is how the page looks to visitors';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk '${key}'`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

describe('public shell build: the preview stays out of the landing route', () => {
  let manifest: Manifest;
  beforeAll(() => {
    if (!existsSync(MANIFEST)) throw new Error(`The public shell's client build is missing (${MANIFEST}): npm run build -w @hap/public-shell`);
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  });

  it('builds the preview as a chunk the service view imports dynamically', () => {
    expect(manifest[PREVIEW_MODULE]).toBeDefined();
    expect(manifest[VIEW_MODULES.service]?.dynamicImports).toContain(PREVIEW_MODULE);
  });

  it("loads none of the preview's code with the landing route", () => {
    const files = staticClosure(manifest, ['index.html', VIEW_MODULES.service]).filter((f) => f.endsWith('.js'));
    const withPreview = files.filter((f) => readFileSync(join(CLIENT_DIR, f), 'utf8').includes(PREVIEW_TEXT));
    expect(withPreview).toEqual([]);
    expect(readFileSync(join(CLIENT_DIR, manifest[PREVIEW_MODULE]!.file), 'utf8')).toContain(PREVIEW_TEXT);
  });
});
