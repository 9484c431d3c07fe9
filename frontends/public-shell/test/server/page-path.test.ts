import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signIdentity, type Identity } from '@hap/service-kit/identity';
import type { FastifyInstance } from 'fastify';
import { ADMIN } from '@hap/service-kit/testing';
import { SIBLINGS_START_TIMEOUT_MS as START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { adminRemoteAssets, type AdminRemoteAssets } from '../../server/admin-remote-assets';
import { shellOnServices } from '../helpers/shell';

/**
 * The page path without the loop (docs/public-site.md#page-speed): the shell, with
 * its real loaders and SSR entry, renders from the real tenant and templates
 * services (this run's database), while a listening stand-in for the gateway
 * records every request it gets. Pages show the clinic's data and the gateway
 * hears nothing; only the /admin preloads read the admin remote's manifest there.
 */

const secret = process.env.INTERNAL_SECRET ?? '';
const MANIFEST_PATH = '/remotes/admin/mf-manifest.json';

describe('the page path: tenant and templates, never the gateway', () => {
  let services: SiblingTemplates;
  let gateway: Server;
  let toGateway: string[];
  let shell: FastifyInstance;
  let adminAssets: AdminRemoteAssets | undefined;
  let closeShell: (() => Promise<void>) | undefined;
  let clinic: { id: number; name: string };
  let live: { path: string; title: string };
  let paused: { path: string; title: string };

  beforeAll(async () => {
    services = await startTemplatesWithTenant();
    const templatesUrl = services.url;

    toGateway = [];
    gateway = createServer((request, response) => {
      toGateway.push(`${request.method} ${request.url}`);
      const manifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] };
      if (request.url === MANIFEST_PATH) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manifest));
      else response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;

    const created = await services.tenant.api.post('/api/clients', ADMIN).send({ name: 'Harbor Wellness', address: '1 Pier Road', phone: '555-0142' });
    expect(created.status).toBe(201);
    clinic = { id: created.body.data.id as number, name: 'Harbor Wellness' };
    const token = Date.now().toString(36);
    live = { path: `harbor-live-${token}`, title: 'Harbor Live Therapy' };
    paused = { path: `harbor-paused-${token}`, title: 'Harbor Paused Therapy' };
    await createClientService(services.dataSource, clinic.id, (await createTemplate(services.dataSource)).id, { customPath: live.path, customTitle: live.title });
    await createClientService(services.dataSource, clinic.id, (await createTemplate(services.dataSource)).id, {
      customPath: paused.path,
      customTitle: paused.title,
      isActive: false,
    });

    // Built as server.ts builds it, with the admin remote's preloads read from the gateway.
    ({ shell, close: closeShell } = await shellOnServices(services, templatesUrl, {
      distPrefix: 'public-shell-path-',
      env: { INTERNAL_SECRET: secret, GATEWAY_URL: gatewayUrl },
      dependencies: (config) => ({
        adminAssets: (log) => (adminAssets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl: config.GATEWAY_URL, timeoutMs: 2000, log })),
      }),
    }));
    await adminAssets?.refreshing();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await closeShell?.();
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
    await services?.close();
  });

  /** A page as the gateway's page proxy asks for it; `identity`, when given, signed onto it as the proxy does for an admin's preview. */
  const page = (url: string, identity?: Identity, key = secret) =>
    shell.inject({ url, headers: { 'x-forwarded-host': 'harbor.example.com', ...(identity && signIdentity(key, 'GET', url, identity)) } });

  it('asked the gateway for the admin remote’s manifest at start, and for nothing else', () => {
    expect(toGateway).toEqual([`GET ${MANIFEST_PATH}`]);
  });

  it('renders the home page, a landing page and an admin’s preview from tenant and templates, with no request to the gateway', async () => {
    toGateway.length = 0;

    const home = await page(`/?client=${clinic.id}`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<title>${clinic.name}</title>`);
    expect(home.body).toContain(`<h3 class="service-card__title">${live.title}</h3>`);
    expect(home.body).not.toContain(paused.title);

    const landing = await page(`/${live.path}?client=${clinic.id}`);
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain(live.title);
    expect(landing.body).toContain(clinic.name);
    expect(landing.body).toContain('type="submit"');

    const admin = { kind: 'admin' as const, userId: 7, email: 'preview-admin@example.com', session: 'a-session-tag' };
    const preview = await page(`/${paused.path}?client=${clinic.id}&preview=1`, admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(`Preview: not live yet. Visitors see the not-found page here until ${paused.title} is active for ${clinic.name}.`);
    expect(preview.headers['cache-control']).toBe('no-store');

    expect(toGateway).toEqual([]);
  });

  it('shows no preview for a forged admin identity, a visitor’s, or one signed for another page: the not-found page', async () => {
    const url = `/${paused.path}?client=${clinic.id}&preview=1`;
    const admin = { kind: 'admin' as const, userId: 7, email: 'preview-admin@example.com' };
    const forged = await page(url, admin, 'a-guessed-secret-of-some-length');
    const replayed = await shell.inject({ url, headers: signIdentity(secret, 'GET', `/${live.path}?client=${clinic.id}&preview=1`, admin) });
    const visitor = await page(url);
    for (const res of [forged, replayed, visitor]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Preview: not live yet');
      expect(res.body).not.toContain(paused.title);
    }
  });
});
