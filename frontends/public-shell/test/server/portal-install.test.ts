import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { signIdentity, type Identity } from '@hap/service-kit/identity';
import { createClient } from '@hap/test-kit/factories/tenant';
import { SIBLINGS_START_TIMEOUT_MS, startTenantProcess, type SiblingProcess } from '@hap/test-kit/siblings';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { createPageContentLoader, createPageContextLoader, createPortalClinicLoader } from '../../server/page-context';
import * as entryServer from '../../src/entry-server';
import { pageTemplate } from '../helpers/pages';
import { standInDist } from '../helpers/shell';

/**
 * The installable portal (docs/portal.md#installable-portal) through the shell's server: the
 * manifest in the signed-in user's clinic's name and colours, read from the real tenant as that
 * user; the icons it names; the offline page and the worker that keeps it; and the portal page
 * that links the manifest.
 */
const SECRET = process.env.INTERNAL_SECRET ?? '';
const PUBLIC = join(__dirname, '..', '..', 'public');

let tenant: SiblingProcess;
let clinic: { id: number; name: string };
const shells: Array<{ app: FastifyInstance; remove: () => void }> = [];

/** The shell as server.ts builds it, over `tenantUrl`, with the build's public files. */
async function shellOver(tenantUrl: string): Promise<FastifyInstance> {
  const dist = standInDist('portal-install-');
  for (const file of ['portal-sw.js', 'portal-offline.html']) copyFileSync(join(PUBLIC, file), join(dist.dirs.client, file));
  const config = readConfig({ LOG_LEVEL: 'silent', INTERNAL_SECRET: SECRET, TENANT_URL: tenantUrl, API_TIMEOUT_MS: '3000' });
  const app = await buildServer(config, {
    bundle: { ssr: entryServer, templates: { page: pageTemplate(), admin: pageTemplate('/assets/admin/admin-def.js') } },
    dirs: dist.dirs,
    pageContext: createPageContextLoader(config),
    pageContent: createPageContentLoader(config),
    portalClinic: createPortalClinicLoader(config),
  });
  shells.push({ app, remove: dist.remove });
  return app;
}

let shell: FastifyInstance;

beforeAll(async () => {
  tenant = await startTenantProcess();
  clinic = await createClient(tenant.dataSource, { name: 'Riverside Men’s Health & Wellness', brandColor: '#0f766e' });
  shell = await shellOver(tenant.url);
}, SIBLINGS_START_TIMEOUT_MS);

afterAll(async () => {
  for (const { app, remove } of shells) {
    await app.close();
    remove();
  }
  await tenant?.close();
});

const MANIFEST = '/portal/manifest.webmanifest';
/** The manifest's request as the gateway sends it for a signed-in clinic user (its page-proxy.ts). */
const asUser = (identity: Identity, secret = SECRET) => signIdentity(secret, 'GET', MANIFEST, identity);
const owner = (): Identity => ({ kind: 'clinic', userId: 41, email: 'owner@riverside.test', name: 'Ola', clientId: clinic.id, role: 'owner' });

describe('GET /portal/manifest.webmanifest', () => {
  it('is the neutral portal without a signed-in user: installable, scoped to /portal/, never shared between users', async () => {
    const res = await shell.inject({ url: MANIFEST });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'private, no-cache', vary: 'Cookie' });
    const manifest = res.json();
    expect(manifest).toMatchObject({ id: '/portal/', name: 'Clinic Portal', short_name: 'Portal', start_url: '/portal/', scope: '/portal/', display: 'standalone', theme_color: '#37a2d4' });
    // What Chrome asks of an installable app: a 192 px and a 512 px PNG icon, and one an Android launcher may crop.
    expect(manifest.icons).toEqual([
      { src: '/portal/icons/icon-192.png?colour=37a2d4', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/portal/icons/icon-512.png?colour=37a2d4', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/portal/icons/icon-512-maskable.png?colour=37a2d4', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it("is the user's clinic, read from tenant as that user: its name, its home-screen name and its colour", async () => {
    const manifest = (await shell.inject({ url: MANIFEST, headers: asUser(owner()) })).json();
    expect(manifest).toMatchObject({ name: 'Riverside Men’s Health & Wellness · Clinic Portal', short_name: 'Riverside', theme_color: '#0f766e' });
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toEqual([
      '/portal/icons/icon-192.png?colour=0f766e',
      '/portal/icons/icon-512.png?colour=0f766e',
      '/portal/icons/icon-512-maskable.png?colour=0f766e',
    ]);
  });

  it('is the neutral one for a signature the gateway did not make, an admin, or an agency read-only view', async () => {
    for (const headers of [
      asUser(owner(), 'not-the-secret-of-this-deployment'),
      asUser({ kind: 'admin', userId: 1, email: 'admin@agency.test' }),
      asUser({ ...owner(), role: 'viewer', viewAs: true }),
    ]) {
      expect((await shell.inject({ url: MANIFEST, headers })).json()).toMatchObject({ name: 'Clinic Portal', theme_color: '#37a2d4' });
    }
  });

  it('is the neutral one, never an error, when tenant does not answer', async () => {
    const orphan = await shellOver('http://127.0.0.1:9');
    const res = await orphan.inject({ url: MANIFEST, headers: asUser(owner()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Clinic Portal', short_name: 'Portal' });
  });
});

describe('GET /portal/icons/{file}', () => {
  it.each([
    ['icon-180-maskable.png', 180, true],
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-512-maskable.png', 512, true],
  ] as const)('draws %s in the colour of its address, cached for a year', async (file, size, maskable) => {
    const res = await shell.inject({ url: `/portal/icons/${file}?colour=0F766E` });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });
    const png = sharp(res.rawPayload);
    expect(await png.metadata()).toMatchObject({ format: 'png', width: size, height: size });
    const { data, info } = await png.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    // The clinic's colour fills the square (a maskable icon to its corners; the other is rounded, its corner clear)…
    expect(pixel(Math.round(size * 0.1), Math.round(size * 0.5))).toEqual([0x0f, 0x76, 0x6e, 255]);
    expect(pixel(0, 0)[3]).toBe(maskable ? 255 : 0);
    // …with the cross in a readable ink at its centre.
    expect(pixel(size / 2, size / 2)).toEqual([255, 255, 255, 255]);
  });

  it('refuses a colour that is not six hex digits (400) and a size it does not draw (404), in words', async () => {
    for (const query of ['', '?colour=red', '?colour=%2337a2d4', '?colour=37a2d4ff']) {
      const res = await shell.inject({ url: `/portal/icons/icon-192.png${query}` });
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().message).toMatch(/colour/);
    }
    for (const file of ['icon-64.png', 'icon-192.svg', 'favicon.ico', 'icon-5120.png']) {
      const res = await shell.inject({ url: `/portal/icons/${file}?colour=37a2d4` });
      expect([file, res.statusCode]).toEqual([file, 404]);
      expect(res.json().message).toBe('No such portal icon: the icons are icon-{180,192,512}[-maskable].png');
    }
  });
});

describe('offline', () => {
  it("serves the offline page: 'You are offline', a 'Try again' that works without script, no clinic's data", async () => {
    const res = await shell.inject({ url: '/portal/offline' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    expect(res.body).toContain('<h1>You are offline</h1>');
    expect(res.body).toContain('<a href="">Try again</a>');
    expect(res.body).not.toMatch(/<script/);
  });

  it('serves the worker that keeps it, scoped to /portal/', async () => {
    const res = await shell.inject({ url: '/portal-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/portal/' });
    expect(res.body).toContain("const OFFLINE_URL = '/portal/offline'");
  });
});

describe('the portal page', () => {
  it('links the manifest, asked for with the session cookie, and the home-screen icon of an iPhone; the admin links none', async () => {
    for (const url of ['/portal/leads', '/portal/accept-invite']) {
      const portal = await shell.inject({ url });
      expect(portal.body).toContain('<link rel="manifest" href="/portal/manifest.webmanifest" crossorigin="use-credentials" />');
      expect(portal.body).toContain('<link rel="apple-touch-icon" href="/portal/icons/icon-180-maskable.png?colour=37a2d4" />');
    }
    const admin = await shell.inject({ url: '/admin/clients' });
    expect(admin.body).not.toContain('rel="manifest"');
  });

  it("leaves them out of the login's first paint: the portal's script adds them once the visitor starts (bench:pages)", async () => {
    const login = await shell.inject({ url: '/portal/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toContain('rel="manifest"');
  });
});
