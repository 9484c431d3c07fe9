import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VIEW_MODULES } from '../../src/pages/views';

/**
 * The landing route's script budget (issue: JavaScript ≤ 90 KB compressed on
 * the landing route; docs/public-site.md#page-speed), checked on the built client: the entry chunk
 * (`index.html`) and the service view's chunk with all their static imports,
 * each counted as served (its `.br` file; the plain file when the build kept
 * no smaller brotli copy). Lighthouse's figures for the same route, with
 * headers and timing, are `npm run bench:pages` (infra/bench/README.md).
 *
 * Needs the build: `npm test` builds first (pretest); alone, run
 * `npm run build -w @hap/public-shell` before it.
 */
const BUDGET_BYTES = 90 * 1024;
const CLIENT_DIR = join(__dirname, '..', '..', 'dist', 'client');
const MANIFEST = join(CLIENT_DIR, '.vite', 'manifest.json');
const ENTRY = 'index.html';
const LANDING_VIEW = VIEW_MODULES.service;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Markers minified zod 4 keeps (class names given to `$constructor`). */
const ZOD_MARKERS = /\bZodError\b|\$Zod[A-Z]\w*|\bZodType\b/;
const RADIX_MARKERS = /@radix-ui|radix-ui|__radixId|radix\.slottable|radix-/;

function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) {
    throw new Error(
      `The public shell's client build is missing (${MANIFEST}). Build it first: ` +
        '`npm run build -w @hap/public-shell` (npm test does it in pretest).',
    );
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** Every file `keys` load before running: themselves and their static imports, recursively. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk '${key}' (keys: ${Object.keys(manifest).join(', ')})`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

/** The bytes a browser receives for `file` (brotli as served, else the file itself). */
function servedSize(file: string): { file: string; bytes: number; encoding: 'br' | 'identity' } {
  const path = join(CLIENT_DIR, file);
  if (!existsSync(path)) throw new Error(`The manifest names ${file} but ${path} does not exist: rebuild the public shell`);
  const br = `${path}.br`;
  return existsSync(br) ? { file, bytes: statSync(br).size, encoding: 'br' } : { file, bytes: statSync(path).size, encoding: 'identity' };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('public shell build: landing route budget', () => {
  let manifest: Manifest;
  beforeAll(() => {
    manifest = readManifest();
  });

  it('has the entry and the service view in the manifest', () => {
    expect(manifest[ENTRY]?.isEntry).toBe(true);
    expect(manifest[LANDING_VIEW]).toBeDefined();
  });

  it(`loads at most ${kb(BUDGET_BYTES)} of JavaScript (brotli, as served) on the landing route`, () => {
    const files = staticClosure(manifest, [ENTRY, LANDING_VIEW]).filter((f) => f.endsWith('.js'));
    const sizes = files.map(servedSize).sort((a, b) => b.bytes - a.bytes);
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    const listing = sizes.map((s) => `  ${String(s.bytes).padStart(7)} B  ${s.file}${s.encoding === 'br' ? '.br' : ' (no .br)'}`).join('\n');
    if (total > BUDGET_BYTES) {
      throw new Error(
        `The landing route (${ENTRY} + ${LANDING_VIEW} and their static imports) loads ${total} B = ${kb(total)} of JavaScript, ` +
          `over its budget of ${BUDGET_BYTES} B = ${kb(BUDGET_BYTES)} by ${total - BUDGET_BYTES} B:\n${listing}`,
      );
    }
    expect(files.length).toBeGreaterThan(0);
  });

  it('puts no zod in any public chunk', () => {
    const assets = join(CLIENT_DIR, 'assets');
    const withZod = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => ZOD_MARKERS.test(readFileSync(join(assets, f), 'utf8')));
    if (withZod.length) {
      throw new Error(`zod reached public chunks (ARCHITECTURE.md: no schema library on public pages): ${withZod.join(', ')}`);
    }
  });

  it('puts no @radix-ui in any public chunk (ARCHITECTURE.md: native <dialog>)', () => {
    const assets = join(CLIENT_DIR, 'assets');
    const withRadix = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => RADIX_MARKERS.test(readFileSync(join(assets, f), 'utf8')));
    if (withRadix.length) {
      throw new Error(`@radix-ui code reached public chunks (ARCHITECTURE.md: native <dialog> on public pages; Radix is for the admin): ${withRadix.join(', ')}`);
    }
  });
});
