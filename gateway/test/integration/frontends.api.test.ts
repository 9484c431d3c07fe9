import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { buildGateway } from '../helpers/gateway';
import { closedPortUrl } from '../helpers/net';

// Pages themselves are rendered by the real public shell in the browser suite
// (infra/e2e): host-based clinic choice, request ids across hops, no session cookie.
describe('the admin remote', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hap-admin-remote-'));
  let gateway: ReturnType<typeof buildGateway>['app'];
  let unbuilt: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'remoteEntry.js'), 'export const get = () => null;\n');
    writeFileSync(join(dir, 'mf-manifest.json'), '{"name":"admin"}');
    writeFileSync(join(dir, 'assets', 'AdminApp-3f2a9c1b.js'), 'export default 1;\n');
    const nowhere = await closedPortUrl();
    gateway = buildGateway({ PUBLIC_SHELL_URL: nowhere, ADMIN_REMOTE_DIR: dir }).app;
    unbuilt = buildGateway({ PUBLIC_SHELL_URL: nowhere, ADMIN_REMOTE_DIR: join(dir, 'missing') }).app;
    await Promise.all([gateway.ready(), unbuilt.ready()]);
  });
  afterAll(async () => {
    await gateway?.close();
    await unbuilt?.close();
    rmSync(dir, { recursive: true, force: true });
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
});
