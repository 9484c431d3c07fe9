import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One test kit (packages/test-kit/README.md#other-services-in-a-test): a test reaches another service
 * over HTTP (its built process) and its rows in SQL, never through its files. ESLint refuses such an
 * import (eslint.config.mjs); this check makes `npm test` refuse it too, for every test file in the tree.
 */
const root = join(__dirname, '..', '..');
const SERVICES = ['tenant', 'leads', 'templates', 'ads'];
// The parts' own tests; infra/test checks the whole system (every service's configuration, the run's migrations).
const TEST_ROOTS = ['gateway/test', 'frontends/public-shell/test', 'frontends/admin-remote/test', ...SERVICES.map((s) => `services/${s}/test`)];

function filesBelow(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '.artifacts' ? [] : filesBelow(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The other services' files `path` imports (relative paths into services/<other>/, or their packages). */
export function otherServiceImports(path: string, source: string): string[] {
  const own = /^services\/([a-z]+)\//.exec(path)?.[1];
  const others = SERVICES.filter((name) => name !== own);
  const specifiers = [...source.matchAll(/(?:from|import\(|require\()\s*'([^']+)'/g)].map((m) => m[1]);
  return specifiers.filter((specifier) => {
    if (others.some((name) => specifier === `@hap/${name}` || specifier.startsWith(`@hap/${name}/`))) return true;
    if (!specifier.startsWith('.')) return false;
    const target = relative(root, join(root, path, '..', specifier));
    return others.some((name) => target.startsWith(`services/${name}/`));
  });
}

describe('tests reach other services over HTTP, not through their files', () => {
  it('no test file imports another service', () => {
    const offenders = TEST_ROOTS.flatMap(filesBelow).flatMap((path) =>
      otherServiceImports(path, readFileSync(join(root, path), 'utf8')).map((specifier) => `${path}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('sees an import of another service, relative or by package, and not one of its own', () => {
    expect(otherServiceImports('services/leads/test/integration/a.test.ts', "import { x } from '../../../templates/src/app';")).toEqual(['../../../templates/src/app']);
    expect(otherServiceImports('gateway/test/a.test.ts', "const m = await import('../../services/tenant/src/db/seed');")).toEqual(['../../services/tenant/src/db/seed']);
    expect(otherServiceImports('frontends/public-shell/test/a.test.ts', "import { y } from '@hap/ads/src/x';")).toEqual(['@hap/ads/src/x']);
    expect(otherServiceImports('services/leads/test/a.test.ts', "import { z } from '../../src/app';")).toEqual([]);
  });
});
