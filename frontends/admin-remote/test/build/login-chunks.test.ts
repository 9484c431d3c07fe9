import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `/admin/login` loads of the remote (frontends/admin-remote/README.md, bench:pages): the public shell preloads
 * the `AdminApp` module's scripts as the federation manifest lists them (`exposes[].assets.js.sync`,
 * public-shell server/admin-remote-assets.ts) and runs them when the admin acts. The login
 * screen's second step (a code, a passkey), the passkey ceremony (@simplewebauthn/browser) and
 * the route table are loaded only when used: none of them is in those scripts.
 *
 * Needs the build: `npm test` builds first (pretest); alone, run
 * `npm run build -w @hap/admin-remote` before it.
 */
const DIST = join(__dirname, '..', '..', 'dist');
const MANIFEST = join(DIST, 'mf-manifest.json');
/** The sync scripts' size as served (brotli), with room for the login's own growth: 73.8 KB when this was written (103 KB before the shell read the route table lazily and the second step and passkey ceremony became chunks). */
const BUDGET_BYTES = 80 * 1024;

interface FederationManifest {
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

function loginScripts(): string[] {
  if (!existsSync(MANIFEST)) throw new Error(`The admin remote's build is missing (${MANIFEST}). Build it first: \`npm run build -w @hap/admin-remote\`.`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as FederationManifest;
  const admin = manifest.exposes.find((e) => e.name === 'AdminApp');
  if (!admin) throw new Error('The federation manifest exposes no AdminApp');
  return admin.assets.js.sync;
}

const served = (file: string) => {
  const path = join(DIST, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
};

describe('admin remote build: what the login page loads', () => {
  const files = loginScripts();
  const text = files.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');

  it.each([
    ['the second step with a code', 'Use a recovery code'],
    ['the second step with a passkey', 'Use a passkey'],
    ['the passkey ceremony (@simplewebauthn/browser)', 'startAuthentication'],
    ['the route table (the sidebar’s new-lead count)', '/api/leads/new'],
    ['the route table (Google Ads rows)', '/api/google-ads/launches'],
  ])('leaves out %s', (_what, marker) => {
    expect(files.filter((file) => readFileSync(join(DIST, file), 'utf8').includes(marker))).toEqual([]);
  });

  it('keeps the login itself: the form and the passkey sign-in button', () => {
    expect(text).toContain('Sign in with a passkey');
    expect(text).toContain('Logging in...');
  });

  it(`stays within ${BUDGET_BYTES / 1024} KB of script as served`, () => {
    const total = files.reduce((sum, file) => sum + served(file), 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
