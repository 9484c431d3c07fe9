import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { buildGateway, sessionCookie } from '../helpers/gateway';

/**
 * The page renderer's side of the wire: records what the gateway sends and
 * answers with a page. (The gateway's forwarding is under test here, not the
 * public shell, which has its own tests.)
 */
async function startRecordingUpstream() {
  const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>page</title><main>rendered</main>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('page routes and the admin remote', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hap-admin-remote-'));
  let shell: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let unbuilt: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'remoteEntry.js'), 'export const get = () => null;\n');
    writeFileSync(join(dir, 'mf-manifest.json'), '{"name":"admin"}');
    writeFileSync(join(dir, 'assets', 'AdminApp-3f2a9c1b.js'), 'export default 1;\n');
    shell = await startRecordingUpstream();
    gateway = buildGateway({ PUBLIC_SHELL_URL: shell.url, ADMIN_REMOTE_DIR: dir }).app;
    unbuilt = buildGateway({ PUBLIC_SHELL_URL: shell.url, ADMIN_REMOTE_DIR: join(dir, 'missing') }).app;
    await Promise.all([gateway.ready(), unbuilt.ready()]);
  });
  afterAll(async () => {
    await gateway?.close();
    await unbuilt?.close();
    await shell?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    shell.received.length = 0;
  });

  it('proxies a page to the public shell with the visitor host and the request id, and no identity', async () => {
    const res = await request(gateway.server)
      .get('/services/weight-loss?client=2')
      .set('host', 'apexmenshealth.com')
      .set('x-request-id', 'page-req-1')
      .set('x-hap-identity', 'forged')
      .set('cookie', `hap_sid=${'A'.repeat(43)}; consent=yes`);

    expect(res.status).toBe(200);
    expect(res.text).toContain('rendered');
    expect(res.headers['x-request-id']).toBe('page-req-1');
    expect(shell.received).toHaveLength(1);
    const [seen] = shell.received;
    expect(seen.url).toBe('/services/weight-loss?client=2');
    expect(seen.headers['x-forwarded-host']).toBe('apexmenshealth.com');
    expect(seen.headers['x-request-id']).toBe('page-req-1');
    expect(seen.headers['x-hap-identity']).toBeUndefined();
    expect(seen.headers.cookie).toBe('consent=yes');
  });

  it('proxies HEAD and the shell assets, and the home page', async () => {
    expect((await request(gateway.server).head('/')).status).toBe(200);
    expect((await request(gateway.server).get('/assets/index-abc123.js')).status).toBe(200);
    expect(shell.received.map((r) => `${r.method} ${r.url}`)).toEqual(['HEAD /', 'GET /assets/index-abc123.js']);
  });

  it('serves hashed admin files for a year and the federation entry points with no-cache', async () => {
    const hashed = await request(gateway.server).get('/remotes/admin/assets/AdminApp-3f2a9c1b.js');
    const entry = await request(gateway.server).get('/remotes/admin/remoteEntry.js');
    const manifest = await request(gateway.server).get('/remotes/admin/mf-manifest.json');

    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(shell.received).toEqual([]);
  });

  it('answers a missing admin file with the JSON 404', async () => {
    const res = await request(gateway.server).get('/remotes/admin/assets/nope.js');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it('says so when the admin app is not built', async () => {
    const res = await request(unbuilt.server).get('/remotes/admin/remoteEntry.js');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The admin app is not built yet. Build it with npm run build:web.',
    });
  });

  it('does not set a session cookie on pages', async () => {
    const res = await request(gateway.server).get('/');
    expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
  });
});
