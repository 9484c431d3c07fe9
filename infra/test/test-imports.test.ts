import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One test kit (packages/test-kit/README.md#other-services-in-a-test): ESLint refuses a test's import of
 * another service's files, except in the files of eslint.config.mjs's OTHER_SERVICE_IMPORTS_ALLOWED, not
 * converted yet. That list may only shrink: an entry whose file no longer imports another service must
 * go, and the list may not grow past its size when the rule came in (lower ALLOWED_AT_MOST as files move).
 */
const ALLOWED_AT_MOST = 7;
const root = join(__dirname, '..', '..');
const SERVICES = ['tenant', 'leads', 'templates', 'ads'];

function allowList(): string[] {
  const config = readFileSync(join(root, 'eslint.config.mjs'), 'utf8');
  const block = /const OTHER_SERVICE_IMPORTS_ALLOWED = \[([\s\S]*?)\n\];/.exec(config);
  if (!block) throw new Error('eslint.config.mjs has no OTHER_SERVICE_IMPORTS_ALLOWED list');
  return [...block[1].matchAll(/^\s*'([^']+)',/gm)].map((m) => m[1]);
}

/** Whether the file at `path` imports a service other than the one it belongs to (none for the gateway's and frontends' tests). */
function importsAnotherService(path: string): boolean {
  const own = /^services\/([a-z]+)\//.exec(path)?.[1];
  const others = SERVICES.filter((name) => name !== own).join('|');
  const source = readFileSync(join(root, path), 'utf8');
  return new RegExp(`from '(\\.\\./)+(services/)?(${others})/(src|test)/`).test(source);
}

describe("tests reach other services over HTTP, not through their files", () => {
  const listed = allowList();

  it('the allow-list of files not converted yet does not grow', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(ALLOWED_AT_MOST);
  });

  it('every listed file still needs its place (else it leaves the list)', () => {
    const stale = listed.filter((path) => !existsSync(join(root, path)) || !importsAnotherService(path));
    expect(stale).toEqual([]);
  });
});
