#!/usr/bin/env node
/**
 * Landing pages at ad-spike scale (npm run bench:capacity, which builds first).
 *
 * Starts the whole stack with the launcher (startStack) on its own ports, a
 * fresh PostgreSQL database and Redis prefix (both removed afterwards), with the
 * product's rate limits (600 requests and 5 leads a minute per address) and
 * the gateway trusting this process as the proxy in front (TRUST_PROXY=127.0.0.1),
 * so each request says which visitor it is for in X-Forwarded-For. Then, with
 * autocannon, all to 127.0.0.1, every request a new ad click (its own gclid and
 * utm parameters, Accept-Encoding as a browser sends it):
 *   (a) a clinic's landing page on its own host at full load through the gateway:
 *       pages/s, p50, p99 and the page cache's hit ratio (the shell's metrics);
 *   (b) the same page at a fixed 1,000 pages/s: p99;
 *   (c) a burst from 100 addresses: 100 pages/s for 20 s over every clinic's pages
 *       on their hosts, starting with the page cache emptied (an invalidation, as
 *       after an admin's change), with 500 valid leads sent in between (5 per
 *       address, the limit), counting every answer that was not 2xx.
 * Targets (issue): ≥ 2,000 pages/s, p99 ≤ 25 ms at 1,000/s, 0 errors in the burst.
 * The last line is `capacity: N pages/s, p99 X ms at 1000/s, burst E errors`.
 * A benchmark prints figures: a missed target exits non-zero only with --strict;
 * errors (the stack not starting) always do.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { machineTicks, printVerdicts, procStat } from './kit/figures.mjs';
import { landingPage as seededLandingPage, seedDomainMappings } from './kit/site.mjs';
import { benchStack, onInterrupt, portsFrom, REDIS_URL, requireBuilt, ROOT, runMain, STRICT } from './kit/stack.mjs';
import { runWrk, wrkInstalled } from './kit/wrk.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const Redis = require('ioredis');

const env = process.env;
const BASE_PORT = Number(env.BENCH_CAPACITY_PORT ?? 18590);
const DURATION = Math.max(1, Number(env.BENCH_DURATION ?? 15));
const WARMUP = Math.max(0, Number(env.BENCH_WARMUP ?? 3));
const CONNECTIONS = Math.max(1, Number(env.BENCH_CONNECTIONS ?? 50));
const RATE = 1000;
/** Gateway processes sharing its port (GATEWAY_PROCESSES): one a core, as a machine of its own would run it. */
const GATEWAY_PROCESSES = Math.max(1, Number(env.BENCH_GATEWAY_PROCESSES ?? cpus().length));
const RATE_CONNECTIONS = Math.max(1, Number(env.BENCH_RATE_CONNECTIONS ?? 20));
const BURST = { seconds: 20, rate: 100, addresses: 100, leads: 500 };
const TARGETS = { pagesPerSecond: 2000, p99AtRate: 25, burstErrors: 0 };
/** Client 2's host (seeded domain mappings): a page chosen by its host, as an ad's landing URL is. */
const LANDING_CLIENT = 2;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/**
 * The load generator of (a): wrk (Debian's package, C, about 30 µs of CPU a
 * page) when it is installed, else autocannon (about 350 µs a page, a third of
 * what the stack itself spends, taken from the same two cores). BENCH_LOAD=autocannon forces it.
 */
const LOADER = env.BENCH_LOAD ?? (wrkInstalled() ? 'wrk' : 'autocannon');

requireBuilt(
  ['gateway/dist/server.js', 'frontends/public-shell/dist/node/server.js', 'frontends/public-shell/dist/client/index.html', 'services/tenant/dist/db/seed-data.js'],
  'run npm run build first (npm run bench:capacity does).',
);
const SEED_DOMAIN_MAPPINGS = seedDomainMappings();

/** Visitors' addresses (X-Forwarded-For): `10.<group>.x.y`, distinct per group so runs do not share counters. */
const address = (group, n) => `10.${group}.${(n >> 8) & 255}.${n & 255}`;

/**
 * autocannon requests: each a new click on `pages[n % pages.length]` with its
 * own gclid, from `addresses` visitors in turn (a counter of this process: a
 * connection's context is reset between requests).
 */
function clicks(pages, { group, addresses }) {
  let n = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const i = n++;
        const page = pages[i % pages.length];
        return {
          ...request,
          path: `${page.path}?utm_source=google&utm_medium=cpc&utm_campaign=spike&gclid=Cj0KCQ-${i.toString(36)}`,
          headers: { host: page.host, 'accept-encoding': ACCEPT_ENCODING, 'x-forwarded-for': address(group, i % addresses) },
        };
      },
    },
  ];
}

/** The page cache's counters in the shell's metrics (page_cache_lookups_total by result). */
async function cacheCounts(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const counts = { hit: 0, miss: 0, stale: 0, bypass: 0 };
  for (const [, result, value] of text.matchAll(/^page_cache_lookups_total\{[^}]*result="(\w+)"[^}]*\} (\S+)$/gm)) counts[result] = Number(value);
  return counts;
}

const hitRatio = (before, after) => {
  const hits = after.hit - before.hit;
  const all = hits + (after.miss - before.miss) + (after.stale - before.stale) + (after.bypass - before.bypass);
  return { hits, all, ratio: all ? hits / all : NaN };
};

/**
 * CPU ticks of this process, its descendants (the stack: a service's worker
 * processes count as the service), wrk (this process's reaped children),
 * PostgreSQL, Redis and the whole machine, to say who used the cores.
 */
function cpuSnapshot() {
  const snapshot = new Map();
  const others = { postgres: 0, 'redis-server': 0 };
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat) procs.set(Number(entry), stat);
  }
  const ours = (pid) => {
    for (let p = procs.get(pid)?.parent; p; p = procs.get(p)?.parent) if (p === process.pid) return true;
    return false;
  };
  const add = (name, ticks) => snapshot.set(name, (snapshot.get(name) ?? 0) + ticks);
  for (const [pid, { comm, ticks, reaped }] of procs) {
    if (pid === process.pid) {
      add('autocannon (this process)', ticks);
      // wrk has ended by the time of the second snapshot: its time is in this process's reaped children's.
      add('wrk', reaped);
    } else if (ours(pid)) {
      let script = comm;
      try {
        script = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((arg) => arg.endsWith('.js')) ?? comm;
      } catch {
        // ended meanwhile
      }
      add(script.replace(`${ROOT}/`, ''), ticks);
    } else if (comm in others) others[comm] += ticks;
  }
  for (const [name, ticks] of Object.entries(others)) snapshot.set(`${name} (all processes)`, ticks);
  snapshot.machine = machineTicks();
  return snapshot;
}

function printCpu(before, after, seconds) {
  const hz = 100;
  const rows = [...after.entries()]
    .map(([name, ticks]) => ({ name, share: (ticks - (before.get(name) ?? ticks)) / hz / seconds }))
    .filter((r) => r.share > 0.005)
    .sort((a, b) => b.share - a.share);
  const m = { busy: after.machine.busy - before.machine.busy, idle: after.machine.idle - before.machine.idle, steal: after.machine.steal - before.machine.steal };
  const total = m.busy + m.idle + m.steal || 1;
  const ours = rows.reduce((sum, r) => sum + r.share, 0);
  console.log(`  CPU (share of one core) during the run, ${cpus().length} cores:`);
  for (const r of rows) console.log(`    ${r.name.padEnd(48)} ${(r.share * 100).toFixed(0).padStart(4)} %`);
  const busyCores = (m.busy / total) * cpus().length;
  console.log(
    `    machine: busy ${((m.busy / total) * 100).toFixed(0)} %, idle ${((m.idle / total) * 100).toFixed(0)} %, stolen ${((m.steal / total) * 100).toFixed(0)} %; ` +
      `other processes ≈ ${Math.max(0, (busyCores - ours) * 100).toFixed(0)} % of a core`,
  );
}

/**
 * (a) with wrk: `connections` connections for `seconds`, each request a new click on
 * `page` from 2,000 addresses (clicks.lua); resolves with autocannon's
 * figures' names (2xx, latency in ms, errors, timeouts, statusCodeStats).
 */
async function wrkClicks(gatewayUrl, page, { connections, seconds, group }) {
  const r = await runWrk(gatewayUrl, { connections, seconds }, { host: page.host, path: page.path, group, addresses: 2000, campaign: 'spike', gclid: 'Cj0KCQ-' });
  const statusCodeStats = { 200: { count: r.ok } };
  for (const [status, count] of Object.entries(r.other)) statusCodeStats[status] = { count };
  return {
    '2xx': r.ok,
    seconds: r.seconds,
    non2xx: r.requests - r.ok,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodeStats,
    latency: { p50: r.p50, p90: r.p90, p99: r.p99, max: r.max },
    throughput: { average: r.bytes / r.seconds },
  };
}

const failuresOf = (result) => result.errors + result.timeouts + result.non2xx;
const statusLine = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');

/** Every clinic's home page and its services' landing pages, on the clinic's first mapped host. */
async function burstPages(gatewayUrl) {
  const hosts = new Map();
  for (const { domain, clientId } of SEED_DOMAIN_MAPPINGS) if (!hosts.has(clientId)) hosts.set(clientId, domain);
  const pages = [];
  for (const [clientId, host] of hosts) {
    pages.push({ host, path: '/' });
    const res = await fetch(`${gatewayUrl}/api/page-content/${clientId}`);
    const services = (await res.json())?.data?.services ?? [];
    for (const service of services) pages.push({ host, path: `/${service.slug}` });
  }
  return pages;
}

/** The landing page of the runs (a), (b): client 2's TRT page (or its first service) on its host, and that service's id. */
async function landingPage(gatewayUrl) {
  const { host, path, slug } = await seededLandingPage(gatewayUrl, LANDING_CLIENT);
  const res = await fetch(`${gatewayUrl}/api/page-content/${LANDING_CLIENT}?service=${slug}`);
  const serviceId = (await res.json())?.data?.landing?.content?.service?.id;
  if (!Number.isInteger(serviceId)) throw new Error(`client ${LANDING_CLIENT}'s ${slug} page has no service id (${serviceId})`);
  return { host, path, serviceId };
}

/**
 * 500 valid leads over the burst, evenly spaced, each from one of the burst's
 * addresses in turn (5 each: the per-address limit of 5 a minute, met, not
 * passed). Resolves with the answers by status.
 */
async function sendLeads(gatewayUrl, landing, run) {
  const statuses = {};
  const gap = (BURST.seconds * 1000) / BURST.leads;
  const started = Date.now();
  const sent = [];
  for (let i = 0; i < BURST.leads; i++) {
    const due = started + i * gap;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    sent.push(
      fetch(`${gatewayUrl}/api/leads`, {
        method: 'POST',
        headers: {
          host: landing.host,
          'content-type': 'application/json',
          'idempotency-key': `capacity-${run}-${i}`,
          'x-forwarded-for': address(200, i % BURST.addresses),
        },
        body: JSON.stringify({
          name: `Spike Patient ${i}`,
          email: `capacity-${run}-${i}@example.com`,
          phone: `+1 555 ${String(1_000_000 + i).padStart(7, '0')}`,
          message: 'I saw the ad and would like a consultation.',
          clientId: LANDING_CLIENT,
          serviceId: landing.serviceId,
          consentVersion: 'lead-form-v1',
          attribution: { first: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spike', gclid: `Cj0KCQ-lead-${i}`, landingPath: landing.path, at: new Date().toISOString() }, last: null, styleVariant: 'a' },
        }),
        signal: AbortSignal.timeout(15_000),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        },
        (err) => {
          statuses[err.name] = (statuses[err.name] ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(sent);
  return statuses;
}

async function main() {
  const bench = await benchStack('capacity');
  const { run, databaseName, redisPrefix } = bench;
  const cleanup = () => bench.stop();
  onInterrupt(cleanup);

  try {
    const ports = portsFrom(BASE_PORT);
    const shellMetrics = `http://127.0.0.1:${BASE_PORT + 6}/metrics`;
    console.log(`Starting the stack on ports ${BASE_PORT}–${BASE_PORT + 6} (database ${databaseName}) …`);
    const stack = await bench.start({
      logDir: join(ROOT, '.data', 'bench', 'capacity', 'logs'),
      ports,
      metricsPorts: { 'public-shell': BASE_PORT + 6 },
      env: {
        // The bench stands for the proxy in front: each request names its visitor in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        // The product's limits, whatever this shell has set.
        RATE_LIMIT_PER_MINUTE: '600',
        LEAD_RATE_LIMIT_PER_MINUTE: '5',
        GATEWAY_PROCESSES: String(GATEWAY_PROCESSES),
      },
    });
    const gatewayUrl = stack.url;
    const landing = await landingPage(gatewayUrl);
    const probe = await fetch(`${gatewayUrl}${landing.path}?gclid=probe`, { headers: { host: landing.host, 'accept-encoding': ACCEPT_ENCODING, 'x-forwarded-for': address(99, 1) } });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`GET ${landing.host}${landing.path} answered ${probe.status}`);
    console.log(
      `Landing page http://${landing.host}${landing.path} (client ${LANDING_CLIENT}, chosen by its host), ${(Number(probe.headers.get('content-length') ?? 0) / 1024).toFixed(1)} KB as sent (${probe.headers.get('content-encoding') ?? 'identity'}), ` +
        `x-page-cache ${probe.headers.get('x-page-cache')}; ${GATEWAY_PROCESSES} gateway process${GATEWAY_PROCESSES === 1 ? '' : 'es'} (GATEWAY_PROCESSES); rate limits 600/min and 5 leads/min per address (TRUST_PROXY=127.0.0.1); ${cpus().length} cores.\n`,
    );

    const pages = [landing];
    if (WARMUP > 0) await autocannon({ url: gatewayUrl, connections: CONNECTIONS, duration: WARMUP, requests: clicks(pages, { group: 1, addresses: 2000 }) });

    // (a) full load.
    const beforeA = await cacheCounts(shellMetrics);
    const cpuBefore = cpuSnapshot();
    const t0 = process.hrtime.bigint();
    const a =
      LOADER === 'wrk'
        ? await wrkClicks(gatewayUrl, landing, { connections: CONNECTIONS, seconds: DURATION, group: 2 })
        : await autocannon({ url: gatewayUrl, connections: CONNECTIONS, duration: DURATION, requests: clicks(pages, { group: 2, addresses: 2000 }) });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpuAfter = cpuSnapshot();
    const ratioA = hitRatio(beforeA, await cacheCounts(shellMetrics));
    const pagesPerSecond = a['2xx'] / (a.seconds ?? DURATION);
    console.log(`(a) full load (${LOADER}): ${CONNECTIONS} connections, ${DURATION} s, one landing page, every request a new click from 2,000 addresses`);
    console.log(`  ${Math.round(pagesPerSecond)} pages/s (2xx), p50 ${a.latency.p50} ms, p90 ${a.latency.p90} ms, p99 ${a.latency.p99} ms, max ${a.latency.max} ms; ${(a.throughput.average / 1_048_576).toFixed(1)} MB/s`);
    console.log(`  page cache: ${ratioA.hits} hits of ${ratioA.all} answers = ${(ratioA.ratio * 100).toFixed(2)} %; answers: ${statusLine(a)}; errors ${a.errors}, timeouts ${a.timeouts}`);
    printCpu(cpuBefore, cpuAfter, seconds);

    // (b) fixed rate.
    const b = await autocannon({ url: gatewayUrl, connections: RATE_CONNECTIONS, overallRate: RATE, duration: DURATION, requests: clicks(pages, { group: 3, addresses: 2000 }) });
    console.log(`\n(b) ${RATE} pages/s: ${RATE_CONNECTIONS} connections, ${DURATION} s`);
    console.log(`  ${Math.round(b['2xx'] / DURATION)} pages/s (2xx), p50 ${b.latency.p50} ms, p90 ${b.latency.p90} ms, p99 ${b.latency.p99} ms, max ${b.latency.max} ms; answers: ${statusLine(b)}; errors ${b.errors}, timeouts ${b.timeouts}`);

    // (c) the burst, from a cache emptied as after an admin's change (templates' invalidation message).
    const mix = await burstPages(gatewayUrl);
    const redis = new Redis(REDIS_URL);
    await redis.publish(`${redisPrefix}:content-cache:templates.page-content:invalidate`, `capacity-bench-${randomUUID()}`);
    redis.disconnect();
    const beforeC = await cacheCounts(shellMetrics);
    const cpuBeforeC = cpuSnapshot();
    const startedC = process.hrtime.bigint();
    const [c, leads] = await Promise.all([
      autocannon({ url: gatewayUrl, connections: BURST.addresses, overallRate: BURST.rate, duration: BURST.seconds, timeout: 15, requests: clicks(mix, { group: 4, addresses: BURST.addresses }) }),
      sendLeads(gatewayUrl, landing, run),
    ]);
    const ratioC = hitRatio(beforeC, await cacheCounts(shellMetrics));
    const leadFailures = Object.entries(leads).filter(([status]) => !status.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);
    const burstErrors = failuresOf(c) + leadFailures;
    console.log(`\n(c) burst: ${BURST.rate} pages/s for ${BURST.seconds} s from ${BURST.addresses} addresses over ${mix.length} pages of ${new Set(mix.map((p) => p.host)).size} clinics, page cache emptied first, ${BURST.leads} leads in between`);
    console.log(`  pages: ${c.requests.total} sent, ${statusLine(c)}; errors ${c.errors}, timeouts ${c.timeouts}; p50 ${c.latency.p50} ms, p99 ${c.latency.p99} ms, max ${c.latency.max} ms; cache hits ${(ratioC.ratio * 100).toFixed(1)} %`);
    console.log(`  leads: ${Object.entries(leads).map(([status, n]) => `${status}: ${n}`).join(', ')}`);
    console.log(`  not 2xx: ${burstErrors} (pages ${failuresOf(c)}, leads ${leadFailures})`);
    console.log('  (autocannon sends each connection\'s request on the same tick: 100 pages at once every second, a harsher load than an even 100/s)');
    printCpu(cpuBeforeC, cpuSnapshot(), Number(process.hrtime.bigint() - startedC) / 1e9);

    const p99 = b.latency.p99;
    const verdicts = [
      [`landing pages/s through the gateway ≥ ${TARGETS.pagesPerSecond}`, pagesPerSecond >= TARGETS.pagesPerSecond],
      [`p99 at ${RATE}/s ≤ ${TARGETS.p99AtRate} ms`, p99 <= TARGETS.p99AtRate],
      [`burst errors = ${TARGETS.burstErrors}`, burstErrors === TARGETS.burstErrors],
    ];
    const passed = printVerdicts(verdicts);
    console.log(`capacity: ${Math.round(pagesPerSecond)} pages/s, p99 ${p99} ms at ${RATE}/s, burst ${burstErrors} errors`);
    return passed || !STRICT;
  } finally {
    await cleanup();
  }
}

runMain(main);
