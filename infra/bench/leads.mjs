#!/usr/bin/env node
/**
 * Lead submission benchmark (npm run bench:leads, which builds the servers first).
 *
 * Creates a fresh PostgreSQL database `hap_bench_leads_<run>` (migrated for
 * tenant, leads and templates, seeded with the demo clinics and catalogue) and
 * a Redis key prefix of its own, starts tenant, templates, leads, the leads
 * worker and the gateway from their dist/ builds on free loopback ports, then
 * sends `POST /api/leads` through the gateway with autocannon for
 * BENCH_DURATION seconds (30) over BENCH_CONNECTIONS connections (20), each
 * request a new lead (its own e-mail address and Idempotency-Key). The
 * gateway's rate limits are off for the run (RATE_LIMIT_PER_MINUTE=0,
 * LEAD_RATE_LIMIT_PER_MINUTE=0). Prints the answers by status, leads/s,
 * latency percentiles and each process's CPU during the run, then counts the
 * run's rows in leads.leads and leads.lead_deliveries: every answered lead
 * stored once, none twice, and how many deliveries the relay and worker settled
 * within BENCH_SETTLE seconds (10) after the run. Targets (issue): ≥ 1,000
 * leads/s with p99 ≤ 50 ms, every answered lead stored once. A benchmark
 * prints figures: a missed target exits non-zero only with --strict; errors
 * (a process not starting or dying, failed requests) always do. Everything it
 * created is removed on exit, on errors and on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { machineTicks, procStat } from './kit/figures.mjs';
import { cleanUp, freePort, waitUntilReady, warningOf } from './kit/processes.mjs';
import {
  createDatabase,
  databaseUrlOf,
  deleteRedisKeys,
  dropDatabase as dropDatabaseNamed,
  REDIS_URL,
  requireBuilt,
  ROOT,
  runId,
  STRICT,
} from './kit/stack.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');

const env = process.env;
const DURATION = Math.max(1, Number(env.BENCH_DURATION ?? 30));
const CONNECTIONS = Math.max(1, Number(env.BENCH_CONNECTIONS ?? 20));
const WARMUP = Math.max(0, Number(env.BENCH_WARMUP ?? 3));
/** Seconds to wait after the run for the relay and worker to settle the run's deliveries. */
const SETTLE = Math.max(0, Number(env.BENCH_SETTLE ?? 10));
const LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'warn';
const LOG_DIR = env.BENCH_LOG_DIR ?? join(ROOT, '.data', 'bench', 'leads', 'logs');
// The flags the gateway runs with everywhere (launcher, docker compose).
const GATEWAY_NODE_ARGS = (env.BENCH_GATEWAY_NODE_ARGS ?? '--max-semi-space-size=32').split(' ').filter(Boolean);
/** BENCH_WORKER=0 leaves the leads worker out (deliveries stay pending): the submission path alone. */
const WITH_WORKER = env.BENCH_WORKER !== '0';
/** Extra node flags for tenant, templates, leads and the worker (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof). */
const SERVICE_NODE_ARGS = (env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const INTERNAL_SECRET = `bench-${randomBytes(16).toString('hex')}`;
// Production demands a real key for two-factor secrets; the bench's admin signs in with a password alone.
const MFA_SECRET_KEY = randomBytes(32).toString('base64');
const CLIENT_ID = 1;
const SERVICE_PATH = 'trt';

const TARGET_RATE = 1000;
const TARGET_P99_MS = 50;

const dist = (p) => join(ROOT, p);
requireBuilt(
  [
    'gateway/dist/server.js',
    'services/tenant/dist/server.js',
    'services/tenant/dist/db/seed.js',
    'services/templates/dist/server.js',
    'services/templates/dist/db/seed.js',
    'services/leads/dist/server.js',
    'services/leads/dist/worker.js',
    'packages/service-kit/dist/index.js',
  ],
  'run npm run build:server first (npm run bench:leads does).',
);
const { migrate } = require(dist('packages/service-kit/dist/index.js'));

const RUN = runId(3, '');
const DATABASE_NAME = `hap_bench_leads_${RUN}`;
const REDIS_PREFIX = `hap_bench_leads_${RUN}`;
const databaseUrl = databaseUrlOf(DATABASE_NAME);
/** The e-mail addresses of one phase's leads: bench-<run>-<phase>-<n>@example.com. */
const emailPrefix = (phase) => `bench-${RUN}-${phase}-`;

// ─── processes ──────────────────────────────────────────────────────────────

const children = [];
let stopping = false;
let databaseCreated = false;
const running = (child) => child.exitCode === null && child.signalCode === null;

/** Prints a child's warnings and errors (pino JSON lines at level ≥ 40, and non-JSON lines), a few per process. */
function echo(name, line, state) {
  const text = warningOf(line);
  if (text === null) return;
  state.shown++;
  if (state.shown <= 5) console.log(`  [${name}] ${text}`);
  else if (state.shown === 6) console.log(`  [${name}] … more in ${join(LOG_DIR, `${name}.log`)}`);
}

function start(name, script, childEnv, nodeArgs = []) {
  mkdirSync(LOG_DIR, { recursive: true });
  const out = createWriteStream(join(LOG_DIR, `${name}.log`));
  const child = spawn(process.execPath, [...nodeArgs, dist(script)], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL,
      INTERNAL_SECRET,
      MFA_SECRET_KEY,
      REQUIRE_ADMIN_MFA: 'false',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX,
      METRICS_PORT: '0',
      ...childEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { shown: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      out.write(chunk);
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) echo(name, line, state);
    });
  }
  child.on('exit', (code, signal) => {
    out.end();
    if (!stopping) {
      console.error(`${name} exited early (${signal ?? `code ${code}`}); see ${join(LOG_DIR, `${name}.log`)}`);
      void shutdown(1);
    }
  });
  children.push({ name, child });
  return child;
}

/** Last started first (the gateway before the services), each given a few seconds to drain. */
async function stopChildren() {
  stopping = true;
  for (const { child } of [...children].reverse()) {
    if (!running(child)) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

async function dropDatabase() {
  if (!databaseCreated) return;
  await dropDatabaseNamed(DATABASE_NAME);
  databaseCreated = false;
}

let shuttingDown = null;
/** Stops the children, drops the database and the run's Redis keys, then exits (once, whoever calls first). */
function shutdown(code) {
  shuttingDown ??= (async () => {
    const steps = [
      ['stopping the processes', stopChildren],
      ['dropping the database', dropDatabase],
      ['deleting the Redis keys', () => deleteRedisKeys(REDIS_PREFIX, 1000)],
    ];
    process.exit(await cleanUp(steps, code));
  })();
  return shuttingDown;
}
process.on('exit', () => children.filter(({ child }) => running(child)).forEach(({ child }) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up …`);
    void shutdown(130);
  });
}

// ─── database ───────────────────────────────────────────────────────────────

/** Creates the run's database, migrates tenant, leads and templates with their own dist code, seeds tenant and templates. */
async function prepareDatabase() {
  await createDatabase(DATABASE_NAME);
  databaseCreated = true;
  for (const service of ['tenant', 'leads', 'templates']) {
    const { createDataSource, SCHEMA } = require(dist(`services/${service}/dist/db/data-source.js`));
    const dataSource = createDataSource(databaseUrl);
    try {
      await migrate(dataSource, SCHEMA);
      if (service === 'tenant') {
        const { seed } = require(dist('services/tenant/dist/db/seed.js'));
        // No demo pictures (uploadDir null): the benchmark renders no page.
        await seed(dataSource, { adminEmail: 'bench-admin@healthads.local', adminPassword: randomBytes(12).toString('hex'), uploadDir: null });
      } else if (service === 'templates') {
        const { seed } = require(dist('services/templates/dist/db/seed.js'));
        await seed(dataSource);
      }
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  }
}

// ─── CPU per process (Linux /proc) ──────────────────────────────────────────

const CLOCK_TICKS = 100;
const readStat = procStat;

/** CPU ticks used so far by each child, by all postgres and redis-server processes, and by this process (autocannon). */
function cpuSnapshot() {
  if (!existsSync('/proc/self/stat')) return null;
  const snapshot = new Map();
  for (const { name, child } of children) snapshot.set(name, readStat(child.pid)?.ticks ?? 0);
  snapshot.set('autocannon (this process)', readStat(process.pid)?.ticks ?? 0);
  const others = { postgres: 0, 'redis-server': 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat.comm in others) others[stat.comm] += stat.ticks;
  }
  for (const [name, ticks] of Object.entries(others)) snapshot.set(`${name} (all processes)`, ticks);
  snapshot.machine = machineTicks();
  return snapshot;
}

// ─── the run ────────────────────────────────────────────────────────────────

/** Client 1's active TRT service, as the public page reads it through the gateway. */
async function findServiceId(gatewayUrl) {
  const res = await fetch(`${gatewayUrl}/api/page-content/${CLIENT_ID}?service=${SERVICE_PATH}`);
  const body = await res.json().catch(() => null);
  const id = body?.data?.landing?.content?.service?.id;
  if (res.status !== 200 || !Number.isInteger(id)) {
    throw new Error(`GET /api/page-content/${CLIENT_ID}?service=${SERVICE_PATH} answered ${res.status} without a service id: ${JSON.stringify(body)?.slice(0, 300)}`);
  }
  return id;
}

/**
 * autocannon options for one phase: every request a new lead, its own e-mail
 * address and Idempotency-Key (the connection's context carries the key from
 * setupRequest to onResponse, so the keys answered 2xx are collected).
 */
function leadRequests(gatewayUrl, serviceId, phase, answeredKeys) {
  let n = 0;
  const prefix = emailPrefix(phase);
  return {
    url: gatewayUrl,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/leads',
        setupRequest: (request, context) => {
          n++;
          const key = `bench-${RUN}-${phase}-${n}`;
          context.key = key;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({
              name: `Bench Patient ${n}`,
              email: `${prefix}${n}@example.com`,
              phone: `+1 555 ${String(n % 10_000_000).padStart(7, '0')}`,
              message: 'Benchmark lead: I would like to book a consultation.',
              clientId: CLIENT_ID,
              serviceId,
              consentVersion: 'lead-form-v1',
              attribution: {
                first: { utmSource: 'bench', utmMedium: 'cpc', utmCampaign: `run-${RUN}`, landingPath: `/${SERVICE_PATH}`, at: new Date().toISOString() },
                last: null,
                styleVariant: 'a',
              },
            }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status >= 200 && status < 300 && context.key) answeredKeys?.push(context.key);
        },
      },
    ],
  };
}

const pad = (label) => `  ${label.padEnd(34)}`;
const verdict = (ok, target) => `${ok ? 'PASS' : 'FAIL'} (target ${target})`;

async function countRows(db, phase, answeredKeys) {
  const pattern = `${emailPrefix(phase)}%`;
  const { rows: [leads] } = await db.query(
    `SELECT count(*)::int AS rows, count(DISTINCT "idempotency_key")::int AS keys, count(DISTINCT "email")::int AS emails,
            count(*) FILTER (WHERE NOT "service_checked")::int AS unchecked,
            count(*) FILTER (WHERE "idempotency_key" = ANY($2::text[]))::int AS answered
       FROM "leads"."leads" WHERE "email" LIKE $1`,
    [pattern, answeredKeys],
  );
  return leads;
}

async function deliveryStatus(db, phase) {
  const { rows } = await db.query(
    `SELECT d."status", count(*)::int AS n FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
      WHERE l."email" LIKE $1 GROUP BY d."status" ORDER BY d."status"`,
    [`${emailPrefix(phase)}%`],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function main() {
  const startedAt = new Date();
  console.log(`Preparing database ${DATABASE_NAME} (tenant, leads, templates) and Redis prefix ${REDIS_PREFIX} …`);
  await prepareDatabase();

  const ports = { tenant: await freePort(), templates: await freePort(), leads: await freePort(), gateway: await freePort(), ads: await freePort() };
  const url = (name) => `http://127.0.0.1:${ports[name]}`;
  start('tenant', 'services/tenant/dist/server.js', { PORT: String(ports.tenant) }, SERVICE_NODE_ARGS);
  start('templates', 'services/templates/dist/server.js', { PORT: String(ports.templates), TENANT_URL: url('tenant') }, SERVICE_NODE_ARGS);
  start('leads', 'services/leads/dist/server.js', { PORT: String(ports.leads), TEMPLATES_URL: url('templates') }, SERVICE_NODE_ARGS);
  // No SMTP_URL: e-mail deliveries are recorded as not configured, as are CRM ones.
  if (WITH_WORKER) start('leads-worker', 'services/leads/dist/worker.js', { TENANT_URL: url('tenant'), SMTP_URL: '' }, SERVICE_NODE_ARGS);
  start(
    'gateway',
    'gateway/dist/server.js',
    {
      PORT: String(ports.gateway),
      TENANT_URL: url('tenant'),
      LEADS_URL: url('leads'),
      TEMPLATES_URL: url('templates'),
      // Ads is not started: nothing listens there (the gateway's /readyz says so; lead submissions never go there).
      ADS_URL: url('ads'),
      RATE_LIMIT_PER_MINUTE: '0',
      LEAD_RATE_LIMIT_PER_MINUTE: '0',
    },
    GATEWAY_NODE_ARGS,
  );
  await Promise.all([
    ...['tenant', 'templates', 'leads'].map((name) => waitUntilReady(name, `${url(name)}/health`)),
    waitUntilReady('gateway', `${url('gateway')}/healthz`),
  ]);

  const gatewayUrl = url('gateway');
  const serviceId = await findServiceId(gatewayUrl);
  // One lead by hand first: a contract or configuration problem shows here, not as 30 s of 4xx.
  const probe = await autocannon({ ...leadRequests(gatewayUrl, serviceId, 'probe', null), connections: 1, amount: 1 });
  if (probe['2xx'] !== 1) {
    const res = await fetch(`${gatewayUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Probe', email: 'probe@example.com', phone: '+1 555 0000000', clientId: CLIENT_ID, serviceId, consentVersion: 'lead-form-v1' }),
    });
    throw new Error(`POST /api/leads did not answer 2xx (a plain probe answered ${res.status}: ${(await res.text()).slice(0, 300)})`);
  }

  console.log(
    `Client ${CLIENT_ID}, service ${serviceId} (/${SERVICE_PATH}). Gateway rate limits off for the run (RATE_LIMIT_PER_MINUTE=0, LEAD_RATE_LIMIT_PER_MINUTE=0); ` +
      `${WITH_WORKER ? 'no SMTP_URL (e-mail deliveries become not_configured)' : 'NO leads worker (BENCH_WORKER=0: deliveries stay pending)'}; gateway node ${GATEWAY_NODE_ARGS.join(' ') || '(no flags)'}.`,
  );
  console.log(`autocannon: POST /api/leads, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured, a new lead per request; ${cpus().length} CPUs.\n`);
  if (WARMUP > 0) await autocannon({ ...leadRequests(gatewayUrl, serviceId, 'w', null), duration: WARMUP });

  const answeredKeys = [];
  const before = cpuSnapshot();
  const t0 = process.hrtime.bigint();
  const result = await autocannon({ ...leadRequests(gatewayUrl, serviceId, 'm', answeredKeys), duration: DURATION });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const after = cpuSnapshot();
  // Requests cut off at the deadline may still be committing: let them finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const ok2xx = result['2xx'];
  const non2xx = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}: ${count}`);
  const rate = ok2xx / DURATION;
  const { p50, p90, p99, max } = result.latency;

  console.log(`── POST /api/leads through the gateway, ${DURATION} s, ${CONNECTIONS} connections`);
  console.log(`${pad('answered 2xx')}${ok2xx}`);
  console.log(`${pad('non-2xx')}${non2xx.length ? non2xx.join(', ') : 0}`);
  console.log(`${pad('errors / timeouts')}${result.errors} / ${result.timeouts}`);
  console.log(`${pad('leads/s (2xx per second)')}${Math.round(rate)}`);
  console.log(`${pad('latency p50 / p90 / p99 / max')}${p50} / ${p90} / ${p99} / ${max} ms (2xx answers)`);

  if (before && after) {
    const busy = [...after].map(([name, ticks]) => [name, ((ticks - (before.get(name) ?? 0)) / CLOCK_TICKS / seconds) * 100]);
    const total = busy.reduce((sum, [, pct]) => sum + pct, 0);
    console.log(`  CPU during the run (% of one core; ${cpus().length} cores = ${cpus().length * 100}%):`);
    for (const [name, pct] of busy.sort((a, b) => b[1] - a[1])) console.log(`    ${name.padEnd(32)}${pct.toFixed(0).padStart(4)}%`);
    console.log(`    ${'total'.padEnd(32)}${total.toFixed(0).padStart(4)}%`);
    // What one lead costs the machine, and the ceiling that puts on its cores (higher when other work shares them: compare quiet runs).
    const ownMs = ((total - busy.find(([name]) => name.startsWith('autocannon'))[1]) / 100) * seconds * 1000 / Math.max(1, ok2xx);
    const allMs = (total / 100) * seconds * 1000 / Math.max(1, ok2xx);
    console.log(
      `    CPU per answered lead: ${ownMs.toFixed(1)} ms in the stack (gateway, services, worker, PostgreSQL, Redis), ${allMs.toFixed(1)} ms with autocannon: ` +
        `at most ~${Math.round((cpus().length * 1000) / allMs)} leads/s with all ${cpus().length} cores to itself`,
    );
    const delta = (key) => (after.machine[key] - before.machine[key]) / CLOCK_TICKS / seconds * 100;
    const [busyAll, idleAll, steal] = [delta('busy'), delta('idle'), delta('steal')];
    console.log(
      `    machine: busy ${busyAll.toFixed(0)}%, idle ${idleAll.toFixed(0)}%, stolen by the hypervisor ${steal.toFixed(0)}%; ` +
        `other processes ${Math.max(0, busyAll - total).toFixed(0)}% (another build or test run skews the figures)`,
    );
  }

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  let stored;
  let deliveries;
  let settleWaited = 0;
  try {
    stored = await countRows(db, 'm', answeredKeys);
    const settleStart = Date.now();
    for (;;) {
      deliveries = await deliveryStatus(db, 'm');
      const open = (deliveries.pending ?? 0) + (deliveries.queued ?? 0);
      if (!open || !WITH_WORKER || Date.now() - settleStart >= SETTLE * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    settleWaited = (Date.now() - settleStart) / 1000;
  } finally {
    await db.end();
  }

  const duplicates = stored.rows - stored.keys;
  const storedOnce = stored.answered === ok2xx && answeredKeys.length === ok2xx;
  const open = (deliveries.pending ?? 0) + (deliveries.queued ?? 0);
  const settled = Object.entries(deliveries)
    .filter(([status]) => status !== 'pending' && status !== 'queued')
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(`── rows of the run (e-mails ${emailPrefix('m')}*)`);
  console.log(`${pad('leads stored')}${stored.rows} (${stored.rows - stored.answered} more than answered: in flight at the deadline)`);
  console.log(`${pad('answered 2xx found stored')}${stored.answered} of ${ok2xx}: ${storedOnce ? 'yes' : 'NO'}`);
  console.log(`${pad('duplicates')}${duplicates} (rows − distinct idempotency keys; rows − distinct e-mails: ${stored.rows - stored.emails})`);
  if (stored.unchecked) console.log(`${pad('stored without the service check')}${stored.unchecked} (templates did not answer in time)`);
  console.log(`${pad('deliveries (3 a lead)')}${Object.values(deliveries).reduce((a, b) => a + b, 0)}: ${Object.entries(deliveries).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}`);
  console.log(`${pad(`settled after ${settleWaited.toFixed(1)} s`)}${settled}, still pending/queued ${open}`);

  const checks = [
    ['leads/s', Math.round(rate), rate >= TARGET_RATE, `≥ ${TARGET_RATE}`],
    ['p99', `${p99} ms`, p99 <= TARGET_P99_MS, `≤ ${TARGET_P99_MS} ms`],
    ['answered leads stored once', storedOnce && duplicates === 0 ? 'yes' : 'no', storedOnce && duplicates === 0, 'every 2xx stored, no duplicates'],
  ];
  console.log(`── targets`);
  for (const [label, value, ok, target] of checks) console.log(`${pad(label)}${String(value).padStart(8)}   ${verdict(ok, target)}`);
  const missed = checks.filter(([, , ok]) => !ok).length;
  console.log(
    missed ? `${missed} target(s) missed${STRICT ? '' : ' (exit 0 without --strict: a benchmark prints figures)'}` : 'All targets met.',
  );
  console.log(`(started ${startedAt.toISOString()}; logs in ${LOG_DIR})`);
  const failed = result.errors + result.timeouts + (result.non2xx ?? 0);
  if (failed) console.error(`${failed} requests failed (errors, timeouts or non-2xx answers)`);
  return !failed && !(STRICT && missed);
}

main()
  .then((ok) => shutdown(ok ? 0 : 1))
  .catch((err) => {
    console.error(err);
    return shutdown(1);
  });
