#!/usr/bin/env node
/**
 * Public page speed benchmark (npm run bench:pages, which builds first).
 *
 * Starts the whole stack with the launcher (startStack) on its own ports, a
 * fresh PostgreSQL database and Redis key prefix (both removed afterwards), then
 * runs Lighthouse (the npm package with Debian's Chromium, mobile defaults:
 * Moto G Power emulation and simulated slow 4G / 4× CPU throttling) three times
 * on client 1's TRT landing page (and the same page echoing an ad's keyword, `kw`), its home page, the admin login page, the
 * clinic portal (/portal) and, side by side, the thank-you page without and with
 * the booking picker (a clinic of its own, open for booking every day:
 * docs/booking.md#pages), and that clinic's service page as the page editor saved it (landing-edited)
 * (BENCH_PAGES=landing,landing-kw,home,admin-login,portal,landing-edited,thanks,thanks-picker
 * picks some). Prints each run and the median
 * of each figure: performance score, LCP, TBT, CLS, FCP and the JavaScript the
 * page loads as transferred (sum of the script requests' transferSize), each
 * against its target (issue: performance ≥ 98, LCP ≤ 1.2 s, TBT ≤ 50 ms,
 * CLS ≤ 0.02, landing JS ≤ 90 KB compressed; the admin login: performance ≥ 95;
 * the portal, installable since docs/portal.md#installable-portal: performance ≥ 98), and the landing route's scripts
 * by file. A benchmark prints figures: a missed target exits non-zero only with
 * --strict; errors (stack not starting, Lighthouse failing) always do.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../launcher/chromium.mjs';
import { median } from './kit/figures.mjs';
import { benchStack, onInterrupt, portsFrom, requireBuilt, ROOT, runMain, STRICT } from './kit/stack.mjs';

const require = createRequire(import.meta.url);

const env = process.env;
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 3));
const BASE_PORT = Number(env.BENCH_PAGES_PORT ?? 18490);
const REPORT_DIR = env.BENCH_REPORT_DIR ?? join(ROOT, '.data', 'bench', 'pages');
/** BENCH_TRACE=1 keeps each run's Chromium trace beside its report (`<page>-<n>.trace.json`, for DevTools' Performance panel). */
const KEEP_TRACE = env.BENCH_TRACE === '1';
const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** `judged`: the targets a page is held to (the admin login: the admin performance ≥ 95 only; the clinic portal's login: performance ≥ 98 only). */
const ALL_PAGES = [
  { name: 'landing', path: '/trt?client=1', judged: ['performance', 'lcp', 'tbt', 'cls', 'js'] },
  // The same page reached from an ad whose keyword it echoes (docs/campaigns.md#message-match): the built-in TRT campaign's keyword.
  { name: 'landing-kw', path: '/trt?client=1&hap_cid=1&kw=trt+clinic+near+me', judged: ['performance', 'lcp', 'tbt', 'cls', 'js'] },
  { name: 'home', path: '/?client=1', judged: ['performance', 'lcp', 'tbt', 'cls'] },
  { name: 'admin-login', path: '/admin/login', judged: ['performance'], targets: { performance: { target: '≥ 95', ok: (v) => v >= 95 } } },
  // /portal without a session: the gateway sends it to the portal's login, the first paint a clinic user sees.
  { name: 'portal', path: '/portal', judged: ['performance'], targets: { performance: { target: '≥ 98', ok: (v) => v >= 98 } } },
  // The thank-you page of one lead (its reference), as the lead form leaves it: without the lead's service (no picker) and with it (the picker's chunk and styles).
  // A service page as the page editor saved it (docs/page-editor.md): its own headline and FAQs, a section hidden and two moved.
  { name: 'landing-edited', path: (c) => `/bench-consult?client=${c.clientId}`, judged: ['performance', 'lcp', 'tbt', 'cls', 'js'], bookingClinic: true },
  { name: 'thanks', path: (c) => `/thanks?client=${c.clientId}&ref=${THANKS_REF}`, judged: ['performance', 'lcp', 'tbt', 'cls'], bookingClinic: true },
  { name: 'thanks-picker', path: (c) => `/thanks?client=${c.clientId}&ref=${THANKS_REF}&service=${c.serviceId}`, judged: ['performance', 'lcp', 'tbt', 'cls'], bookingClinic: true },
];
/** A receipt reference as the lead form passes it on. */
const THANKS_REF = '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11';
/** BENCH_PAGES=admin-login,landing runs only those. */
const PAGES = env.BENCH_PAGES ? ALL_PAGES.filter((p) => env.BENCH_PAGES.split(',').includes(p.name)) : ALL_PAGES;

const KB = 1024;
/** The issue's targets; `value` reads a run's figure, `ok` judges it. */
const TARGETS = {
  performance: { label: 'performance', target: '≥ 98', ok: (v) => v >= 98, show: (v) => String(Math.round(v)) },
  lcp: { label: 'LCP', target: '≤ 1.2 s', ok: (v) => v <= 1200, show: (v) => `${(v / 1000).toFixed(2)} s` },
  tbt: { label: 'TBT', target: '≤ 50 ms', ok: (v) => v <= 50, show: (v) => `${Math.round(v)} ms` },
  cls: { label: 'CLS', target: '≤ 0.02', ok: (v) => v <= 0.02, show: (v) => v.toFixed(3) },
  fcp: { label: 'FCP', target: '', ok: () => true, show: (v) => `${(v / 1000).toFixed(2)} s` },
  js: { label: 'JS transferred', target: '≤ 90 KB (landing)', ok: (v) => v <= 90 * KB, show: (v) => `${(v / KB).toFixed(1)} KB` },
};

requireBuilt(
  ['gateway/dist/server.js', 'frontends/public-shell/dist/node/server.js', 'frontends/public-shell/dist/client/index.html'],
  'run npm run build:server && npm run build:web first (npm run bench:pages does).',
);

const short = (url) => url.replace(/^https?:\/\/[^/]+/, '');

/**
 * A clinic of its own for the thank-you pages (no booking link, one live service, online booking
 * open every day 08:00–20:00 New York, no notice), made through the admin API as an admin would;
 * its service page then saved as the page editor saves it (docs/page-editor.md#saving).
 */
async function bookingClinic(stack, password) {
  const login = await fetch(`${stack.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: stack.admin.email, password: stack.admin.password ?? password }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const call = async (method, path, body) => {
    const res = await fetch(`${stack.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json', origin: stack.url }, body: body && JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text).data;
  };
  const clinic = await call('POST', '/api/clients', { name: 'Juniper Bench Clinic', address: '40 Juniper St, Denver, CO', phone: '(720) 555-0166' });
  const templates = await call('GET', '/api/service-templates');
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0];
  const service = await call('POST', '/api/services', { name: 'Vitality Consult', path: 'bench-consult', clientId: clinic.id, templateId: template.id, isActive: true });
  const hours = [{ start: '08:00', end: '20:00' }];
  await call('PUT', `/api/clients/${clinic.id}/booking/availability`, {
    onlineBooking: true,
    timeZone: 'America/New_York',
    weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
    closedDates: [],
    services: [{ serviceId: service.id, bookable: true, lengthMinutes: 30 }],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 30,
    capacity: 1,
    confirmation: 'instant',
  });
  const preview = await call('GET', `/api/page-content/${clinic.id}?service=bench-consult&preview=true`);
  const [first, ...faqs] = preview.landing.content.template.faqs;
  await call('PATCH', `/api/client-services/${service.id}`, {
    customHeadline: 'Energy, focus and drive, back where they belong',
    customFaqs: [...faqs, { ...first, answer: `${first.answer} Your provider checks your labs at every visit.` }],
    pageSections: { order: ['faqs', 'about', 'process', 'reviews', 'network'], hidden: ['network'] },
  });
  return { clientId: clinic.id, serviceId: service.id };
}

/** The figures of one Lighthouse result, and its scripts as transferred. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  // Scripts, and script files fetched ahead (a page that waits for its visitor prefetches its modules: type 'Other').
  const isScript = (r) => r.resourceType === 'Script' || /\.m?js$/.test(new URL(r.url).pathname);
  const scripts = requests.filter(isScript).map((r) => ({ url: r.url, transferSize: r.transferSize ?? 0, resourceSize: r.resourceSize ?? 0 }));
  return {
    performance: (lhr.categories.performance?.score ?? NaN) * 100,
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    js: scripts.reduce((sum, s) => sum + s.transferSize, 0),
    scripts,
  };
}

/** Trace hiccups Lighthouse itself says to retry ("Please run Lighthouse again"). */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

async function runLighthouse(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(err.code)) throw err;
      console.log(`  (${err.code} on ${short(url)}, retrying)`);
    }
  }
}

async function lighthouseOnce(url) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'hap-bench-chrome-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    // Default config: mobile form factor, simulated throttling (Lighthouse's mobile defaults).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) {
      const { code, message } = result.lhr.runtimeError;
      throw Object.assign(new Error(`Lighthouse failed on ${url}: ${code} ${message}`), { code });
    }
    return { lhr: result.lhr, trace: result.artifacts?.Trace };
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/** What the median run says about LCP, render-blocking resources and unused JS. */
function diagnostics(lhr) {
  const lines = [];
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
  const tables = lcpElement?.type === 'list' ? lcpElement.items : lcpElement ? [lcpElement] : [];
  for (const table of tables) {
    for (const item of table.items ?? []) {
      if (item.node) lines.push(`  LCP element: ${item.node.nodeLabel ?? ''} <${item.node.selector ?? ''}> ${(item.node.snippet ?? '').slice(0, 160)}`);
      else if (item.phase) lines.push(`    ${item.phase}: ${Math.round(item.timing)} ms (${(item.percent ?? '').toString()})`);
    }
  }
  const blocking = lhr.audits['render-blocking-resources']?.details?.items ?? [];
  lines.push(`  render-blocking: ${blocking.length ? blocking.map((b) => `${short(b.url)} (${(b.totalBytes / KB).toFixed(1)} KB, ~${Math.round(b.wastedMs)} ms)`).join(', ') : 'none'}`);
  const unused = lhr.audits['unused-javascript']?.details?.items ?? [];
  lines.push(`  unused JS: ${unused.length ? unused.map((u) => `${short(u.url)} ${(u.wastedBytes / KB).toFixed(1)} of ${(u.totalBytes / KB).toFixed(1)} KB`).join(', ') : 'none reported'}`);
  const tti = lhr.audits.interactive?.numericValue;
  const si = lhr.audits['speed-index']?.numericValue;
  lines.push(`  speed index ${si ? (si / 1000).toFixed(2) : '?'} s, TTI ${tti ? (tti / 1000).toFixed(2) : '?'} s, server response ${Math.round(lhr.audits['server-response-time']?.numericValue ?? NaN)} ms`);
  return lines;
}

async function main() {
  const bench = await benchStack('pages');
  const cleanup = () => bench.stop();
  onInterrupt(cleanup);

  try {
    console.log(`Starting the stack on ports ${BASE_PORT}–${BASE_PORT + 5} (database ${bench.databaseName}) …`);
    const stack = await bench.start({ logDir: join(REPORT_DIR, 'logs'), ports: portsFrom(BASE_PORT) });
    const clinic = PAGES.some((p) => p.bookingClinic) ? await bookingClinic(stack, bench.password) : null;
    for (const page of PAGES) if (typeof page.path === 'function') page.path = page.path(clinic);
    // Warm the servers (JIT, caches) so the first measured run is not the first request.
    for (const page of PAGES) {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${stack.url}${page.path}`, { headers: { 'accept-encoding': 'br' } });
        if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }

    mkdirSync(REPORT_DIR, { recursive: true });
    console.log(`Lighthouse ${require('lighthouse/package.json').version}, ${CHROME_PATH}, mobile defaults (simulated throttling), ${RUNS} runs per page\n`);
    const results = [];
    for (const page of PAGES) {
      const url = `${stack.url}${page.path}`;
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        const { lhr, trace } = await runLighthouse(url);
        writeFileSync(join(REPORT_DIR, `${page.name}-${i}.json`), JSON.stringify(lhr));
        if (KEEP_TRACE && trace) writeFileSync(join(REPORT_DIR, `${page.name}-${i}.trace.json`), JSON.stringify(trace));
        const f = figuresOf(lhr);
        runs.push({ lhr, figures: f });
        console.log(
          `${page.name} #${i}  perf ${TARGETS.performance.show(f.performance)}  LCP ${TARGETS.lcp.show(f.lcp)}  TBT ${TARGETS.tbt.show(f.tbt)}  ` +
            `CLS ${TARGETS.cls.show(f.cls)}  FCP ${TARGETS.fcp.show(f.fcp)}  JS ${TARGETS.js.show(f.js)} in ${f.scripts.length} scripts`,
        );
      }
      results.push({ page, runs });
    }

    let missed = 0;
    console.log('');
    for (const { page, runs } of results) {
      console.log(`── ${page.name} ${page.path} — median of ${runs.length}`);
      for (const [key, general] of Object.entries(TARGETS)) {
        const t = { ...general, ...page.targets?.[key] };
        const value = median(runs.map((r) => r.figures[key]));
        const judged = page.judged.includes(key) ? t.ok(value) : null;
        if (judged === false) missed++;
        console.log(`  ${t.label.padEnd(15)} ${t.show(value).padStart(9)}   ${judged === null ? '' : `${judged ? 'PASS' : 'FAIL'} (target ${t.target})`}`);
      }
      const medianRun = computeMedianRun(runs.map((r) => r.lhr));
      const index = runs.findIndex((r) => r.lhr === medianRun);
      {
        console.log(`  scripts of run #${index + 1} (transferred / uncompressed):`);
        for (const s of [...runs[index].figures.scripts].sort((a, b) => b.transferSize - a.transferSize)) {
          console.log(`    ${(s.transferSize / KB).toFixed(1).padStart(6)} KB / ${(s.resourceSize / KB).toFixed(1).padStart(6)} KB  ${short(s.url)}`);
        }
      }
      console.log(`  diagnostics of the median run (#${index + 1}, ${join(REPORT_DIR, `${page.name}-${index + 1}.json`)}):`);
      for (const line of diagnostics(medianRun)) console.log(line);
      console.log('');
    }
    console.log(missed ? `${missed} target(s) missed${STRICT ? '' : ' (exit 0 without --strict: a benchmark prints figures)'}` : 'All targets met.');
    return !(STRICT && missed);
  } finally {
    await cleanup();
  }
}

runMain(main);
