import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageViewKeys, type PageExperiment } from '@hap/contracts';
import { createContentCache, TEMPLATES_PAGE_CACHE } from '@hap/service-kit/content-cache';
import { signIdentity, verifyExperimentArm } from '@hap/service-kit/identity';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { createPageCache } from '../../server/page-cache';
import type { PageContentLoader, PageContextLoader } from '../../server/page-context';
import { createPageViewCounter, type PageViewCounter } from '../../server/page-views';
import * as entryServer from '../../src/entry-server';
import { clinicBranding, pageTemplate, trtLanding } from '../helpers/pages';

/**
 * Same-URL experiments through the real shell server, SSR entry,
 * page cache and page-view counter on real Redis, with stand-ins for
 * tenant's and templates' answers (templates names the running experiment
 * with the page content, as its API does). Each visitor is told apart by
 * their address and browser, as the visitor hash does.
 */
const template = pageTemplate();
const HOST = 'www.apex.example';
const secret = readConfig({}).INTERNAL_SECRET;
const EXPERIMENT_ID = 77;

let experiment: PageExperiment | null;
let defaultStyle: 'A' | 'B' | 'C';

const branding = clinicBranding();

const pageContext: PageContextLoader = async () => ({ context: { resolution: { clientId: 2, source: 'host' }, client: branding, staff: [] } });

const landing = () => trtLanding({ defaultStyle, experiment });

const pageContent: PageContentLoader = async (request) => ({
  content: {
    services: [{ id: 6, name: 'TRT Program', description: 'TRT.', slug: 'trt', offer: null, image: null }],
    landing: request.servicePath === 'trt' ? landing() : null,
  },
});

const redisOptions = { url: process.env.REDIS_URL as string, prefix: `${process.env.REDIS_PREFIX}_xp_${randomBytes(4).toString('hex')}` };
const redis = new Redis(redisOptions.url);
let dist: string;
const opened: FastifyInstance[] = [];
const counters: PageViewCounter[] = [];

async function shell() {
  const counter = createPageViewCounter({ redis: redisOptions, flushMs: 60_000 });
  counters.push(counter);
  const app = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
    bundle: { ssr: entryServer, templates: { page: template, admin: template } },
    dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
    pageContext,
    pageContent,
    pageViews: () => counter,
    pageCache: (server) => createPageCache({ redis: redisOptions, ttlMs: 60_000, staleMs: 60_000, maxBytes: 8 * 1_048_576, metrics: server.metrics, settleMs: 0 }),
  });
  await app.ready();
  opened.push(app);
  return { app, counter };
}

/** A person: their own address and browser. */
const person = (n: number, extra: Record<string, string> = {}) => ({
  'x-forwarded-host': HOST,
  'x-forwarded-proto': 'https',
  'x-forwarded-for': `198.51.${Math.floor(n / 250)}.${n % 250}`,
  'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`,
  ...extra,
});
const hidden = (html: string, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
/** The arm a hidden field's token names as `{id}:{arm}`, once it verifies (signed with the platform's secret for the page's clinic). */
const armOfToken = (token: string) => {
  const arm = verifyExperimentArm(secret, token, Number(token.split('.')[2]));
  return arm ? `${arm.experimentId}:${arm.variant}` : `not a signed arm: ${token}`;
};
/** The arm the page showed, by the lead form's own hidden fields: its style, and the experiment's `{id}:{arm}` from its signed token. */
const shown = (res: LightMyRequestResponse) => {
  const token = hidden(res.body, 'experiment');
  return { style: hidden(res.body, 'styleVariant'), experiment: token ? armOfToken(token) : null };
};
const armCookie = (res: LightMyRequestResponse) => {
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith(`hap_x${EXPERIMENT_ID}=`));
  return set ? String(set).split(';')[0]! : null;
};

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'public-shell-experiments-'));
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'admin', 'assets', 'admin'), { recursive: true });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  const left = await redis.keys(`${redisOptions.prefix}:*`);
  if (left.length) await redis.del(...left);
  redis.disconnect();
});
beforeEach(async () => {
  // Each test counts from nothing.
  const left = await redis.keys(`${redisOptions.prefix}:pv:*`);
  if (left.length) await redis.del(...left);
  experiment = { id: EXPERIMENT_ID, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] };
  defaultStyle = 'A';
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

describe('a same-URL experiment at a service page', () => {
  it('splits 300 fresh visitors 40–60 % each way at one URL with no redirect, keeps each in their arm, and counts each arm', async () => {
    const { app, counter } = await shell();
    const arms = { A: 0, B: 0 } as Record<string, number>;
    const visitors: Array<{ n: number; cookie: string; arm: string }> = [];
    for (let n = 0; n < 300; n += 1) {
      const res = await app.inject({ url: '/trt?gclid=Cj0KCQ-test', headers: person(n) });
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      // One URL, a page per arm chosen by the visitor's cookie: never kept by a shared cache.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const page = shown(res);
      const cookie = armCookie(res);
      expect(page.experiment).toMatch(/^77:[AB]$/);
      const arm = page.experiment!.slice(3);
      expect(page.style).toBe(arm.toLowerCase());
      // The cookie holds the arm only; first-party, HttpOnly, Lax, Secure on https.
      expect(cookie).toBe(`hap_x77=${arm}`);
      expect(String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('hap_x77=')))).toMatch(/Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/);
      arms[arm]! += 1;
      visitors.push({ n, cookie: cookie!, arm });
    }
    expect(arms.A! / 300).toBeGreaterThanOrEqual(0.4);
    expect(arms.A! / 300).toBeLessThanOrEqual(0.6);
    expect(arms.A! + arms.B!).toBe(300);

    // A returning visitor always sees the same arm: by their cookie, and by their visitor hash when they refuse cookies.
    for (const { n, cookie, arm } of visitors.slice(0, 60)) {
      const back = await app.inject({ url: '/trt', headers: person(n, { cookie }) });
      expect(shown(back).experiment).toBe(`77:${arm}`);
      const cookieless = await app.inject({ url: '/trt', headers: person(n) });
      expect(shown(cookieless).experiment).toBe(`77:${arm}`);
    }
    // Each arm's page is rendered once and kept: later visitors are served from memory, and a revalidation is a 304.
    const again = await app.inject({ url: '/trt', headers: person(0, { cookie: visitors[0]!.cookie }) });
    expect(again.headers['x-page-cache']).toBe('hit');
    const revalidated = await app.inject({ url: '/trt', headers: person(0, { cookie: visitors[0]!.cookie, 'if-none-match': String(again.headers.etag) }) });
    expect(revalidated.statusCode).toBe(304);

    // Every view at the experiment's URL is counted for its arm too (and the 304 too: it is a view).
    await counter.flush();
    const keys = pageViewKeys(redisOptions.prefix);
    const live = await redis.hgetall(keys.live);
    const byArm = Object.entries(live).filter(([field]) => field.startsWith('x|'));
    const total = byArm.reduce((sum, [, count]) => sum + Number(count), 0);
    expect(byArm.map(([field]) => field.split('|').slice(2).join('|')).sort()).toEqual(['77|A', '77|B']);
    expect(total).toBe(300 + 120 + 2);
  });

  it('leaves explicit style URLs, bots, prefetches, admins and previews out: the style asked for or the default, no cookie, not counted for an arm', async () => {
    const { app, counter } = await shell();
    const explicit = await app.inject({ url: '/trt/b', headers: person(1) });
    expect(shown(explicit)).toEqual({ style: 'b', experiment: null });
    expect(armCookie(explicit)).toBeNull();
    const asked = await app.inject({ url: '/trt?style=c', headers: person(2) });
    expect(shown(asked)).toEqual({ style: 'c', experiment: null });
    for (const headers of [
      person(3, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      person(4, { 'sec-purpose': 'prefetch' }),
    ]) {
      const res = await app.inject({ url: '/trt', headers });
      expect(shown(res)).toEqual({ style: 'a', experiment: null });
      expect(armCookie(res)).toBeNull();
      // The same URL as the experiment's visitors: still never kept by a shared cache.
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    const url = '/trt';
    const admin = await app.inject({ url, headers: { ...person(5), ...signIdentity(secret, 'GET', url, { kind: 'admin', userId: 1, email: 'a@x.test' }) } });
    expect(shown(admin)).toEqual({ style: 'a', experiment: null });
    expect(armCookie(admin)).toBeNull();
    const previewUrl = '/trt?preview=1';
    const preview = await app.inject({ url: previewUrl, headers: { ...person(6), ...signIdentity(secret, 'GET', previewUrl, { kind: 'admin', userId: 1, email: 'a@x.test' }) } });
    expect(armCookie(preview)).toBeNull();
    await counter.flush();
    const live = await redis.hgetall(pageViewKeys(redisOptions.prefix).live);
    expect(Object.keys(live).filter((field) => field.startsWith('x|'))).toEqual([]);
  });

  it('keeps assigned visitors in their arm when the weights change, and sends new visitors by the new weights', async () => {
    const { app } = await shell();
    const first = await app.inject({ url: '/trt', headers: person(10) });
    const arm = shown(first).experiment!.slice(3);
    const other = arm === 'A' ? 'B' : 'A';
    // The admin moves every new visitor to the other arm; templates' change clears the shell's kept pages.
    experiment = { id: EXPERIMENT_ID, arms: [{ variant: 'A', weight: other === 'A' ? 100 : 0 }, { variant: 'B', weight: other === 'B' ? 100 : 0 }] };
    const publisher = createContentCache({ name: TEMPLATES_PAGE_CACHE, redis: redisOptions, ttlMs: 60_000, maxEntries: 10 });
    await publisher.start();
    await publisher.invalidate();
    await publisher.close();
    await waitFor(async () => shown(await app.inject({ url: '/trt', headers: person(11) })).experiment === `77:${other}`);
    expect(shown(await app.inject({ url: '/trt', headers: person(10, { cookie: armCookie(first)! }) })).experiment).toBe(`77:${arm}`);
    for (let n = 20; n < 40; n += 1) expect(shown(await app.inject({ url: '/trt', headers: person(n) })).experiment).toBe(`77:${other}`);
  });

  it('shows the service’s default style (a stopped experiment’s winner) to everyone when no experiment runs, kept by shared caches again', async () => {
    experiment = null;
    defaultStyle = 'C';
    const { app } = await shell();
    const res = await app.inject({ url: '/trt', headers: person(30, { cookie: 'hap_x77=A' }) });
    expect(shown(res)).toEqual({ style: 'c', experiment: null });
    expect(armCookie(res)).toBeNull();
    expect(res.headers['cache-control']).toMatch(/^public/);
    // An explicit style URL still shows its style.
    expect(shown(await app.inject({ url: '/trt/a', headers: person(31) })).style).toBe('a');
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for the new weights');
    await new Promise((r) => setTimeout(r, 20));
  }
}
