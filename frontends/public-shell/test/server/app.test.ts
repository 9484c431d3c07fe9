import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { LEAD_FORM_PATH, PAGE_BOOT_SCRIPT, type ClinicTracking, type PageContext } from '@hap/contracts';
import { signIdentity } from '@hap/service-kit/identity';
import type { FastifyInstance } from 'fastify';
import { adminRemoteAssets, type AdminRemoteAssets } from '../../server/admin-remote-assets';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import type { PageContentLoader, PageContentRequest, PageContentResult, PageContextLoader, PageContextResult, PageRequest } from '../../server/page-context';
import { TRACKING_ENTRY_SOURCE } from '../../server/page-sources';
import type { SsrModule } from '../../server/ssr-module';
import * as entryServer from '../../src/entry-server';
import { clinicBranding, pageTemplate, trtLanding as trtLandingOf } from '../helpers/pages';

/**
 * The server with the real SSR entry (compiled from src/ by Jest) and a
 * stand-in for the one gateway call, so what a page does with each answer
 * of /api/page-context is seen over HTTP.
 */
const template = pageTemplate;

const apex = clinicBranding({ address: '1 Main Street' });

let dist: string;
let app: FastifyInstance;
let calls: PageRequest[];
let answer: PageContextResult;
let contentCalls: PageContentRequest[];
let content: PageContentResult;
let ssr: SsrModule;

const pageContext: PageContextLoader = async (request) => {
  calls.push(request);
  return answer;
};

const pageContent: PageContentLoader = async (request) => {
  contentCalls.push(request);
  return content;
};

const trtLanding = trtLandingOf({ name: 'Apex TRT Program', metaDescription: 'TRT at Apex.' });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'public-shell-'));
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'admin', 'assets', 'admin'), { recursive: true });
  const script = 'console.log("a page script");'.repeat(20);
  writeFileSync(join(dist, 'client', 'assets', 'index-abc.js'), script);
  writeFileSync(join(dist, 'client', 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'admin', 'assets', 'admin', 'admin-def.js'), 'export {};');
  // The build copies public/portal-sw.js to the client's root.
  writeFileSync(join(dist, 'client', 'portal-sw.js'), readFileSync(join(__dirname, '..', '..', 'public', 'portal-sw.js')));
  // A copy, so a test can make render fail.
  ssr = { ...entryServer };
  app = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
    bundle: { ssr, templates: { page: template('/assets/index-abc.js'), admin: template('/assets/admin/admin-def.js') } },
    dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
    pageContext,
    pageContent,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  calls = [];
  contentCalls = [];
  answer = { context: { resolution: { clientId: 2, source: 'query' }, client: apex, staff: [] } satisfies PageContext };
  content = { content: { services: [{ id: 6, name: 'Apex TRT Program', description: 'TRT.', slug: 'trt', offer: null, image: null }], landing: null } };
  ssr.render = entryServer.render;
});

describe('GET /healthz', () => {
  it('answers that the process is up without asking the gateway (infra/k8s liveness)', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { service: 'public-shell', status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(calls).toEqual([]);
  });
});

describe('GET /thanks', () => {
  it("renders the clinic's thank-you page from the clinic alone, noindex and never stored", async () => {
    const res = await app.inject({ url: '/thanks?client=2&ref=0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-page="thanks"');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('Thank You for Contacting Us!');
    expect(res.body).toContain('0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(calls).toHaveLength(1);
    expect(contentCalls).toHaveLength(0);
  });

  // docs/public-site.md#pages-and-routes: 'a generic Thank You fallback on error or no client'. Tenant resolves a ?client= that names no
  // clinic (never made, or deleted) to another one (the session's, else client 1): the page must not name that one.
  it.each([
    ['an unknown clinic, resolved to client 1 by default', '/thanks?client=987654321&ref=0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11', 'default'],
    ["a deleted clinic, resolved to the session's clinic", '/thanks?client=4242', 'session'],
  ] as const)('is the generic thank-you for %s, naming no clinic', async (_case, url, source) => {
    answer = { context: { resolution: { clientId: 2, source }, client: apex, staff: [] } };
    const res = await app.inject({ url, headers: { cookie: 'currentClientId=2' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Thank You<\/h1>/);
    expect(res.body).toMatch(/We(&#39;|&#x27;|')ve received your information and will be in touch shortly\./);
    expect(res.body).not.toContain(apex.name);
    expect(res.body).not.toContain('Thank You for Contacting Us!');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("names the clinic when its host names it, whatever the ?client= says", async () => {
    answer = { context: { resolution: { clientId: 2, source: 'host' }, client: apex, staff: [] } };
    const res = await app.inject({ url: '/thanks?client=4242' });
    expect(res.body).toContain('Thank You for Contacting Us!');
    expect(res.body).toContain(`${apex.name} has received your request`);
  });

  it('is the generic thank-you when the clinic could not be resolved', async () => {
    answer = { context: null, problem: 'page-context failed: down' };
    const res = await app.inject({ url: '/thanks' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Thank You<\/h1>/);
    expect(res.body).toMatch(/We(&#39;|&#x27;|')ve received your information and will be in touch shortly\./);
  });
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
    answer = { context: { resolution: { clientId: 2, source: 'session' }, client: apex, staff: [] } };
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

  it("asks the catalogue for the resolved clinic's services and links them", async () => {
    const res = await app.inject({ url: '/?client=2', headers: { 'x-request-id': 'req-2' } });
    expect(contentCalls).toEqual([{ clientId: 2, servicePath: undefined, requestId: 'req-2', forwardedFor: undefined }]);
    expect(res.body).toContain('Apex TRT Program');
    expect(res.body).toContain('href="/trt?client=2"');
  });

  it('renders a service page with its content, title, description and canonical URL', async () => {
    content = { content: { services: [], landing: trtLanding } };
    const res = await app.inject({ url: '/trt?client=2', headers: { 'x-forwarded-host': 'www.apex.example', 'x-forwarded-proto': 'https' } });
    expect(contentCalls[0]).toMatchObject({ clientId: 2, servicePath: 'trt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-page="service"');
    expect(res.body).toContain('<title>Apex TRT Program | Apex Health</title>');
    expect(res.body).toContain('<meta name="description" content="TRT at Apex." />');
    expect(res.body).toContain('<link rel="canonical" href="https://www.apex.example/trt" />');
    expect(res.body).toContain('Get Your Energy Back');
  });

  it("renders the lead form so the browser can post it without script: the leads service's action and the hidden fields", async () => {
    content = { content: { services: [], landing: trtLanding } };
    const res = await app.inject({ url: '/trt?client=2&style=c' });
    const form = /<form class="lp-form"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${LEAD_FORM_PATH}"`);
    const hidden = (name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(res.body)?.[1];
    expect(hidden('clientId')).toBe('2');
    expect(hidden('serviceId')).toBe(String(trtLanding.content.service.id));
    // The consent as the version of the sentence shown (the server records its own sentence of it).
    expect(hidden('consentVersion')).toBe('lead-form-v1');
    expect(hidden('consentText')).toBeUndefined();
    expect(hidden('styleVariant')).toBe('c');
    // The page's address (the way back for a post without script), without campaign parameters: the
    // page is the same HTML for every visitor (server/page-cache.ts); the browser adds them.
    expect(hidden('landingUrl')).toBe('/trt?client=2&amp;style=c');
  });

  it('shows the not-found screen with HTTP 404 for a service the clinic does not offer', async () => {
    const res = await app.inject({ url: '/botox?client=2' });
    expect(contentCalls[0]).toMatchObject({ servicePath: 'botox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('404 Page Not Found');
  });

  it("shows 'Service Not Available' with HTTP 503 when the catalogue did not answer", async () => {
    content = { content: null, problem: 'page-content failed: The gateway service is temporarily unavailable.' };
    const res = await app.inject({ url: '/trt?client=2' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Service Not Available');
    expect(res.body).toContain('Failed to load service content');
  });

  it("shows a clinic's own /weight-management service, else the spec's mapped weight-loss service", async () => {
    content = { content: { services: [], landing: trtLanding } };
    await app.inject({ url: '/weight-management?client=2' });
    expect(contentCalls.map((c) => c.servicePath)).toEqual(['weight-management']);

    contentCalls = [];
    content = { content: { services: [], landing: null } };
    const res = await app.inject({ url: '/weight-management?client=2' });
    expect(contentCalls.map((c) => c.servicePath)).toEqual(['weight-management', 'weight-loss']);
    expect(res.statusCode).toBe(404);
  });

  it('keeps a forged host out of the canonical URL', async () => {
    content = { content: { services: [], landing: trtLanding } };
    const res = await app.inject({ url: '/trt', headers: { 'x-forwarded-host': 'evil.example"><script>' } });
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/trt" />');
    expect(res.body).not.toContain('evil.example');
  });

  it('sends a path that is a lost query back home with it', async () => {
    const res = await app.inject({ url: '/%3Fclient=3' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?client=3');
    expect(calls).toEqual([]);
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

describe("when a page's script runs (src/pages/hydration.ts)", () => {
  const atLoad = `<script data-src="/assets/index-abc.js" data-now>${PAGE_BOOT_SCRIPT}</script>`;
  const whenActed = `<script data-src="/assets/index-abc.js" data-preload="">${PAGE_BOOT_SCRIPT}</script>`;

  it('gives a page that waits for its visitor the boot loader that preloads its script after load', async () => {
    const res = await app.inject({ url: '/?client=2' });
    expect(res.body).toContain(whenActed);
    // The template's module script tag is gone: the loader brings the entry.
    expect(res.body).not.toContain('<script type="module"');

    content = { content: { services: [], landing: trtLanding } };
    const landing = await app.inject({ url: '/trt?client=2' });
    expect(landing.body).toContain(whenActed);
  });

  it('runs the script at once on a page that changes without the visitor', async () => {
    const variant = await app.inject({ url: '/?client=2&variant=b' });
    expect(variant.body).toContain(atLoad);
    expect(variant.body).not.toContain('<script type="module"');

    content = { content: { services: [], landing: { ...trtLanding, content: { ...trtLanding.content, service: { ...trtLanding.content.service, formEmbedCode: '<form></form>' } } } } };
    const embedded = await app.inject({ url: '/trt?client=2' });
    expect(embedded.body).toContain(atLoad);
  });
});

describe('pages that need no clinic', () => {
  it('serves the portal’s service worker at /portal-sw.js, scoped to /portal/, revalidated, without a page call', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/portal/' });
    expect(res.body).toContain("addEventListener('push'");
    expect(calls).toEqual([]);
  });

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

  it("renders /onboard's first step in the agency's colours, whatever the host's clinic, without asking the gateway", async () => {
    const res = await app.inject({ url: '/onboard?client=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Create your clinic&#x27;s account');
    expect(res.body).toContain('Business Name');
    expect(res.body).toMatch(/aria-valuenow="33"/);
    expect(res.body).toContain('--brand:#2563eb');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
    expect(calls).toEqual([]);
  });
});

describe('page cache headers', () => {
  const SHARED = 'public, max-age=30, stale-while-revalidate=60, stale-if-error=86400';
  const chosenBy = (source: PageContext['resolution']['source']) => {
    answer = { context: { resolution: { clientId: 2, source }, client: apex, staff: [] } };
  };

  it.each(['host', 'path'] as const)('lets browsers and a CDN keep a page whose clinic came from the %s for 30 s, still with its ETag', async (source) => {
    chosenBy(source);
    const res = await app.inject({ url: '/', headers: { 'x-forwarded-host': 'www.apex.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SHARED);
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await app.inject({ url: '/', headers: { 'x-forwarded-host': 'www.apex.example', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it.each(['session', 'default'] as const)('revalidates every view of a page whose clinic came from the %s (the cookie can change, the URL does not)', async (source) => {
    chosenBy(source);
    const res = await app.inject({ url: '/', headers: { cookie: 'currentClientId=2' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^W\//);
  });

  it('revalidates a page that sets the currentClientId cookie from ?client=', async () => {
    const res = await app.inject({ url: '/?client=2' });
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not let the browser keep a page rendered with fallbacks', async () => {
    answer = { context: null, problem: 'page-context failed: The gateway service is temporarily unavailable.' };
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');

    chosenBy('host');
    content = { content: null, problem: 'page-content failed: The gateway service is temporarily unavailable.' };
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['the not-found page', '/no/such/page', 404],
    ["'Service Not Available'", '/trt', 503],
  ])('does not store %s', async (_what, url, status) => {
    chosenBy('host');
    if (status === 503) content = { content: null, problem: 'page-content failed: The gateway service is temporarily unavailable.' };
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not store the error page', async () => {
    chosenBy('host');
    ssr.render = () => {
      throw new Error('render broke');
    };
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('revalidates the /admin shell', async () => {
    const res = await app.inject({ url: '/admin/clients' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe("an admin's preview (?preview=1 with the admin the gateway signed onto it, ARCHITECTURE.md)", () => {
  const secret = readConfig({}).INTERNAL_SECRET;
  const admin = { kind: 'admin' as const, userId: 4, email: 'admin@example.com', session: 'a-session-tag' };
  /** The headers the gateway's page proxy adds for an admin's preview: the identity signed over this method and URL. */
  const signedFor = (url: string, identity: Parameters<typeof signIdentity>[3] = admin, key = secret) => signIdentity(key, 'GET', url, identity);
  const notLive = { ...trtLanding, content: { ...trtLanding.content, service: { ...trtLanding.content.service, id: 0, isActive: false } } };

  it('asks the catalogue as the admin and renders the not-live preview: no form, noindex, never stored', async () => {
    answer = { context: { resolution: { clientId: 2, source: 'host' }, client: apex, staff: [] } };
    content = { content: { services: [], landing: notLive } };
    const res = await app.inject({ url: '/trt?preview=1', headers: signedFor('/trt?preview=1') });
    expect(res.statusCode).toBe(200);
    expect(contentCalls).toEqual([expect.objectContaining({ clientId: 2, servicePath: 'trt', previewAdmin: admin })]);
    expect(res.body).toContain('Preview: not live yet. Visitors see the not-found page here until Apex TRT Program is active for Apex Health.');
    expect(res.body).toContain('The form takes requests once this service is live.');
    expect(res.body).not.toContain('type="submit"');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    // A host-chosen page would otherwise be kept for 30 s.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('names nobody for a forged, replayed or non-admin identity, or on a page that is not a preview', async () => {
    const requests = [
      // Signed with another secret.
      { url: '/trt?preview=1', headers: signedFor('/trt?preview=1', admin, 'a-guessed-secret-of-some-length') },
      // Signed for another page: a signature is bound to its method and URL.
      { url: '/hair?preview=1', headers: signedFor('/trt?preview=1') },
      // Stale: the gateway signed it more than a minute ago.
      { url: '/trt?preview=1', headers: signIdentity(secret, 'GET', '/trt?preview=1', admin, Date.now() - 120_000) },
      // Not an admin.
      { url: '/trt?preview=1', headers: signedFor('/trt?preview=1', { kind: 'service', service: 'public-shell' }) },
      // Not a preview.
      { url: '/trt', headers: signedFor('/trt') },
      { url: '/?preview=1', headers: signedFor('/?preview=1') },
    ];
    for (const request of requests) await app.inject(request);
    expect(contentCalls.map((c) => c.previewAdmin)).toEqual(requests.map(() => undefined));
  });

  it("renders a visitor's preview of a live service with its form", async () => {
    content = { content: { services: [], landing: trtLanding } };
    const res = await app.inject({ url: '/trt?preview=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Preview: this is how the page looks to visitors');
    expect(res.body).not.toContain('The form takes requests once this service is live.');
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

describe('tracking (docs/public-site.md, ARCHITECTURE.md)', () => {
  const settings: ClinicTracking = {
    googleAdsTagId: 'AW-123456789',
    googleAnalyticsId: 'G-ABC123XYZ',
    facebookPixelId: '1234567890',
    trackingEnabled: true,
    conversionTrackingEnabled: true,
  };
  let trackingDist: string;
  let tracked: FastifyInstance;
  let clinicTracking: ClinicTracking | null;

  beforeAll(async () => {
    trackingDist = mkdtempSync(join(tmpdir(), 'public-shell-tracking-'));
    mkdirSync(join(trackingDist, 'client', '.vite'), { recursive: true });
    mkdirSync(join(trackingDist, 'admin', 'assets', 'admin'), { recursive: true });
    writeFileSync(
      join(trackingDist, 'client', '.vite', 'manifest.json'),
      JSON.stringify({ [TRACKING_ENTRY_SOURCE]: { file: 'assets/tracking-xyz.js', isEntry: true, src: TRACKING_ENTRY_SOURCE } }),
    );
    tracked = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
      bundle: { ssr: entryServer, templates: { page: template('/assets/index-abc.js'), admin: template('/assets/admin/admin-def.js') } },
      dirs: { client: join(trackingDist, 'client'), admin: join(trackingDist, 'admin') },
      // The clinic's tracking settings come with its page context (tenant's GET /api/page-context).
      pageContext: async (request) => {
        const answered = await pageContext(request);
        return answered.context ? { ...answered, context: { ...answered.context, tracking: clinicTracking } } : answered;
      },
      pageContent,
    });
  });
  afterAll(async () => {
    await tracked.close();
    rmSync(trackingDist, { recursive: true, force: true });
  });
  beforeEach(() => {
    clinicTracking = settings;
  });

  const configOf = (html: string) => JSON.parse(/<script type="application\/json" id="__HAP_CONFIG__">(.*?)<\/script>/.exec(html)![1]!) as { tracking?: object };

  it('a page of a clinic with tracking on loads the tracking script, names its tags and says which to the gateway', async () => {
    const res = await tracked.inject({ method: 'GET', url: '/?client=2' });
    expect(res.headers['x-hap-page-tags']).toBe('google-ads google-analytics meta-pixel');
    expect(res.body).toContain('<script type="module" fetchpriority="low" src="/assets/tracking-xyz.js"></script>');
    expect(configOf(res.body).tracking).toEqual({ ...settings, conversion: true, view: 'home', linkerDomains: [], trackingEnabled: undefined, conversionTrackingEnabled: undefined });
  });

  it('names the page’s own host to the cross-domain linker', async () => {
    const res = await tracked.inject({ method: 'GET', url: '/?client=2', headers: { 'x-forwarded-host': 'www.apexvitality.com' } });
    expect(configOf(res.body).tracking).toMatchObject({ linkerDomains: ['www.apexvitality.com'] });
  });

  it('a service page: no pixel', async () => {
    content = { content: { services: [], landing: trtLanding } };
    const res = await tracked.inject({ method: 'GET', url: '/trt?client=2' });
    expect(res.headers['x-hap-page-tags']).toBe('google-ads google-analytics');
    expect(configOf(res.body).tracking).toMatchObject({ facebookPixelId: null, view: 'service' });
  });

  it("a form embed's https frames are named to the gateway", async () => {
    content = {
      content: {
        services: [],
        landing: { ...trtLanding, content: { ...trtLanding.content, service: { ...trtLanding.content.service, formEmbedCode: '<iframe src="https://forms.example.com/f/1"></iframe>' } } },
      },
    };
    const res = await tracked.inject({ method: 'GET', url: '/trt?client=2' });
    expect(res.headers['x-hap-page-frames']).toBe('https://forms.example.com');
    // The unified page's hero shows the same embed (src/unified/HeroForm.tsx).
    const unified = await tracked.inject({ method: 'GET', url: '/unified/trt?client=2' });
    expect(unified.body).toContain('u-form-embed');
    expect(unified.headers['x-hap-page-frames']).toBe('https://forms.example.com');
  });

  it('tracking off, or its settings not known: no script, no tags, an empty tag list', async () => {
    for (const value of [{ ...settings, trackingEnabled: false }, null]) {
      clinicTracking = value;
      const res = await tracked.inject({ method: 'GET', url: '/thanks?client=2' });
      expect(res.headers['x-hap-page-tags']).toBe('');
      expect(res.body).not.toContain('tracking-xyz');
      expect(configOf(res.body).tracking).toBeUndefined();
    }
  });

  it('/admin is not a public page: no tracking, no page headers', async () => {
    const res = await tracked.inject({ method: 'GET', url: '/admin/login' });
    expect(res.body).not.toContain('tracking-xyz');
    expect(res.headers['x-hap-page-tags']).toBeUndefined();
  });
});

describe('the /admin/* frame and its preloads', () => {
  let manifestServer: Server;
  let admin: FastifyInstance;
  let assets: AdminRemoteAssets | undefined;

  beforeAll(async () => {
    // The gateway's /remotes/admin/mf-manifest.json, as the remote's build writes it (cut down).
    manifestServer = createServer((req, res) => {
      if (req.url !== '/remotes/admin/mf-manifest.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          metaData: { publicPath: '/remotes/admin/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [
            { name: 'AdminApp', assets: { js: { sync: ['assets/AdminApp-abc.js'] }, css: { sync: ['assets/AdminApp-123.css'] } } },
            { name: 'PortalApp', assets: { js: { sync: ['assets/PortalApp-def.js'] }, css: { sync: ['assets/AdminApp-123.css'] } } },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => manifestServer.listen(0, '127.0.0.1', resolve));
    const gatewayUrl = `http://127.0.0.1:${(manifestServer.address() as AddressInfo).port}`;
    writeFileSync(join(dist, 'admin', 'assets', 'admin', 'admin-frame.css'), '.admin-frame{min-height:100vh}');
    const adminTemplate = template('/assets/admin/admin-def.js').replace(
      '<!--app-head-->',
      '<!--app-head--><link rel="stylesheet" crossorigin href="/assets/admin/admin-frame.css">',
    );
    admin = await buildServer(readConfig({ LOG_LEVEL: 'silent', GATEWAY_URL: gatewayUrl }), {
      bundle: { ssr: entryServer, templates: { page: template('/assets/index-abc.js'), admin: adminTemplate } },
      dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
      pageContext,
      pageContent,
      adminAssets: (log) => (assets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl, timeoutMs: 1000, log })),
    });
    await assets?.refreshing();
  });
  afterAll(async () => {
    await admin.close();
    await new Promise<void>((resolve) => manifestServer.close(() => resolve()));
  });

  it('/admin/login paints a working login form at once, and loads the admin only when the visitor acts', async () => {
    const res = await admin.inject({ url: '/admin/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="admin-frame__title">Admin Login</h1>');
    expect(res.body).toContain('Sign in to manage clients, services and campaigns.');
    // (HTML attribute names have no case; React writes some in camelCase.)
    expect(res.body).toMatch(/<form id="admin-login-frame" class="admin-frame__form" novalidate="">/i);
    expect(res.body).toMatch(/<label for="admin-email" class="admin-frame__label">Email<\/label><input id="admin-email" type="email" autocomplete="username"/i);
    expect(res.body).toMatch(/<input id="admin-password" type="password" autocomplete="current-password"/i);
    // Nothing typed here could travel in a URL: no field has a name.
    expect(res.body).not.toMatch(/<input[^>]*\bname=/);
    expect(res.body).not.toContain('admin-frame--shell');
    // The boot loader, not a module script, runs the admin entry (at the first touch, key or focus).
    // After load it preloads the admin's modules and the remote's (one a task), so they are ready when the visitor acts.
    expect(res.body).toContain(
      `<script data-src="/assets/admin/admin-def.js" data-preload="/remotes/admin/remoteEntry.js /remotes/admin/assets/AdminApp-abc.js">${PAGE_BOOT_SCRIPT}</script>`,
    );
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).not.toMatch(/<script type="module"[^>]*admin-def\.js/);
  });

  it('other admin screens load the admin at once', async () => {
    const res = await admin.inject({ url: '/admin/clients' });
    expect(res.body).toContain('<script type="module" fetchpriority="low" src="/assets/admin/admin-def.js"></script>');
    expect(res.body).not.toContain('data-src=');
  });

  it('the frame’s stylesheet is inside the page: its first paint waits for no request', async () => {
    const res = await admin.inject({ url: '/admin/login' });
    expect(res.body).toContain('<style>.admin-frame{min-height:100vh}</style>');
    expect(res.body).not.toContain('rel="stylesheet"');
  });

  it('/portal/login paints the clinic portal’s login form and loads the portal’s own module when the visitor acts', async () => {
    const res = await admin.inject({ url: '/portal/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Clinic Portal</title>');
    expect(res.body).toContain('<h1 class="admin-frame__title">Clinic Portal</h1>');
    expect(res.body).toMatch(/<form id="admin-login-frame" class="admin-frame__form" novalidate="">/i);
    expect(res.body).toContain('data-preload="/remotes/admin/remoteEntry.js /remotes/admin/assets/PortalApp-def.js"');
    expect(res.body).not.toContain('AdminApp-abc.js');
    // The portal's screens paint its shell, and the pages of e-mailed links a card.
    const leads = await admin.inject({ url: '/portal/leads' });
    expect(leads.body).toContain('Loading your clinic portal...');
    expect(leads.body).toContain('<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/assets/PortalApp-def.js">');
    const invite = await admin.inject({ url: '/portal/accept-invite' });
    expect(invite.body).toContain('admin-frame--login');
    expect(invite.body).not.toContain('admin-frame__form');
  });

  it('other admin screens paint the sidebar and top bar', async () => {
    const res = await admin.inject({ url: '/admin/clients' });
    expect(res.body).toContain('admin-frame--shell');
    expect(res.body).toContain('Loading admin dashboard...');
  });

  it('preloads the remote’s entry, the exposed module and its stylesheet with /admin/*, and with no public page', async () => {
    const adminPage = await admin.inject({ url: '/admin/clients' });
    expect(adminPage.body).toContain('<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/remoteEntry.js">');
    expect(adminPage.body).toContain('<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/assets/AdminApp-abc.js">');
    expect(adminPage.body).toContain('<link rel="preload" as="style" fetchpriority="low" href="/remotes/admin/assets/AdminApp-123.css">');
    // The login page keeps the stylesheet's preload; its loader preloads the modules (above).
    expect((await admin.inject({ url: '/admin/login' })).body).toContain('<link rel="preload" as="style" fetchpriority="low" href="/remotes/admin/assets/AdminApp-123.css">');
    const publicPage = await admin.inject({ url: '/?client=2' });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).not.toMatch(/rel="(module)?preload"[^>]*remotes\/admin/);
  });
});
