import request from 'supertest';
import { PAGE_FRAMES_HEADER, PAGE_IMAGES_HEADER, PAGE_TAGS_HEADER, TAG_SOURCES } from '@hap/contracts';
import { EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH, pageCsp } from '../../src/plugins/security';
import { buildGateway } from '../helpers/gateway';
import { startUpstream, type Upstream } from '../helpers/upstream';

/** The directives of a policy by name. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

const ALL_TAG_HOSTS = [
  ...new Set(Object.values(TAG_SOURCES).flatMap((s) => [...s.script, ...s.connect, ...s.img, ...s.frame])),
];

describe('a public page’s own Content-Security-Policy (ARCHITECTURE.md)', () => {
  let shell: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  /** What the fake public shell answers a page with, by path. */
  const pages: Record<string, Record<string, string>> = {
    '/off': { [PAGE_TAGS_HEADER]: '' },
    '/analytics': { [PAGE_TAGS_HEADER]: 'google-analytics' },
    '/all': { [PAGE_TAGS_HEADER]: 'google-ads google-analytics meta-pixel' },
    '/embed': { [PAGE_TAGS_HEADER]: '', [PAGE_FRAMES_HEADER]: 'https://forms.example.com https://evil.example.com;script-src', [PAGE_IMAGES_HEADER]: 'https://cdn.example.com http://plain.example.com' },
    '/forged': { [PAGE_TAGS_HEADER]: "google-ads 'unsafe-inline' https:", [PAGE_FRAMES_HEADER]: "https: * 'unsafe-eval' https://a.example.com/path" },
    '/admin/login': {},
    '/stray': { [PAGE_FRAMES_HEADER]: 'https://forms.example.com', [PAGE_IMAGES_HEADER]: 'https://cdn.example.com' },
  };

  beforeAll(async () => {
    shell = await startUpstream({
      answer: ({ url }) => ({ headers: { 'content-type': 'text/html; charset=utf-8', ...pages[url.split('?')[0]!] }, body: '<!doctype html><p>page</p>' }),
    });
    gateway = buildGateway({ PUBLIC_SHELL_URL: shell.url, ADMIN_REMOTE_ORIGIN: 'https://cdn.admin.example' }).app;
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await shell?.close();
  });

  it('names no tag host and no https wildcard when the clinic’s tracking is off', async () => {
    const res = await request(gateway.server).get('/off');
    expect(res.status).toBe(200);
    // One policy, the gateway's: the shell's headers go no further.
    expect(typeof res.headers['content-security-policy']).toBe('string');
    expect(res.headers[PAGE_TAGS_HEADER]).toBeUndefined();
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).not.toMatch(/https:(?!\/\/)/);
    for (const host of ALL_TAG_HOSTS) expect(csp).not.toContain(host);
    const d = directives(csp);
    expect(d['script-src']).toEqual(["'self'", EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH]);
    expect(d['img-src']).toEqual(["'self'", 'data:']);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['frame-src']).toEqual(["'self'"]);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    // Public pages never load the admin remote.
    expect(csp).not.toContain('cdn.admin.example');
    // A page's address never leaves, not even for our own next page (document.referrer).
    expect(res.headers['referrer-policy']).toBe('strict-origin');
  });

  it('names exactly the hosts of the tags the page loads', async () => {
    const analytics = directives((await request(gateway.server).get('/analytics')).headers['content-security-policy'] as string);
    expect(analytics['script-src']).toEqual(["'self'", EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH, ...TAG_SOURCES['google-analytics'].script]);
    expect(analytics['connect-src']).toEqual(["'self'", ...TAG_SOURCES['google-analytics'].connect]);
    expect(analytics['img-src']).toEqual(["'self'", 'data:', ...TAG_SOURCES['google-analytics'].img]);
    expect(analytics['frame-src']).toEqual(["'self'"]);
    for (const host of ['https://connect.facebook.net', 'https://www.facebook.com', 'https://www.googleadservices.com']) {
      expect(Object.values(analytics).flat()).not.toContain(host);
    }

    const all = directives((await request(gateway.server).get('/all')).headers['content-security-policy'] as string);
    expect(all['script-src']).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net', 'https://www.googleadservices.com']));
    expect(all['img-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://*.google-analytics.com', 'https://www.googleadservices.com']));
    expect(all['frame-src']).toEqual(["'self'", 'https://td.doubleclick.net']);
    // Each host once per directive, though gtag.js serves two of the tags.
    expect(all['script-src'].filter((h) => h === 'https://www.googletagmanager.com')).toHaveLength(1);
  });

  it('adds the https origins the page frames and shows images from, and nothing a header could smuggle', async () => {
    const embed = directives((await request(gateway.server).get('/embed')).headers['content-security-policy'] as string);
    expect(embed['frame-src']).toEqual(["'self'", 'https://forms.example.com']);
    expect(embed['img-src']).toEqual(["'self'", 'data:', 'https://cdn.example.com']);
    expect(embed['script-src']).toEqual(["'self'", EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH]);

    const forged = (await request(gateway.server).get('/forged')).headers['content-security-policy'] as string;
    expect(forged).not.toContain("'unsafe-eval'");
    expect(forged).not.toMatch(/https:(?!\/\/)/);
    expect(forged).not.toContain(' * ');
    expect(directives(forged)['frame-src']).toEqual(["'self'", ...TAG_SOURCES['google-ads'].frame]);
    expect(directives(forged)['script-src']).not.toContain("'unsafe-inline'");
  });

  it('keeps the site’s policy for answers that are not public pages', async () => {
    const res = await request(gateway.server).get('/admin/login');
    const d = directives(res.headers['content-security-policy'] as string);
    expect(d['script-src']).toEqual(["'self'", EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH, 'https://cdn.admin.example']);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('takes a page’s sources from the shell’s answer only: a visitor’s request headers widen nothing', async () => {
    const plain = (await request(gateway.server).get('/off')).headers['content-security-policy'];
    const forged = await request(gateway.server)
      .get('/off')
      .set(PAGE_TAGS_HEADER, 'google-ads google-analytics meta-pixel')
      .set(PAGE_FRAMES_HEADER, 'https://evil.example.com')
      .set(PAGE_IMAGES_HEADER, 'https://evil.example.com');
    expect(forged.headers['content-security-policy']).toBe(plain);
    expect(forged.headers['content-security-policy']).not.toContain('evil.example.com');
  });

  it('passes none of the shell’s page headers on, even without the tag list', async () => {
    const res = await request(gateway.server).get('/stray');
    expect(res.headers[PAGE_FRAMES_HEADER]).toBeUndefined();
    expect(res.headers[PAGE_IMAGES_HEADER]).toBeUndefined();
    // Not a public page's answer: the site's policy, no origin taken from the headers.
    expect(res.headers['content-security-policy']).not.toContain('forms.example.com');
  });

  it('is the same text for the same sources', () => {
    const sources = { tags: ['meta-pixel'] as const, frames: [], images: [] };
    expect(pageCsp(sources)).toBe(pageCsp(sources));
    expect(pageCsp(sources)).toContain('script-src \'self\'');
  });
});
