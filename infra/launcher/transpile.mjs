#!/usr/bin/env node
/**
 * The server code for running it here (`npm start`, `npm test`): each TypeScript file of the
 * packages, the gateway, the services and the public shell's server compiled on its own by swc
 * into the `dist/` tsc would write, only the files whose source is newer than their output. Types
 * are not checked here: `npm run typecheck` (tsc) does that, and `npm run build` (the images) is
 * tsc's emit. A cold build is about 2 s of CPU where `tsc -b` took 48 s (ARCHITECTURE.md#processes).
 *
 * The output matches tsc's (tsconfig.base.json): ES2022, CommonJS with native `import()` kept (the
 * ESM-only dependencies load through it), legacy decorators with their metadata (TypeORM reads the
 * column types from it); the public shell's server stays ES modules (its package is "type": "module").
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each compiled part: its sources, where tsc writes them (the part's tsconfig rootDir and outDir), its module format. */
export const SERVER_PARTS = [
  ...['packages/contracts', 'packages/stats', 'packages/service-kit', 'gateway', 'services/tenant', 'services/leads', 'services/templates', 'services/ads'].map(
    (dir) => ({ src: `${dir}/src`, out: `${dir}/dist`, module: 'commonjs' }),
  ),
  { src: 'frontends/public-shell/server', out: 'frontends/public-shell/dist/node', module: 'es6' },
];

function sourcesBelow(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const options = (module, filename, outFile) => ({
  filename,
  sourceMaps: true,
  sourceFileName: relative(dirname(outFile), filename),
  swcrc: false,
  configFile: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: module === 'commonjs' ? { type: 'commonjs', ignoreDynamic: true, exportInteropAnnotation: true } : { type: 'es6' },
});

/**
 * Compiles the stale files of every part; answers how many it compiled. Throws with the file and
 * swc's words on a syntax error.
 */
export async function transpileServers({ parts = SERVER_PARTS } = {}) {
  const stale = parts.flatMap((part) =>
    sourcesBelow(join(root, part.src)).flatMap((source) => {
      const outFile = join(root, part.out, relative(join(root, part.src), source)).replace(/\.ts$/, '.js');
      return !existsSync(outFile) || statSync(outFile).mtimeMs < statSync(source).mtimeMs ? [{ source, outFile, module: part.module }] : [];
    }),
  );
  if (!stale.length) return 0;
  const swc = await import('@swc/core');
  await Promise.all(
    stale.map(async ({ source, outFile, module }) => {
      let output;
      try {
        output = await swc.transformFile(source, options(module, source, outFile));
      } catch (err) {
        throw new Error(`${relative(root, source)}: ${err.message ?? err}`);
      }
      mkdirSync(dirname(outFile), { recursive: true });
      const map = `${outFile}.map`;
      writeFileSync(outFile, `${output.code}\n//# sourceMappingURL=${relative(dirname(outFile), map)}\n`);
      writeFileSync(map, output.map);
    }),
  );
  return stale.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const count = await transpileServers();
  console.log(`compiled ${count} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
