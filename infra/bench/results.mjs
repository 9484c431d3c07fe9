#!/usr/bin/env node
/**
 * Results at agency scale (npm run bench:results, which builds first).
 *
 * Starts the whole stack with the launcher (startStack) on its own ports, a
 * fresh PostgreSQL database and Redis prefix (both removed afterwards), and
 * seeds a year of an agency with plain SQL (generate_series): page view rollups
 * of 500 clinics × 365 days (BENCH_CLINICS; about 20,000 views a clinic a year: services, page kinds,
 * style variants, sources, Google Ads campaign ids) and 2,000 leads a clinic (BENCH_LEADS) spread over
 * the clinics and the year (statuses, variants, sources, campaigns). Then,
 * through the gateway with an admin session, all to 127.0.0.1:
 *   (1) GET /api/results/summary and /api/results/breakdown?by=service|variant|source|campaign,
 *       agency-wide and for one clinic, over the last 30 and 365 days: p50 / p95 / p99;
 *   (2) a landing page at 1,000 pages/s (wrk, a browser's User-Agent so views are counted),
 *       in turn on this stack (counting page views) and on a second one started beside it
 *       with PAGE_VIEWS=off, BENCH_ROUNDS times: the difference of the median p99s is what
 *       counting costs a page.
 * Targets: summary and breakdowns p95 ≤ 150 ms agency-wide, ≤ 30 ms for one clinic, at 500 clinics;
 * counting adds ≤ 1 ms to the page p99 at 1,000 pages/s.
 * The last line is `results: p95 X ms agency, Y ms clinic; counting +Z ms p99`.
 * A benchmark prints figures: a missed target exits non-zero only with --strict;
 * errors (the stack not starting, an answer not 200) always do.
 */
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { median, percentile, printVerdicts } from './kit/figures.mjs';
import { landingPage as seededLandingPage } from './kit/site.mjs';
import { benchStack, onInterrupt, portsFrom, requireBuilt, ROOT, runMain, STRICT } from './kit/stack.mjs';
import { runWrk, wrkInstalled } from './kit/wrk.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const env = process.env;
const BASE_PORT = Number(env.BENCH_RESULTS_PORT ?? 18690);
/** An agency of 500 clinics by default (BENCH_CLINICS), its leads growing with it (2,000 a clinic a year, BENCH_LEADS). */
const CLINICS = Math.max(2, Number(env.BENCH_CLINICS ?? 500));
const SCALE = { clinics: CLINICS, days: 365, leads: Math.max(1000, Number(env.BENCH_LEADS ?? CLINICS * 2000)) };
/** Requests per results target (after 5 unmeasured), and how many are in flight at once. */
const REQUESTS = Math.max(20, Number(env.BENCH_REQUESTS ?? 100));
const CONCURRENCY = Math.max(1, Number(env.BENCH_CONCURRENCY ?? 2));
/** The one clinic of the per-clinic figures (a seeded demo clinic). */
const CLINIC = Number(env.BENCH_CLINIC ?? 1);
const RATE = 1000;
const RATE_CONNECTIONS = Math.max(1, Number(env.BENCH_RATE_CONNECTIONS ?? 100));
const DURATION = Math.max(1, Number(env.BENCH_DURATION ?? 15));
const WARMUP = Math.max(0, Number(env.BENCH_WARMUP ?? 3));
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 3));
/** BENCH_SWAP_STACKS=1: the first stack (that of the results) counts nothing and the second counts, to see what the stacks' order does. */
const SWAP = env.BENCH_SWAP_STACKS === '1';
const TARGETS = { agencyP95: 150, clinicP95: 30, countingP99: 1 };
const LANDING_CLIENT = 2;
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

requireBuilt(
  ['gateway/dist/server.js', 'services/leads/dist/server.js', 'frontends/public-shell/dist/node/server.js', 'services/tenant/dist/db/seed-data.js'],
  'run npm run build first (npm run bench:results does).',
);
if (!wrkInstalled()) {
  console.error('wrk is not installed (apt-get install -y wrk): the page load of this bench comes from it.');
  process.exit(1);
}

/**
 * A year of an agency: rollup rows of SCALE.clinics clinics × 365 UTC days ending today,
 * 22 cells a clinic and day (4 services × 5 sources on the service page, its
 * variant A/B/C by day, paid Google ones with the service's campaign id; the
 * home page, direct; the thank-you page), 1–4 views each; then SCALE.leads leads.
 */
const SEED_SQL = [
  `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
   SELECT (now() AT TIME ZONE 'UTC')::date - d, c,
          CASE WHEN k < 20 THEN c * 10 + k / 5 WHEN k = 21 THEN c * 10 ELSE 0 END,
          CASE WHEN k < 20 THEN 'service' WHEN k = 20 THEN 'home' ELSE 'thanks' END,
          CASE WHEN k < 20 THEN (ARRAY['A', 'B', 'C'])[1 + (d + k / 5) % 3] ELSE '-' END,
          CASE WHEN k < 20 THEN (ARRAY['paid_google', 'paid_social', 'organic_search', 'referral', 'direct'])[1 + k % 5] WHEN k = 20 THEN 'direct' ELSE 'paid_google' END,
          CASE WHEN k < 20 AND k % 5 = 0 THEN (c * 1000 + k / 5)::text ELSE '' END,
          v, greatest(1, v * 4 / 5)
   FROM generate_series(1, ${SCALE.clinics}) c, generate_series(0, ${SCALE.days - 1}) d, generate_series(0, 21) k,
        LATERAL (SELECT 1 + (c * 7 + d * 13 + k * 31) % 4 AS v) views`,
  `INSERT INTO "leads"."leads" ("reference", "client_id", "service_id", "service_checked", "name", "email", "phone", "message", "status", "style_variant",
     "utm_source", "utm_medium", "utm_campaign", "gclid", "landing_path", "traffic_source", "campaign_id",
     "consent_status", "consent_text", "consent_version", "consent_at", "request_hash", "created_at", "updated_at")
   SELECT gen_random_uuid(), c, c * 10 + (i / ${SCALE.clinics}) % 4, true, 'Bench Patient ' || i, 'bench-' || i || '@example.com', '+1 555 ' || lpad(i::text, 7, '0'),
          'I would like a consultation.',
          (ARRAY['new', 'new', 'new', 'new', 'contacted', 'contacted', 'booked', 'booked', 'won', 'lost'])[1 + (i / 7) % 10],
          (ARRAY['a', 'b', 'c', 'unified'])[1 + (i / 3) % 4],
          CASE WHEN s = 'paid_google' THEN 'google' END, CASE WHEN s = 'paid_google' THEN 'cpc' END, CASE WHEN s = 'paid_google' THEN 'bench' END,
          CASE WHEN s = 'paid_google' THEN 'Cj0KCQ-bench-' || i END, '/trt', s,
          CASE WHEN s = 'paid_google' THEN (c * 1000 + (i / ${SCALE.clinics}) % 4)::text END,
          'captured', 'I agree to be contacted.', 'lead-form-v1', at, md5(i::text), at, at
   FROM generate_series(1, ${SCALE.leads}) i,
        LATERAL (SELECT 1 + i % ${SCALE.clinics} AS c,
                        (ARRAY['paid_google', 'paid_google', 'paid_google', 'paid_social', 'organic_search', 'referral', 'direct'])[1 + (i / 11) % 7] AS s,
                        date_trunc('day', now()) - ((i::bigint * 7919) % ${SCALE.days}) * interval '1 day' + ((i::bigint * 104729) % 86400) * interval '1 second' AS at) x`,
  // The clinics' services as templates has them (ids c * 10 + k, as the cells name them), so results name
  // and group them as they would in use; a demo clinic's own services keep theirs.
  `INSERT INTO "templates"."client_services" ("id", "client_id", "template_id", "is_active")
   SELECT c * 10 + k, c, t.ids[1 + k % array_length(t.ids, 1)], true
   FROM generate_series(1, ${SCALE.clinics}) c, generate_series(0, 3) k, (SELECT array_agg("id" ORDER BY "id") AS ids FROM "templates"."service_templates") t
   ON CONFLICT DO NOTHING`,
  // As autovacuum leaves a table that is mostly read: statistics, and the visibility map index-only scans need.
  `VACUUM ANALYZE "leads"."page_view_rollups"`,
  `VACUUM ANALYZE "leads"."leads"`,
  // The result cells the triggers kept while seeding (migration ResultCells).
  `VACUUM ANALYZE "leads"."result_days"`,
  `VACUUM ANALYZE "leads"."result_weeks"`,
  `VACUUM ANALYZE "leads"."result_months"`,
];

const ms = (n) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

/** `REQUESTS` GETs of `url` with the session, `CONCURRENCY` at a time (after 5 unmeasured): the answers' times in ms, sorted. */
async function timeGets(url, cookie) {
  const get = async () => {
    const t0 = process.hrtime.bigint();
    const res = await fetch(url, { headers: { cookie, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    const took = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
    return took;
  };
  for (let i = 0; i < 5; i++) await get();
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) times.push(await get());
    }),
  );
  return times.sort((a, b) => a - b);
}

/** The landing page of the page runs: client 2's TRT page (or its first service) on its own host. */
async function landingPage(gatewayUrl) {
  const { host, path } = await seededLandingPage(gatewayUrl, LANDING_CLIENT);
  return { host, path };
}

/** The shell's page_views_counted_total (0 when counting is off: the counter is never made). */
async function countedViews(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  let total = 0;
  for (const [, value] of text.matchAll(/^page_views_counted_total(?:\{[^}]*\})? (\S+)$/gm)) total += Number(value);
  return total;
}

/** wrk at about `rate` pages/s: `connections` connections, each waiting connections × 1000 / rate ms after each answer. */
function wrkAtRate(gatewayUrl, page, { seconds, group }) {
  const delayMs = Math.round((RATE_CONNECTIONS * 1000) / RATE);
  const clicks = { host: page.host, path: page.path, group, addresses: 2000, campaign: 'results', gclid: 'Cj0KCQ-r', browser: true, delayMs };
  return runWrk(gatewayUrl, { connections: RATE_CONNECTIONS, seconds }, clicks);
}

/** A stack on its own database and Redis prefix; `stop()` removes both. */
async function bootStack(name, ports, extraEnv) {
  const bench = await benchStack('results');
  const handle = { databaseUrl: bench.databaseUrl, stop: () => bench.stop(), url: '', password: bench.password, adminEmail: '' };
  let stack;
  try {
    stack = await bench.start({
      logDir: join(ROOT, '.data', 'bench', 'results', 'logs', name),
      ports,
      metricsPorts: { 'public-shell': ports.gateway + 6 },
      env: {
        // The bench stands for the proxy in front: each page request names its visitor in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        // One address sends every admin request here; pages come from 2,000 addresses.
        RATE_LIMIT_PER_MINUTE: '0',
        GATEWAY_PROCESSES: String(Math.max(1, Number(env.BENCH_GATEWAY_PROCESSES ?? cpus().length))),
        ...extraEnv,
      },
    });
  } catch (err) {
    console.error(`The ${name} stack did not start: ${err?.stack ?? err}`);
    await bench.stop().catch(() => {});
    throw err;
  }
  handle.url = stack.url;
  handle.adminEmail = stack.admin.email;
  return handle;
}

/** Logs in as the seeded admin: the session's cookie header. */
async function login(stack) {
  const res = await fetch(`${stack.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: stack.adminEmail, password: stack.password }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${body.slice(0, 300)}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error('login set no cookie');
  return cookies.join('; ');
}

/** Rounds of the page at 1,000/s: warm-up, then the measured run; views counted per the shell's metrics. */
async function pageRun(stack, label, group) {
  const page = await landingPage(stack.url);
  const probe = await fetch(`${stack.url}${page.path}?gclid=probe`, { headers: { host: page.host, 'user-agent': UA, 'accept-encoding': 'gzip, deflate, br, zstd', 'x-forwarded-for': '10.99.0.1' } });
  await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`GET ${page.host}${page.path} answered ${probe.status}`);
  if (WARMUP > 0) await wrkAtRate(stack.url, page, { seconds: WARMUP, group });
  const metrics = `http://127.0.0.1:${stack.metricsPort}/metrics`;
  const before = await countedViews(metrics);
  const r = await wrkAtRate(stack.url, page, { seconds: DURATION, group: group + 1 });
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the counter's last flush
  const counted = (await countedViews(metrics)) - before;
  console.log(
    `  ${label.padEnd(14)} ${Math.round(r.ok / r.seconds)} pages/s (2xx ${r.ok}, other ${r.requests - r.ok}, errors ${r.errors}, timeouts ${r.timeouts}), ` +
      `p50 ${r.p50.toFixed(2)} ms, p90 ${r.p90.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(1)} ms; views counted ${counted}`,
  );
  if (r.errors + r.timeouts + (r.requests - r.ok) > 0) throw new Error(`${label}: pages not all answered 2xx`);
  return r;
}

async function main() {
  const portsOf = portsFrom;
  let stack;
  const cleanup = async () => {
    const s = stack;
    stack = undefined;
    await s?.stop();
  };
  onInterrupt(cleanup);

  try {
    console.log(`Starting the stack on ports ${BASE_PORT}–${BASE_PORT + 6} (page views ${SWAP ? 'not ' : ''}counted) …`);
    stack = await bootStack(SWAP ? 'off' : 'on', portsOf(BASE_PORT), { PAGE_VIEWS: SWAP ? 'off' : 'on' });
    stack.metricsPort = BASE_PORT + 6;

    // Seed.
    console.log('Seeding …');
    const db = new Client({ connectionString: stack.databaseUrl });
    db.on('error', (err) => console.error(`seed connection: ${err.message}`));
    await db.connect();
    const t0 = Date.now();
    for (const sql of SEED_SQL) await db.query(sql);
    const [{ rows, views }] = (await db.query(`SELECT count(*)::int AS rows, sum(views)::bigint::int AS views FROM "leads"."page_view_rollups"`)).rows;
    const [{ leads }] = (await db.query(`SELECT count(*)::int AS leads FROM "leads"."leads"`)).rows;
    const [{ size }] = (await db.query(`SELECT pg_size_pretty(pg_total_relation_size('"leads"."page_view_rollups"') + pg_total_relation_size('"leads"."leads"')) AS size`)).rows;
    await db.end();
    console.log(
      `Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${rows.toLocaleString('en')} rollup rows = ${views.toLocaleString('en')} page views over ${SCALE.clinics} clinics × ${SCALE.days} days, ` +
        `${leads.toLocaleString('en')} leads; ${size} with indexes; ${cpus().length} cores.\n`,
    );

    // (1) results through the gateway.
    const cookie = await login(stack);
    const today = new Date().toISOString().slice(0, 10);
    const dayBefore = (n) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    const paths = ['summary', 'breakdown?by=service', 'breakdown?by=variant', 'breakdown?by=source', 'breakdown?by=campaign'];
    const worst = { agency: 0, clinic: 0 };
    console.log(`(1) results, ${REQUESTS} requests each, ${CONCURRENCY} at a time (after 5 unmeasured), admin session, through the gateway (ms):`);
    console.log(`  ${'scope'.padEnd(10)} ${'range'.padEnd(6)} ${'route'.padEnd(22)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}`);
    for (const scope of ['agency', 'clinic']) {
      for (const days of [30, 365]) {
        for (const path of paths) {
          const sep = path.includes('?') ? '&' : '?';
          const url = `${stack.url}/api/results/${path}${sep}from=${dayBefore(days - 1)}&to=${today}${scope === 'clinic' ? `&clientId=${CLINIC}` : ''}`;
          const times = await timeGets(url, cookie);
          const p95 = percentile(times, 95);
          worst[scope] = Math.max(worst[scope], p95);
          console.log(
            `  ${(scope === 'clinic' ? `clinic ${CLINIC}` : scope).padEnd(10)} ${`${days} d`.padEnd(6)} ${path.padEnd(22)} ${ms(percentile(times, 50)).padStart(6)} ${ms(p95).padStart(6)} ${ms(percentile(times, 99)).padStart(6)} ${ms(times.at(-1)).padStart(6)}`,
          );
        }
      }
    }

    // (2) what counting costs a page: the same load with counting on, then on a stack with PAGE_VIEWS=off, ROUNDS times.
    console.log(`\n(2) landing page at ${RATE} pages/s (wrk, ${RATE_CONNECTIONS} connections pacing ${Math.round((RATE_CONNECTIONS * 1000) / RATE)} ms, a browser's User-Agent, 2,000 addresses), ${DURATION} s a run:`);
    const on = [];
    const off = [];
    const secondPorts = portsOf(BASE_PORT + 10);
    let secondStack;
    try {
      secondStack = await bootStack(SWAP ? 'on' : 'off', secondPorts, { PAGE_VIEWS: SWAP ? 'on' : 'off' });
      secondStack.metricsPort = BASE_PORT + 16;
      const [onStack, noStack] = SWAP ? [secondStack, stack] : [stack, secondStack];
      // In turn, the first side alternating, so neither always follows the other.
      for (let round = 1; round <= ROUNDS; round++) {
        const runOn = async () => on.push(await pageRun(onStack, `round ${round} on`, 10 + round * 2));
        const runOff = async () => off.push(await pageRun(noStack, `round ${round} off`, 30 + round * 2));
        if (round % 2) await runOn().then(runOff);
        else await runOff().then(runOn);
      }
    } finally {
      await secondStack?.stop();
    }
    const p99On = median(on.map((r) => r.p99));
    const p99Off = median(off.map((r) => r.p99));
    const added = p99On - p99Off;
    console.log(`  median p99: counting on ${p99On.toFixed(2)} ms, off ${p99Off.toFixed(2)} ms: counting ${added >= 0 ? '+' : ''}${added.toFixed(2)} ms`);
    console.log('  (both stacks run throughout, idle but for the side measured: the two sides share the two cores alike)');

    const verdicts = [
      [`agency-wide summary and breakdowns p95 ≤ ${TARGETS.agencyP95} ms (worst ${ms(worst.agency)} ms)`, worst.agency <= TARGETS.agencyP95],
      [`one clinic's summary and breakdowns p95 ≤ ${TARGETS.clinicP95} ms (worst ${ms(worst.clinic)} ms)`, worst.clinic <= TARGETS.clinicP95],
      [`counting adds ≤ ${TARGETS.countingP99} ms to the page p99 at ${RATE}/s`, added <= TARGETS.countingP99],
    ];
    const passed = printVerdicts(verdicts);
    console.log(`results: p95 ${ms(worst.agency)} ms agency, ${ms(worst.clinic)} ms clinic; counting ${added >= 0 ? '+' : ''}${added.toFixed(1)} ms p99`);
    return passed || !STRICT;
  } finally {
    await cleanup();
  }
}

runMain(main);
