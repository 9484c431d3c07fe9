import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pageViewKeys, type ClientBranding, type PageContext } from '@hap/contracts';
import { createContentCache, TEMPLATES_PAGE_CACHE, TENANT_PAGE_CACHE, type ContentCache } from '@hap/service-kit/content-cache';
import { signIdentity } from '@hap/service-kit/identity';
import { Redis } from 'ioredis';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { metricSample } from '@hap/test-kit/metrics-sample';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { createPageCache, encodingFor, type PageCache, type PageCacheOptions } from '../../server/page-cache';
import { createPageContentLoader, createPageContextLoader, type PageContentLoader, type PageContentRequest, type PageContextLoader, type PageRequest } from '../../server/page-context';
import { createPageViewCounter, type PageViewCounter } from '../../server/page-views';
import * as entryServer from '../../src/entry-server';
import { clinicBranding, pageTemplate, trtLanding } from '../helpers/pages';

/**
 * The rendered-page cache (server/page-cache.ts) through the real server and
 * SSR entry, with stand-ins for tenant's and templates' answers that a test
 * can take down, and real Redis carrying tenant's and templates'
 * invalidations (the kit's content cache publishes them exactly as those
 * services do after an admin's write).
 */
const template = pageTemplate();

const MAPPED_HOST = 'www.apex.example';
const secret = readConfig({}).INTERNAL_SECRET;

/** Each clinic's name as tenant says it now (a test renames one, as an admin would). */
let names: Record<number, string>;
let headline: string;
let tenantDown: boolean;
let templatesDown: boolean;
/** While set, both stand-ins wait for it (a render in flight). */
let gate: Promise<void> | null;
let contextCalls: PageRequest[];
let contentCalls: PageContentRequest[];

const branding = (id: number): ClientBranding => clinicBranding({ id, name: names[id] ?? `Clinic ${id}` });

/** Tenant's resolution (docs/public-site.md#choosing-the-clinic): the mapped host, then ?client= (2 and 3 exist), then the cookie, then client 1. */
function resolve({ host, client, session }: PageRequest): PageContext['resolution'] {
  if (host === MAPPED_HOST) return { clientId: 2, source: 'host' };
  if (client === '2' || client === '3') return { clientId: Number(client), source: 'query' };
  if (session === '2' || session === '3') return { clientId: Number(session), source: 'session' };
  return { clientId: 1, source: 'default' };
}

const pageContext: PageContextLoader = async (request) => {
  contextCalls.push(request);
  await gate;
  if (tenantDown) return { context: null, problem: 'page-context failed: connect ECONNREFUSED 127.0.0.1:4101' };
  const resolution = resolve(request);
  return { context: { resolution, client: branding(resolution.clientId), staff: [] } };
};

const landing = (clientId: number) => trtLanding({ clientId, headline });

const pageContent: PageContentLoader = async (request) => {
  contentCalls.push(request);
  await gate;
  if (templatesDown) return { content: null, problem: 'page-content failed: connect ECONNREFUSED 127.0.0.1:4103' };
  const offered = request.servicePath === undefined || request.servicePath === 'trt';
  return {
    content: {
      services: [{ id: 6, name: 'TRT Program', description: 'TRT.', slug: 'trt', offer: null, image: null }],
      landing: offered && request.servicePath ? landing(request.clientId) : null,
    },
  };
};

let dist: string;
/** This file's Redis channels: a prefix of its own, so no other test run's messages reach it. */
const redis = { url: process.env.REDIS_URL as string, prefix: `${process.env.REDIS_PREFIX}_pages_${randomBytes(4).toString('hex')}` };
let time: number;
const opened: Array<{ app: FastifyInstance; cache: PageCache }> = [];

/** A shell process with its page cache (the clock is the test's). */
async function shell(
  options: Partial<PageCacheOptions> = {},
  loaders: { pageContext: PageContextLoader; pageContent: PageContentLoader } = { pageContext, pageContent },
  pageViews?: PageViewCounter,
) {
  let cache: PageCache | undefined;
  const app = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
    bundle: { ssr: entryServer, templates: { page: template, admin: template } },
    dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
    ...loaders,
    pageViews: pageViews && (() => pageViews),
    pageCache: (server) =>
      (cache = createPageCache({ redis, ttlMs: 60_000, staleMs: 86_400_000, maxBytes: 8 * 1_048_576, metrics: server.metrics, now: () => time, settleMs: 0, ...options })),
  });
  await app.ready();
  opened.push({ app, cache: cache! });
  return { app, cache: cache! };
}

/** What tenant (or templates) does after an admin's write commits: its content cache's invalidation, through Redis. */
const publishers: ContentCache[] = [];
async function adminChangeIn(cacheName: string) {
  const publisher = createContentCache({ name: cacheName, redis, ttlMs: 60_000, maxEntries: 10 });
  publishers.push(publisher);
  await publisher.start();
  await publisher.invalidate();
}

const waitFor = async (check: () => boolean | Promise<boolean>, what: string, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const cacheOf = (res: LightMyRequestResponse) => res.headers['x-page-cache'];
const hidden = (html: string, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'public-shell-cache-'));
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'admin', 'assets', 'admin'), { recursive: true });
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

beforeEach(() => {
  names = { 1: 'Wellness One', 2: 'Apex Health', 3: 'Lumiere Spa' };
  headline = 'Get Your Energy Back';
  tenantDown = false;
  templatesDown = false;
  gate = null;
  contextCalls = [];
  contentCalls = [];
  time = Date.now();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
  await Promise.all(publishers.splice(0).map((p) => p.close()));
});

const mapped = { 'x-forwarded-host': MAPPED_HOST, 'x-forwarded-proto': 'https' };

describe('the page cache', () => {
  it('renders a page once and serves the next visits from memory, with the same body, ETag and page headers', async () => {
    const { app } = await shell();
    const first = await app.inject({ url: '/trt', headers: mapped });
    expect(first.statusCode).toBe(200);
    expect(cacheOf(first)).toBe('miss');
    expect(first.body).toContain('Get Your Energy Back');

    const second = await app.inject({ url: '/trt', headers: mapped });
    expect(cacheOf(second)).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-hap-page-tags']).toBe(first.headers['x-hap-page-tags']);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(contextCalls).toHaveLength(1);
    expect(contentCalls).toHaveLength(1);
  });

  it('lets a CDN hold a page chosen by its host briefly and serve it stale while it revalidates, and answers 304 to its ETag', async () => {
    const { app } = await shell();
    const first = await app.inject({ url: '/trt', headers: mapped });
    const hit = await app.inject({ url: '/trt', headers: mapped });
    for (const res of [first, hit]) expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
    const again = await app.inject({ url: '/trt', headers: { ...mapped, 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(cacheOf(again)).toBe('hit');
    expect(again.body).toBe('');
  });

  it('is not fragmented by campaign or unknown parameters, and the page carries none of them', async () => {
    const { app } = await shell();
    const first = await app.inject({ url: '/trt?utm_source=google&utm_campaign=trt-spring&gclid=Cj0-first&style=b', headers: mapped });
    const visits = await Promise.all(
      ['?gclid=Cj0-second&style=B', '?style=b&fbclid=IwAR-x&gbraid=g1&wbraid=w1&utm_medium=cpc', '?style=b&ref=newsletter&x=1'].map((query) =>
        app.inject({ url: `/trt${query}`, headers: mapped }),
      ),
    );
    expect(cacheOf(first)).toBe('miss');
    expect(visits.map(cacheOf)).toEqual(['hit', 'hit', 'hit']);
    expect(contextCalls).toHaveLength(1);
    for (const secret of ['Cj0', 'trt-spring', 'utm_', 'gclid', 'IwAR', 'newsletter']) expect(first.body).not.toContain(secret);
    // The form posted without script says where it was (the way back); its campaign comes from the browser.
    expect(hidden(first.body, 'landingUrl')).toBe('/trt?style=b');
    // Another style is another page.
    expect(cacheOf(await app.inject({ url: '/trt?style=c&gclid=Cj0-third', headers: mapped }))).toBe('miss');
  });

  it('keeps one copy for every way a visit reaches a clinic, and sends the currentClientId cookie of an accepted ?client= on every answer, never as public', async () => {
    const { app } = await shell();
    const first = await app.inject({ url: '/?client=3' });
    const hit = await app.inject({ url: '/?client=3&utm_source=google' });
    for (const res of [first, hit]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Lumiere Spa</title>');
      expect(res.headers['set-cookie']).toBe('currentClientId=3; Path=/; HttpOnly; SameSite=Lax');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect([cacheOf(first), cacheOf(hit)]).toEqual(['miss', 'hit']);
  });

  it("keys a page whose clinic came from the cookie on the clinic the cookie names, and does not let shared caches keep it", async () => {
    const { app } = await shell();
    const lumiere = await app.inject({ url: '/', headers: { cookie: 'currentClientId=3' } });
    const apex = await app.inject({ url: '/', headers: { cookie: 'currentClientId=2' } });
    const nobody = await app.inject({ url: '/' });
    expect(lumiere.body).toContain('<title>Lumiere Spa</title>');
    expect(apex.body).toContain('<title>Apex Health</title>');
    expect(nobody.body).toContain('<title>Wellness One</title>');
    expect([lumiere, apex, nobody].map(cacheOf)).toEqual(['miss', 'miss', 'miss']);
    for (const res of [lumiere, apex, nobody]) {
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const again = await app.inject({ url: '/', headers: { cookie: 'currentClientId=3' } });
    expect(cacheOf(again)).toBe('hit');
    expect(again.body).toBe(lumiere.body);
  });

  it('sends a kept page compressed as the browser asks, once compressed for every visitor', async () => {
    const { app } = await shell();
    const plain = await app.inject({ url: '/trt', headers: mapped });
    const br = await app.inject({ url: '/trt', headers: { ...mapped, 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await app.inject({ url: '/trt', headers: { ...mapped, 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('shares one render between visits that miss together (a spike on one ad’s page)', async () => {
    const { app } = await shell();
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const visits = Promise.all(Array.from({ length: 8 }, (_, i) => app.inject({ url: `/trt?gclid=click-${i}`, headers: mapped })));
    await waitFor(() => contextCalls.length === 1, 'the first render to ask tenant');
    open();
    const answers = await visits;
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(contextCalls).toHaveLength(1);
    expect(contentCalls).toHaveLength(1);
  });

  it.each([
    ["an admin's preview", '/trt?preview=1'],
    ['the thank-you page', '/thanks?client=2'],
    ['/onboard', '/onboard'],
    ['an admin page', '/admin/clients'],
  ])('never keeps %s', async (_what, url) => {
    const { app, cache } = await shell();
    for (let i = 0; i < 2; i++) expect(cacheOf(await app.inject({ url, headers: mapped }))).toBe('bypass');
    expect(cache.entries).toBe(0);
  });

  it('keeps no page rendered with fallbacks, nor a not-found page', async () => {
    const { app, cache } = await shell();
    templatesDown = true;
    const unavailable = await app.inject({ url: '/trt', headers: mapped });
    expect(unavailable.statusCode).toBe(503);
    expect(cacheOf(unavailable)).toBe('miss');
    templatesDown = false;
    const missing = await app.inject({ url: '/botox', headers: mapped });
    expect(missing.statusCode).toBe(404);
    expect(cacheOf(missing)).toBe('miss');
    expect(cache.entries).toBe(0);
  });

  it.each([
    ["tenant's", TENANT_PAGE_CACHE],
    ["templates'", TEMPLATES_PAGE_CACHE],
  ])("drops every kept page on every shell process when %s cache is invalidated after an admin's change", async (_whose, cacheName) => {
    const one = await shell();
    const two = await shell();
    for (const { app } of [one, two]) {
      await app.inject({ url: '/trt', headers: mapped });
      expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('hit');
    }
    names[2] = 'Apex Men’s Health';
    headline = 'Feel Like Yourself Again';

    await adminChangeIn(cacheName);
    await waitFor(() => one.cache.entries === 0 && two.cache.entries === 0, 'both shells to drop their pages');

    for (const { app } of [one, two]) {
      const fresh = await app.inject({ url: '/trt', headers: mapped });
      expect(cacheOf(fresh)).toBe('miss');
      expect(fresh.body).toContain('Feel Like Yourself Again');
      expect(fresh.body).toContain('Apex Men’s Health');
    }
  });

  it('does not keep a page whose render began before an invalidation (it may show the old data)', async () => {
    const { app, cache } = await shell();
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const visit = app.inject({ url: '/trt', headers: mapped });
    await waitFor(() => contextCalls.length === 1, 'the render to begin');
    await adminChangeIn(TEMPLATES_PAGE_CACHE);
    await waitFor(() => heardInvalidation(app), 'the shell to hear it');
    open();
    expect(cacheOf(await visit)).toBe('miss');
    expect(cache.entries).toBe(0);
    gate = null;
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('hit');
  });

  it('keeps a page rendered just after an invalidation only until the settle time is over, and never as a last good copy', async () => {
    const { app } = await shell({ settleMs: 1_000 });
    await adminChangeIn(TENANT_PAGE_CACHE);
    await waitFor(() => heardInvalidation(app), 'the shell to hear it');
    // Another tenant replica may still answer from before the change: the spike is served, briefly.
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('hit');
    time += 1_000;
    tenantDown = true;
    const down = await app.inject({ url: '/trt', headers: mapped });
    expect(cacheOf(down)).toBe('miss');
    expect(down.body).toContain('<title>TRT Program | Wellness Clinic</title>');
    tenantDown = false;
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('hit');
  });

  it('asks tenant and templates again once the TTL has passed without an invalidation (a lost message)', async () => {
    const { app } = await shell();
    await app.inject({ url: '/trt', headers: mapped });
    time += 59_000;
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('hit');
    time += 1_000;
    headline = 'Renewed';
    const renewed = await app.inject({ url: '/trt', headers: mapped });
    expect(cacheOf(renewed)).toBe('miss');
    expect(renewed.body).toContain('Renewed');
  });

  describe('stale beats down', () => {
    it.each([
      ['tenant', () => (tenantDown = true)],
      ['templates', () => (templatesDown = true)],
    ])('sends the last good copy, as it was, when %s cannot answer', async (_service, takeDown) => {
      const { app } = await shell();
      const good = await app.inject({ url: '/trt', headers: mapped });
      // Past the TTL: the page is asked for again, and the service is down.
      time += 60_000;
      takeDown();
      const stale = await app.inject({ url: '/trt?gclid=during-the-outage', headers: mapped });
      expect(stale.statusCode).toBe(200);
      expect(cacheOf(stale)).toBe('stale');
      expect(stale.body).toBe(good.body);
      expect(stale.headers.etag).toBe(good.headers.etag);
      // Browsers and CDNs ask again next time rather than keep the copy as fresh.
      expect(stale.headers['cache-control']).toBe('no-cache');
      expect(stale.headers['x-hap-page-tags']).toBe(good.headers['x-hap-page-tags']);
    });

    it('sends the last good copy with tenant stopped (its port refusing connections), through the real service clients', async () => {
      // Stand-ins for tenant and templates on 127.0.0.1 answering what the real ones answer for this page.
      const answering = async (data: (url: string) => unknown) => {
        const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: data(req.url ?? '') })));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      };
      const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const tenant = await answering(() => ({ resolution: { clientId: 2, source: 'host' }, client: branding(2), staff: [] }));
      const templates = await answering(() => ({ services: [], landing: landing(2) }));
      try {
        const config = { TENANT_URL: urlOf(tenant), TEMPLATES_URL: urlOf(templates), INTERNAL_SECRET: readConfig({}).INTERNAL_SECRET, API_TIMEOUT_MS: 500 };
        const { app } = await shell({}, { pageContext: createPageContextLoader(config), pageContent: createPageContentLoader(config) });
        const good = await app.inject({ url: '/trt', headers: mapped });
        expect(cacheOf(good)).toBe('miss');
        expect(good.body).toContain('<title>TRT Program | Apex Health</title>');

        tenant.closeAllConnections();
        await new Promise((resolve) => tenant.close(resolve));
        time += 60_000;
        const stale = await app.inject({ url: '/trt', headers: mapped });
        expect(stale.statusCode).toBe(200);
        expect(cacheOf(stale)).toBe('stale');
        expect(stale.body).toBe(good.body);
      } finally {
        templates.closeAllConnections();
        await new Promise((resolve) => templates.close(resolve));
        if (tenant.listening) tenant.close();
      }
    });

    it('sends the fallback page when no copy was ever kept', async () => {
      const { app } = await shell();
      templatesDown = true;
      const res = await app.inject({ url: '/trt', headers: mapped });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Service Not Available');
    });

    it("says nothing false: after an admin's change no old copy stands in, the fallback does", async () => {
      const { app } = await shell();
      await app.inject({ url: '/trt', headers: mapped });
      await adminChangeIn(TENANT_PAGE_CACHE);
      await waitFor(() => heardInvalidation(app), 'the shell to hear it');
      tenantDown = true;
      const res = await app.inject({ url: '/trt', headers: mapped });
      expect(cacheOf(res)).toBe('miss');
      expect(res.body).toContain('<title>TRT Program | Wellness Clinic</title>');
    });

    it('keeps a last good copy for PAGE_CACHE_STALE_MS at most', async () => {
      const { app } = await shell({ staleMs: 3_600_000 });
      await app.inject({ url: '/trt', headers: mapped });
      tenantDown = true;
      time += 3_600_000;
      expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    });
  });

  it('stays within its byte budget, the least recently used page first out', async () => {
    const probe = await shell();
    await probe.app.inject({ url: '/trt', headers: mapped });
    // One page (plain, brotli and gzip) with its clinic entry; the budget holds two and a half.
    const budget = Math.floor(probe.cache.bytes * 2.5);
    const { app, cache } = await shell({ maxBytes: budget });
    // Three addresses of the same page: the same size each.
    for (const url of ['/trt', '/services/trt', '/funnel-service/trt']) expect(cacheOf(await app.inject({ url, headers: mapped }))).toBe('miss');
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(cacheOf(await app.inject({ url: '/funnel-service/trt', headers: mapped }))).toBe('hit');
    expect(cacheOf(await app.inject({ url: '/services/trt', headers: mapped }))).toBe('hit');
    // The least recently used went first.
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
  });

  it('does not keep a page larger than half its budget', async () => {
    const { app, cache } = await shell({ maxBytes: 1_000 });
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    expect(cacheOf(await app.inject({ url: '/trt', headers: mapped }))).toBe('miss');
    expect(cache.entries).toBe(0);
  });

  it("renders an admin's page view afresh, and keeps no copy of it for visitors", async () => {
    const { app } = await shell();
    const visitor = await app.inject({ url: '/trt', headers: mapped });
    expect(cacheOf(visitor)).toBe('miss');
    // The admin changed the headline; the invalidation has not reached this process yet.
    headline = 'Feel Like Yourself Again';
    const admin = { kind: 'admin' as const, userId: 7, email: 'admin@agency.test' };
    const asAdmin = await app.inject({ url: '/trt', headers: { ...mapped, ...signIdentity(secret, 'GET', '/trt', admin) } });
    expect(cacheOf(asAdmin)).toBe('bypass');
    expect(asAdmin.body).toContain('Feel Like Yourself Again');
    // Visitors still get the kept copy until the invalidation comes; the admin's render was not kept.
    const next = await app.inject({ url: '/trt', headers: mapped });
    expect(cacheOf(next)).toBe('hit');
    expect(next.body).toBe(visitor.body);
    // An identity signed with another secret (or for another URL) is no admin: the kept copy.
    for (const forged of [signIdentity('a-guessed-secret-of-some-length', 'GET', '/trt', admin), signIdentity(secret, 'GET', '/other', admin)]) {
      expect(cacheOf(await app.inject({ url: '/trt', headers: { ...mapped, ...forged } }))).toBe('hit');
    }
  });

  it('counts hits, misses, stale answers and bypasses in its metrics', async () => {
    const { app } = await shell();
    await app.inject({ url: '/trt', headers: mapped });
    await app.inject({ url: '/trt', headers: mapped });
    await app.inject({ url: '/trt?preview=1', headers: mapped });
    time += 60_000;
    tenantDown = true;
    await app.inject({ url: '/trt', headers: mapped });
    const text = await app.metrics.metrics();
    expect(metricSample(text, 'page_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(metricSample(text, 'page_cache_lookups_total', { result: 'hit' })).toBe(1);
    expect(metricSample(text, 'page_cache_lookups_total', { result: 'bypass' })).toBe(1);
    expect(metricSample(text, 'page_cache_lookups_total', { result: 'stale' })).toBe(1);
    expect(metricSample(text, 'page_cache_bytes')).toBeGreaterThan(0);
  });
});

describe('encodingFor', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
  ])('Accept-Encoding %p → %s', (header, encoding) => {
    expect(encodingFor(header)).toBe(encoding);
  });
});

/** Whether the shell heard an invalidation (its own metrics registry, which its metrics listener serves). */
async function heardInvalidation(app: FastifyInstance): Promise<boolean> {
  return metricSample(await app.metrics.metrics(), 'page_cache_invalidations_total') === 1;
}

describe('page views, counted where pages are served', () => {
  const day = '2026-11-27';
  const views = { ...redis, prefix: `${redis.prefix}_views` };
  const keys = pageViewKeys(views.prefix);
  const chrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  const visitor = (address: string, extra: Record<string, string> = {}) => ({ ...mapped, 'user-agent': chrome, 'x-forwarded-for': address, ...extra });
  let client: Redis;

  beforeAll(async () => {
    client = new Redis(views.url);
  });
  afterAll(async () => {
    const left = await client.keys(`${views.prefix}:*`);
    if (left.length) await client.del(...left);
    client.disconnect();
  });

  it('counts cache hits too, by clinic, service, kind, style and source, with visitors by a salted hash; leaves out bots, prefetches, HEAD, admins, the portal’s previews and errors', async () => {
    const counter = createPageViewCounter({ redis: views, flushMs: 60_000, now: () => new Date(`${day}T10:00:00Z`) });
    const { app } = await shell({}, undefined, counter);

    expect(cacheOf(await app.inject({ url: '/trt?gclid=Cj0KCQ-abc', headers: visitor('203.0.113.7') }))).toBe('miss');
    // The ad click's campaign (the launch's final URL suffix hap_cid={campaignid}) is a dimension of its own; same kept page.
    expect(cacheOf(await app.inject({ url: '/trt?gclid=Cj0KCQ-def&hap_cid=20123456789', headers: visitor('203.0.113.7') }))).toBe('hit');
    expect(cacheOf(await app.inject({ url: '/trt', headers: visitor('198.51.100.4', { referer: 'https://www.google.com/' }) }))).toBe('hit');
    await app.inject({ url: '/trt?style=c', headers: visitor('198.51.100.4', { referer: `https://${MAPPED_HOST}/` }) });
    await app.inject({ url: '/', headers: visitor('198.51.100.4', { referer: 'https://healthblog.example/clinics' }) });
    // Not views: a crawler, a prefetch, a HEAD, an admin looking at the page, a page that is not there.
    await app.inject({ url: '/trt', headers: visitor('66.249.66.1', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }) });
    await app.inject({ url: '/trt', headers: visitor('203.0.113.9', { 'sec-purpose': 'prefetch;prerender' }) });
    await app.inject({ method: 'HEAD', url: '/trt', headers: visitor('203.0.113.9') });
    // The clinic portal's preview of its own page (a frame in /portal/pages) is the clinic's, not a visitor's.
    await app.inject({ url: '/trt', headers: visitor('203.0.113.9', { 'sec-fetch-dest': 'iframe', referer: `https://${MAPPED_HOST}/portal/pages` }) });
    const admin = { kind: 'admin' as const, userId: 7, email: 'admin@agency.test' };
    await app.inject({ url: '/trt', headers: { ...visitor('203.0.113.9'), ...signIdentity(secret, 'GET', '/trt', admin) } });
    expect((await app.inject({ url: '/no-such-service', headers: visitor('203.0.113.9') })).statusCode).toBe(404);
    await counter.flush();

    expect(await client.hgetall(keys.live)).toEqual({
      [`${day}|2|6|service|A|paid_google|`]: '1',
      [`${day}|2|6|service|A|paid_google|20123456789`]: '1',
      [`${day}|2|6|service|A|organic_search|`]: '1',
      [`${day}|2|6|service|C|direct|`]: '1',
      [`${day}|2|0|home|-|referral|`]: '1',
    });
    // One visitor twice in a cell is one; the day's salt is in Redis alone, the addresses nowhere.
    expect(await client.pfcount(keys.visitors(`${day}|2|6|service|A|paid_google|`))).toBe(1);
    expect(await client.ttl(keys.visitors(`${day}|2|6|service|A|paid_google|`))).toBeGreaterThan(2 * 24 * 3600);
    expect(new Set(await client.smembers(keys.touched))).toEqual(new Set(Object.keys(await client.hgetall(keys.live))));
    expect(await client.ttl(keys.salt(day))).toBeGreaterThan(24 * 3600);
    const stored = await Promise.all((await client.keys(`${views.prefix}:*`)).map(async (key) => ((await client.type(key)) === 'hash' ? JSON.stringify(await client.hgetall(key)) : key)));
    expect(stored.join(' ')).not.toMatch(/203\.0\.113|198\.51\.100/);

    // Another visitor in the same cell: two; the same one again: still two.
    await app.inject({ url: '/trt?gclid=x', headers: visitor('192.0.2.50') });
    await app.inject({ url: '/trt?gclid=y', headers: visitor('203.0.113.7') });
    await counter.flush();
    expect(await client.hget(keys.live, `${day}|2|6|service|A|paid_google|`)).toBe('3');
    expect(await client.pfcount(keys.visitors(`${day}|2|6|service|A|paid_google|`))).toBe(2);
  });

  it('serves pages as usual when Redis cannot be reached: counting never waits for it', async () => {
    const away = createPageViewCounter({ redis: { url: 'redis://127.0.0.1:1', prefix: views.prefix }, flushMs: 60_000 });
    const { app } = await shell({}, undefined, away);
    const res = await app.inject({ url: '/trt', headers: visitor('203.0.113.7') });
    // The page is not slowed or broken by it.
    expect(res.statusCode).toBe(200);
    await away.flush();
    await away.close();
  });
});

