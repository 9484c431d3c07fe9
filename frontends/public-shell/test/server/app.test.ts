import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { ClientBranding, PageContext } from '@hap/contracts';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import type { PageContextLoader, PageContextResult, PageRequest } from '../../server/page-context';
import type { SsrModule } from '../../server/ssr-module';
import * as entryServer from '../../src/entry-server';

/**
 * The server with the real SSR entry (compiled from src/ by Jest) and a
 * stand-in for the one gateway call, so what a page does with each answer
 * of /api/page-context is seen over HTTP.
 */
const template = (entry: string) =>
  `<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--><script type="module" src="${entry}"></script></body></html>`;

const apex: ClientBranding = {
  id: 2,
  name: 'Apex Health',
  address: '1 Main Street',
  phone: '555-0100',
  email: null,
  website: null,
  brandColor: '#004aad',
  brandBgColor: '#004aad',
  logoPath: null,
  officeImagePath: null,
  bookingLink: null,
};

let dist: string;
let app: FastifyInstance;
let calls: PageRequest[];
let answer: PageContextResult;
let ssr: SsrModule;

const pageContext: PageContextLoader = async (request) => {
  calls.push(request);
  return answer;
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'public-shell-'));
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'admin', 'assets', 'admin'), { recursive: true });
  const script = 'console.log("a page script");'.repeat(20);
  writeFileSync(join(dist, 'client', 'assets', 'index-abc.js'), script);
  writeFileSync(join(dist, 'client', 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'admin', 'assets', 'admin', 'admin-def.js'), 'export {};');
  // A copy, so a test can make render fail.
  ssr = { ...entryServer };
  app = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
    bundle: { ssr, templates: { page: template('/assets/index-abc.js'), admin: template('/assets/admin/admin-def.js') } },
    dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
    pageContext,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  calls = [];
  answer = { context: { resolution: { clientId: 2, source: 'query' }, client: apex } satisfies PageContext };
  ssr.render = entryServer.render;
});

describe('GET / (a public page)', () => {
  it('renders the clinic of the one page-context answer and remembers ?client=', async () => {
    const res = await app.inject({
      url: '/?client=2',
      headers: { host: 'shell', 'x-forwarded-host': 'www.apex.example', 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-request-id': 'req-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Apex Health</title>');
    expect(res.body).toContain('data-page="home"');
    expect(res.body).toContain('--brand:#004aad');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['set-cookie']).toBe('currentClientId=2; Path=/; HttpOnly; SameSite=Lax');
    expect(calls).toEqual([
      { host: 'www.apex.example', path: '/', client: '2', session: undefined, requestId: 'req-1', forwardedFor: '203.0.113.9' },
    ]);
  });

  it('passes the currentClientId cookie on and sets none when the clinic came from it', async () => {
    answer = { context: { resolution: { clientId: 2, source: 'session' }, client: apex } };
    const res = await app.inject({ url: '/home', headers: { cookie: 'currentClientId=2' } });
    expect(calls[0]).toMatchObject({ path: '/home', session: '2', client: undefined });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('renders with the fallback branding when the gateway call failed', async () => {
    answer = { context: null, problem: 'page-context failed: The gateway service is temporarily unavailable.' };
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Wellness Clinic</title>');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/' });
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('404 Page Not Found');
    expect(res.body).toContain('data-page="not-found"');
  });

  it('sends the error page with HTTP 500 when rendering fails', async () => {
    ssr.render = () => {
      throw new Error('render broke');
    };
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('data-page="error"');
    expect(res.body).toContain('Something went wrong');
  });
});

describe('pages that need no clinic', () => {
  it('redirects /login to the admin login, keeping the query', async () => {
    const res = await app.inject({ url: '/login?next=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login?next=1');
    expect(calls).toEqual([]);
  });

  it('serves /admin/* from the admin template without calling the gateway', async () => {
    const res = await app.inject({ url: '/admin/clients' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('src="/assets/admin/admin-def.js"');
    expect(res.body).toContain('Loading admin dashboard...');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('{"adminRemoteUrl":"/remotes/admin/remoteEntry.js"}');
    expect(res.body).not.toContain('__HAP_STATE__');
    expect(calls).toEqual([]);
  });
});

describe('GET /assets/*', () => {
  it('serves a hashed asset pre-compressed with a year-long immutable cache', async () => {
    const res = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it("serves the admin entry's assets too", async () => {
    expect((await app.inject({ url: '/assets/admin/admin-def.js' })).statusCode).toBe(200);
  });

  it.each(['/assets/missing', '/assets/admin/missing.js'])('answers a missing %s with a plain, uncached 404', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('Not Found');
  });
});

describe('anything else', () => {
  it("answers other methods with the product's error envelope", async () => {
    const res = await app.inject({ method: 'POST', url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', message: 'No such API route. (POST /)' });
  });
});
