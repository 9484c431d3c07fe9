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

function loginScripts(app: 'AdminApp' | 'PortalApp' = 'AdminApp'): string[] {
  if (!existsSync(MANIFEST)) throw new Error(`The admin remote's build is missing (${MANIFEST}). Build it first: \`npm run build -w @hap/admin-remote\`.`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as FederationManifest;
  const exposed = manifest.exposes.find((e) => e.name === app);
  if (!exposed) throw new Error(`The federation manifest exposes no ${app}`);
  return exposed.assets.js.sync;
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

/**
 * The same for `/portal/login` (the clinic portal's first paint, bench:pages: Lighthouse mobile ≥ 98):
 * the `PortalApp` module's sync scripts leave the route table out; the screens that need it load it
 * with their call (lib/lazy-routes.ts), and the navigation knows the Users section's roles without it.
 */
describe('admin remote build: what the portal login page loads', () => {
  const files = loginScripts('PortalApp');
  /** 82.6 KB when this was written (the portal's navigation and offline banner with the login); bench:pages had the login at 98. */
  const PORTAL_BUDGET_BYTES = 86 * 1024;

  it.each([
    ['the route table (the leads rows)', '/api/portal/leads/board'],
    ['the route table (Google Ads rows)', '/api/google-ads/launches'],
  ])('leaves out %s', (_what, marker) => {
    expect(files.filter((file) => readFileSync(join(DIST, file), 'utf8').includes(marker))).toEqual([]);
  });

  it('keeps the portal\u2019s login and registers its worker', () => {
    const text = files.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
    expect(text).toContain('/portal-sw.js');
  });

  it(`stays within ${PORTAL_BUDGET_BYTES / 1024} KB of script as served`, () => {
    expect(files.reduce((sum, file) => sum + served(file), 0)).toBeLessThanOrEqual(PORTAL_BUDGET_BYTES);
  });
});
