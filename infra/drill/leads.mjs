#!/usr/bin/env node
/**
 * Lead reliability drill (npm run drill:leads, which builds the servers first).
 *
 * Runs everything on its own: a Redis (`redis-server`, no persistence), an
 * embedded PostgreSQL in a temporary directory (the launcher's
 * `startEmbeddedPostgres`), migrated and seeded by the launcher's
 * `migrateAndSeed`, a loopback SMTP server, and tenant, templates, the leads
 * API, the leads worker and the gateway started by the launcher's
 * `processTable` / `spawnProcess`; every port is a free one in 19000–19999, so
 * the machine's own PostgreSQL and Redis are never touched.
 *
 * Then, per scenario, DRILL_LEADS leads (2,000) are posted through the gateway
 * by DRILL_CONCURRENCY senders (50), each lead with its own Idempotency-Key;
 * a sender retries a failed attempt (connection error, timeout, 5xx, 408,
 * 429) with the same key and body until it gets a 2xx or DRILL_RETRY_FOR_MS
 * passes. At DRILL_KILL_AT of the run (30 %):
 *   redis — Redis is killed (SIGKILL) and started again DRILL_DOWN_MS later
 *           (2 s): an empty Redis, as a non-persistent one comes back;
 *   leads — the leads API and then the leads worker are killed (SIGKILL) and
 *           started again DRILL_DOWN_MS later (the gateway answers 5xx meanwhile);
 *   postgres — PostgreSQL is down twice, each time for DRILL_PG_DOWN_MS (30 s),
 *           two ways: first unreachable (every process reaches it through a
 *           TCP proxy of the drill's, which stops listening and drops its
 *           connections; the server itself keeps running), then, at
 *           DRILL_PG_REFUSE_AT (65 %), refusing connections (ALTER DATABASE …
 *           ALLOW_CONNECTIONS false, every backend terminated: SQLSTATE 55000
 *           at connect); leads answer 202 from Redis meanwhile, and no answer
 *           during either outage may be a 5xx (paced at DRILL_PG_RATE, 16 a
 *           second, so that leads arrive before, between and after them).
 * After the senders finish it waits (up to DRILL_SETTLE_MS, 5 min) until no delivery
 * of the scenario's leads is pending or queued, and counts in the database:
 * answered 2xx, stored, duplicated, delivered (e-mail delivered, i.e. received
 * by the SMTP server), waiting first for the leads held in Redis to be stored.
 * Exits 1 unless, in every scenario, stored = answered 2xx = DRILL_LEADS, each
 * under the reference its sender was given, duplicated = 0 and every stored
 * lead is delivered. Every
 * process and the temporary directory are removed on exit and on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../launcher/env.mjs';
import { migrateAndSeed } from '../launcher/setup-db.mjs';
import { nextRestartDelay, processTable, spawnProcess } from '../launcher/stack.mjs';
import { cleanUp, waitUntilReady, warningOf } from '../bench/kit/processes.mjs';
import { sql } from './pg.mjs';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { Client } = require('pg');
const Redis = require('ioredis');
const { SMTPServer } = require('smtp-server');

for (const file of [
  'gateway/dist/server.js',
  'services/tenant/dist/server.js',
  'services/templates/dist/server.js',
  'services/leads/dist/server.js',
  'services/leads/dist/worker.js',
  'packages/contracts/dist/leads/lead-wire.js',
  'services/leads/dist/modules/leads/parked-leads.js',
]) {
  if (!existsSync(join(ROOT, file))) {
    console.error(`Missing ${file}: run npm run build:server first (npm run drill:leads does).`);
    process.exit(1);
  }
}
const { IDEMPOTENCY_HEADER, LEAD_SUBMIT_PATH } = require(join(ROOT, 'packages/contracts/dist/leads/lead-wire.js'));
// Where the leads API holds leads while PostgreSQL is away (the drill waits until they are stored).
const { createParkedLeads } = require(join(ROOT, 'services/leads/dist/modules/leads/parked-leads.js'));

const env = process.env;
const number = (name, fallback, min = 0) => Math.max(min, Number(env[name] ?? fallback));
const LEADS = number('DRILL_LEADS', 2000, 1);
const CONCURRENCY = number('DRILL_CONCURRENCY', 50, 1);
/** Leads started per second across all senders (0: as fast as the stack answers). */
const RATE = number('DRILL_RATE', 100);
const KILL_AT = Math.min(0.95, number('DRILL_KILL_AT', 0.3));
const DOWN_MS = number('DRILL_DOWN_MS', 2000);
const RETRY_FOR_MS = number('DRILL_RETRY_FOR_MS', 60_000);
const ATTEMPT_TIMEOUT_MS = number('DRILL_ATTEMPT_TIMEOUT_MS', 10_000, 100);
const SETTLE_MS = number('DRILL_SETTLE_MS', 300_000);
/** The worker's LEAD_REQUEUE_AFTER_MS: how long a delivery may stay queued before its job is added again. */
const REQUEUE_AFTER_MS = number('DRILL_REQUEUE_AFTER_MS', 5000);
const SCENARIOS = (env.DRILL_SCENARIOS ?? 'redis,leads,postgres').split(',').map((s) => s.trim()).filter(Boolean);
/** How long PostgreSQL stays unreachable in the postgres scenario, and that scenario's pace (leads/s). */
const PG_DOWN_MS = number('DRILL_PG_DOWN_MS', 30_000);
const PG_RATE = number('DRILL_PG_RATE', 16);
/** When the second outage of the postgres scenario (the database refusing connections) begins. */
const PG_REFUSE_AT = Math.min(0.95, number('DRILL_PG_REFUSE_AT', 0.65));
const LOG_LEVEL = env.DRILL_LOG_LEVEL ?? 'warn';
const LOG_DIR = env.DRILL_LOG_DIR ?? join(ROOT, '.data', 'drill', 'leads', 'logs');
const PORT_RANGE = [19000, 19999];
const CLIENT_ID = 1;
const SERVICE_PATH = 'trt';

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const INTERNAL_SECRET = `drill-${randomBytes(16).toString('hex')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const at = () => new Date().toISOString().slice(11, 23);
const say = (message) => console.log(`${at()} ${message}`);

for (const s of SCENARIOS) {
  if (s !== 'redis' && s !== 'leads' && s !== 'postgres') {
    console.error(`Unknown scenario ${s} in DRILL_SCENARIOS (redis, leads, postgres).`);
    process.exit(1);
  }
}

// ─── ports, temporary directory ────────────────────────────────────────────

const usedPorts = new Set();
/** A port in 19000–19999 that nothing listens on now (and that this drill has not handed out). */
async function freePort() {
  for (let tries = 0; tries < 200; tries++) {
    const port = PORT_RANGE[0] + Math.floor(Math.random() * (PORT_RANGE[1] - PORT_RANGE[0] + 1));
    if (usedPorts.has(port)) continue;
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`No free port in ${PORT_RANGE.join('–')}`);
}

const tempDir = mkdtempSync(join(tmpdir(), 'hap-drill-leads-'));
// The embedded PostgreSQL runs as the `postgres` user when this runs as root: it must reach its directory.
chmodSync(tempDir, 0o755);
mkdirSync(LOG_DIR, { recursive: true });

// ─── Redis ───────────────────────────────────────────────────────────────────

const redis = { port: 0, child: null };

async function startRedis() {
  const out = createWriteStream(join(LOG_DIR, 'redis.log'), { flags: 'a' });
  const child = spawn('redis-server', ['--port', String(redis.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    cwd: tempDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  redis.child = child;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (code ${child.exitCode}); see ${join(LOG_DIR, 'redis.log')}`);
    const client = new Redis({ port: redis.port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return;
    } catch {
      await sleep(100);
    } finally {
      client.disconnect();
    }
  }
  throw new Error('redis-server did not answer within 10 s');
}

async function killRedis() {
  const { child } = redis;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

// ─── PostgreSQL behind a proxy ───────────────────────────────────────────────

/**
 * Every process reaches PostgreSQL through this TCP relay on a port of its
 * own, so the drill can make the database unreachable without stopping it:
 * `cut()` drops every connection and stops listening (connections are
 * refused, as when the server is down), `restore()` listens again on the same
 * port. (packages/test-kit/src/tcp-proxy.ts does the same for the jest suites; a .mjs
 * cannot load TypeScript.)
 */
async function startPgProxy(port, target) {
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    // A side that closes closes the other, as a connection does: a server's reset (a terminated
    // backend with a query unread) would otherwise leave the client's side open, and its query
    // waiting for an answer that never comes.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen();
  return {
    url: (databaseUrl) => {
      const u = new URL(databaseUrl);
      u.port = String(port);
      return u.toString();
    },
    cut: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: listen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

// ─── the stack's processes ───────────────────────────────────────────────────

const STACK = ['tenant', 'templates', 'leads', 'leads-worker', 'gateway'];
const processes = new Map();
let stopping = false;
const alive = (child) => child && child.exitCode === null && child.signalCode === null;

/** Prints a process's warnings and errors (pino level ≥ 40, and non-JSON lines), a few per process and scenario. */
function echo(entry, line) {
  const text = warningOf(line);
  if (text === null) return;
  entry.shown++;
  if (entry.shown <= 4) say(`  [${entry.proc.name}] ${text.slice(0, 300)}`);
  else if (entry.shown === 5) say(`  [${entry.proc.name}] … more in ${join(LOG_DIR, `${entry.proc.name}.log`)}`);
}

function startProcess(entry) {
  entry.startedAt = Date.now();
  entry.child = spawnProcess(entry.proc, entry.env, {
    onOutput: (chunk) => entry.out.write(chunk),
    onLine: (line) => echo(entry, line),
  });
  entry.child.on('exit', (code, signal) => {
    if (stopping || entry.killedByDrill) return;
    // As the launcher does once the stack is up: a crashed process comes back, with backoff.
    entry.crashes.push(`${signal ?? `code ${code}`} at ${at()}`);
    entry.delayMs = nextRestartDelay(entry.delayMs, Date.now() - entry.startedAt);
    say(`  ${entry.proc.name} exited (${signal ?? `code ${code}`}) by itself; restarting in ${entry.delayMs / 1000} s`);
    entry.timer = setTimeout(() => startProcess(entry), entry.delayMs);
  });
}

async function killProcess(name) {
  const entry = processes.get(name);
  entry.killedByDrill = true;
  if (!alive(entry.child)) return;
  const exited = new Promise((resolve) => entry.child.once('exit', resolve));
  entry.child.kill('SIGKILL');
  await exited;
}

function restartProcess(name) {
  const entry = processes.get(name);
  entry.killedByDrill = false;
  startProcess(entry);
}

// ─── cleanup ─────────────────────────────────────────────────────────────────

let database = null;
let pgProxy = null;
/** The leads held in Redis while PostgreSQL is away (services/leads parked-leads.ts), read for the figures. */
let parked = null;
let smtp = null;
let shuttingDown = null;

async function stopProcesses() {
  stopping = true;
  for (const name of [...STACK].reverse()) {
    const entry = processes.get(name);
    if (!entry) continue;
    clearTimeout(entry.timer);
    if (alive(entry.child)) {
      const exited = new Promise((resolve) => entry.child.once('exit', resolve));
      entry.child.kill('SIGTERM');
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    entry.out.end();
  }
}

/** Stops the stack, Redis, the SMTP server and PostgreSQL, removes the temporary directory, then exits (once). */
function shutdown(code) {
  shuttingDown ??= (async () => {
    const steps = [
      ['stopping the stack', stopProcesses],
      ['closing the held-leads connection', async () => parked && (await parked.close())],
      ['stopping Redis', killRedis],
      ['stopping the SMTP server', async () => smtp && (await new Promise((resolve) => smtp.server.close(resolve)))],
      ['stopping the PostgreSQL proxy', async () => pgProxy && (await pgProxy.close())],
      ['stopping PostgreSQL', async () => database && (await database.stop())],
      ['removing the temporary directory', async () => rmSync(tempDir, { recursive: true, force: true })],
    ];
    process.exit(await cleanUp(steps, code));
  })();
  return shuttingDown;
}
process.on('exit', () => {
  for (const entry of processes.values()) if (alive(entry.child)) entry.child.kill('SIGKILL');
  if (alive(redis.child)) redis.child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up …`);
    void shutdown(130);
  });
}

// ─── SMTP ────────────────────────────────────────────────────────────────────

/** A loopback SMTP server that accepts every message and keeps the drill's lead addresses it mentions. */
async function startSmtp(port) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // The lead e-mail replies to the patient: the drill's address names the lead.
        received.push(new Set(raw.match(new RegExp(`drill-${RUN}-[a-z]+-\\d+@example\\.com`, 'g')) ?? []));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { server, received, url: `smtp://127.0.0.1:${port}` };
}

// ─── one scenario ────────────────────────────────────────────────────────────

const DESCRIPTIONS = {
  redis: 'Redis killed (SIGKILL) and restarted empty',
  leads: 'leads API and worker killed (SIGKILL) and restarted',
  postgres: `PostgreSQL unreachable, then refusing connections, ${PG_DOWN_MS / 1000} s each`,
};

function leadBody(tag, n, serviceId) {
  return JSON.stringify({
    name: `Drill Patient ${n}`,
    email: `drill-${RUN}-${tag}-${n}@example.com`,
    phone: `+1 555 ${String(n).padStart(7, '0')}`,
    message: 'Reliability drill: I would like to book a consultation.',
    clientId: CLIENT_ID,
    serviceId,
    consentText: 'I agree to be contacted about my enquiry by phone, text or e-mail.',
    attribution: {
      first: { utmSource: 'drill', utmMedium: 'cpc', utmCampaign: `drill-${RUN}`, landingPath: `/${SERVICE_PATH}`, at: new Date().toISOString() },
      last: null,
      styleVariant: 'a',
    },
  });
}

/** Which outage of the postgres scenario is on now (answers are counted by it). */
let outage = null;

/**
 * The postgres scenario's second outage: the database is there and answers,
 * but takes no connection (ALTER DATABASE … ALLOW_CONNECTIONS false: every
 * process's new connection fails with SQLSTATE 55000), and every open one is
 * ended (pg_terminate_backend: 57P01). The drill's own connection goes to the
 * `postgres` database.
 */
async function refuseConnections(log) {
  await sql(database.adminUrl, 'ALTER DATABASE "hap_drill" ALLOW_CONNECTIONS false');
  outage = 'refusing connections';
  let ended = 0;
  for (;;) {
    const [{ terminated, open }] = await sql(
      database.adminUrl,
      `SELECT count(*) FILTER (WHERE pg_terminate_backend("pid"))::int AS terminated, count(*)::int AS open
         FROM pg_stat_activity WHERE "datname" = 'hap_drill' AND "pid" <> pg_backend_pid()`,
    );
    ended += terminated;
    if (!open) break;
    await sleep(50);
  }
  log.push(`${at()} PostgreSQL refusing connections (${ended} connections ended)`);
  say(`✖ PostgreSQL refusing connections (ALLOW_CONNECTIONS false; ${ended} connections ended); back in ${PG_DOWN_MS / 1000} s`);
  await sleep(PG_DOWN_MS);
  await sql(database.adminUrl, 'ALTER DATABASE "hap_drill" ALLOW_CONNECTIONS true');
  outage = null;
  log.push(`${at()} PostgreSQL taking connections again`);
  say('✔ PostgreSQL taking connections again');
}

/** The fault of a scenario, fired once when DRILL_KILL_AT of the leads have been started. */
async function injectFault(scenario, log) {
  if (scenario === 'redis') {
    await killRedis();
    log.push(`${at()} Redis killed`);
    say(`✖ Redis killed (SIGKILL); restarting it in ${DOWN_MS / 1000} s`);
    await sleep(DOWN_MS);
    await startRedis();
    log.push(`${at()} Redis answering again (empty)`);
    say('✔ Redis answering again (empty: no persistence)');
  } else if (scenario === 'postgres') {
    await pgProxy.cut();
    outage = 'unreachable';
    log.push(`${at()} PostgreSQL unreachable`);
    say(`✖ PostgreSQL unreachable (its proxy refuses connections); back in ${PG_DOWN_MS / 1000} s`);
    await sleep(PG_DOWN_MS);
    await pgProxy.restore();
    outage = null;
    log.push(`${at()} PostgreSQL reachable again`);
    say('✔ PostgreSQL reachable again');
  } else {
    await killProcess('leads');
    log.push(`${at()} leads API killed`);
    say('✖ leads API killed (SIGKILL)');
    await sleep(200);
    await killProcess('leads-worker');
    log.push(`${at()} leads worker killed`);
    say(`✖ leads worker killed (SIGKILL); restarting both in ${DOWN_MS / 1000} s`);
    await sleep(DOWN_MS);
    restartProcess('leads');
    restartProcess('leads-worker');
    await waitUntilReady('leads', processes.get('leads').proc.health);
    log.push(`${at()} leads API and worker restarted`);
    say('✔ leads API and worker restarted');
  }
}

async function runScenario(scenario, index, gatewayUrl, serviceId) {
  const tag = String.fromCharCode(97 + index); // a, b, …
  const stats = { answered: 0, attempts: 0, retried: 0, gaveUp: 0, refused: [], seen: new Map(), answeredKeys: [], references: new Map(), during: new Map() };
  const rate = scenario === 'postgres' ? PG_RATE : RATE;
  const faults = [];
  for (const entry of processes.values()) entry.shown = 0;
  say(`── scenario ${tag}: ${DESCRIPTIONS[scenario]} at ${Math.round(KILL_AT * 100)} % of ${LEADS} leads, ${CONCURRENCY} senders${rate ? `, ${rate} leads/s` : ''}`);

  const note = (what) => {
    stats.seen.set(what, (stats.seen.get(what) ?? 0) + 1);
    // What the senders were answered during each outage of the postgres scenario.
    if (!outage) return;
    const seen = stats.during.get(outage) ?? new Map();
    seen.set(what, (seen.get(what) ?? 0) + 1);
    stats.during.set(outage, seen);
  };
  let next = 0;
  let fault = null;
  let refusal = null;
  const t0 = Date.now();

  async function send(n) {
    const key = `drill-${RUN}-${tag}-${n}`;
    const body = leadBody(tag, n, serviceId);
    const first = Date.now();
    for (let attempt = 1; ; attempt++) {
      stats.attempts++;
      if (attempt === 2) stats.retried++;
      try {
        const res = await fetch(`${gatewayUrl}${LEAD_SUBMIT_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
          body,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        const text = await res.text();
        note(String(res.status));
        if (res.ok) {
          stats.answered++;
          stats.answeredKeys.push(key);
          stats.references.set(key, JSON.parse(text)?.data?.reference ?? null);
          return;
        }
        if (res.status < 500 && res.status !== 408 && res.status !== 429) {
          stats.refused.push(`${key}: ${res.status} ${text.slice(0, 200)}`);
          return;
        }
      } catch (err) {
        note(err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.name));
      }
      if (Date.now() - first >= RETRY_FOR_MS) {
        stats.gaveUp++;
        return;
      }
      await sleep(Math.min(100 * 2 ** (attempt - 1), 2_000) * (0.75 + Math.random() * 0.5));
    }
  }

  async function sender() {
    for (;;) {
      const n = ++next;
      if (n > LEADS) return;
      if (rate) await sleep(t0 + ((n - 1) * 1000) / rate - Date.now());
      if (!fault && n >= Math.ceil(LEADS * KILL_AT)) fault = injectFault(scenario, faults);
      // The second way of being down begins once the first is over.
      if (scenario === 'postgres' && fault && !refusal && n >= Math.ceil(LEADS * PG_REFUSE_AT)) refusal = fault.then(() => refuseConnections(faults));
      await send(n);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  await fault;
  await refusal;
  const seconds = (Date.now() - t0) / 1000;
  say(`  senders done in ${seconds.toFixed(1)} s: ${stats.answered} answered 2xx; waiting for held leads to be stored and the deliveries to settle …`);

  // ─── the database's view ───
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const pattern = `drill-${RUN}-${tag}-%`;
  const deliveries = async () =>
    (
      await db.query(
        `SELECT d."channel", d."status", count(*)::int AS n FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
          WHERE l."idempotency_key" LIKE $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [pattern],
      )
    ).rows;
  let rows;
  let backlog = null;
  let heldBacklog = null;
  let held = 0;
  let storedHeldAfter = null;
  const settleStart = Date.now();
  try {
    for (;;) {
      // Leads held in Redis while PostgreSQL was away are not in the database until the worker stores them.
      held = await parked.size();
      heldBacklog ??= held;
      if (!held) storedHeldAfter ??= (Date.now() - settleStart) / 1000;
      rows = await deliveries();
      const open = rows.filter((r) => r.status === 'pending' || r.status === 'queued').reduce((sum, r) => sum + r.n, 0);
      backlog ??= open;
      if ((!open && !held) || Date.now() - settleStart >= SETTLE_MS) break;
      await sleep(500);
    }
    const settleSeconds = (Date.now() - settleStart) / 1000;
    const {
      rows: [leads],
    } = await db.query(
      `SELECT count(*)::int AS stored, count(DISTINCT "idempotency_key")::int AS keys, count(DISTINCT ("name", "email"))::int AS people,
              count(*) FILTER (WHERE "idempotency_key" = ANY($2::text[]))::int AS answered_found,
              count(*) FILTER (WHERE NOT "service_checked")::int AS unchecked
         FROM "leads"."leads" WHERE "idempotency_key" LIKE $1`,
      [pattern, stats.answeredKeys],
    );
    // The reference each sender was given must be the one its lead is stored under (held leads included).
    const { rows: storedReferences } = await db.query(
      `SELECT "idempotency_key" AS key, "reference" FROM "leads"."leads" WHERE "idempotency_key" = ANY($1::text[])`,
      [stats.answeredKeys],
    );
    const sameReference = storedReferences.filter((r) => stats.references.get(r.key) === r.reference).length;
    const {
      rows: [delivery],
    } = await db.query(
      `SELECT count(*) FILTER (WHERE e."status" = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM "leads"."lead_deliveries" o WHERE o."lead_id" = l."id" AND o."status" IN ('pending', 'queued')))::int AS settled
         FROM "leads"."leads" l LEFT JOIN "leads"."lead_deliveries" e ON e."lead_id" = l."id" AND e."channel" = 'email'
        WHERE l."idempotency_key" LIKE $1`,
      [pattern],
    );
    const {
      rows: [pace],
    } = await db.query(
      `SELECT count(*)::int AS n, extract(epoch FROM max(d."delivered_at") - min(d."delivered_at"))::float AS seconds
         FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
        WHERE l."idempotency_key" LIKE $1 AND d."channel" = 'email' AND d."status" = 'delivered'`,
      [pattern],
    );
    const mailed = new Map();
    for (const addresses of smtp.received) for (const a of addresses) if (a.includes(`-${tag}-`)) mailed.set(a, (mailed.get(a) ?? 0) + 1);
    const mails = [...mailed.values()].reduce((a, b) => a + b, 0);
    return {
      scenario,
      tag,
      seconds,
      settleSeconds,
      backlog,
      pace,
      stats,
      faults,
      leads,
      duplicated: leads.stored - leads.keys + (leads.stored - leads.people),
      sameReference,
      held: { acknowledged: stats.seen.get('202') ?? 0, backlog: heldBacklog, left: held, dead: await parked.deadSize(), storedAfter: storedHeldAfter },
      delivered: delivery.delivered,
      settled: delivery.settled,
      rows,
      mails,
      mailedLeads: mailed.size,
      mailedTwice: [...mailed.values()].filter((n) => n > 1).length,
    };
  } finally {
    await db.end();
  }
}

/**
 * The postgres scenario's two outages must end the same: leads answered 202
 * (held), none answered 5xx or left unanswered while the database was down.
 */
function outagesHeld(r) {
  if (r.scenario !== 'postgres') return [];
  return ['unreachable', 'refusing connections'].map((way) => {
    const seen = r.stats.during.get(way) ?? new Map();
    const held = seen.get('202') ?? 0;
    const failed = [...seen].filter(([what]) => !/^2\d\d$/.test(what)).reduce((sum, [, n]) => sum + n, 0);
    return { way, seen, held, failed, ok: held > 0 && failed === 0 };
  });
}

function report(r) {
  const pad = (label) => `  ${label.padEnd(30)}`;
  const crashes = [...processes.values()].flatMap((e) => e.crashes.splice(0).map((c) => `${e.proc.name} ${c}`));
  const ok =
    r.stats.answered === LEADS &&
    r.leads.stored === r.stats.answered &&
    r.leads.answered_found === r.stats.answered &&
    r.sameReference === r.stats.answered &&
    r.held.left === 0 &&
    r.held.dead === 0 &&
    r.duplicated === 0 &&
    r.delivered === r.leads.stored &&
    outagesHeld(r).every((o) => o.ok);
  console.log(`\n── scenario ${r.tag}: ${DESCRIPTIONS[r.scenario]} — ${ok ? 'PASS' : 'FAIL'}`);
  console.log(`${pad('faults')}${r.faults.join('; ')}`);
  console.log(`${pad('answered 2xx')}${r.stats.answered} of ${LEADS}`);
  console.log(`${pad('stored')}${r.leads.stored} (answered keys found: ${r.leads.answered_found}${r.leads.unchecked ? `; ${r.leads.unchecked} without the service check` : ''})`);
  console.log(`${pad('under the reference answered')}${r.sameReference} of ${r.stats.answered}`);
  if (r.held.acknowledged || r.held.backlog || r.held.left || r.held.dead) {
    console.log(
      `${pad('held in Redis (202)')}${r.held.acknowledged} acknowledged; ${r.held.backlog} still held when the senders finished, all stored ${r.held.storedAfter === null ? 'not within the wait' : `${r.held.storedAfter.toFixed(1)} s after`}; ${r.held.left} left, ${r.held.dead} unreadable`,
    );
  }
  console.log(`${pad('duplicated')}${r.duplicated} (rows beyond one per key: ${r.leads.stored - r.leads.keys}; per name and e-mail: ${r.leads.stored - r.leads.people})`);
  console.log(`${pad('delivered')}${r.delivered} of ${r.leads.stored} (e-mail delivered); every delivery settled for ${r.settled} leads, ${r.settleSeconds.toFixed(1)} s after the senders`);
  console.log(
    `${pad('delivery pace')}${r.backlog} deliveries still pending or queued when the senders finished; e-mails delivered over ${(r.pace.seconds ?? 0).toFixed(1)} s (${r.pace.seconds ? (r.pace.n / r.pace.seconds).toFixed(0) : '–'}/s)`,
  );
  console.log(`${pad('deliveries by channel')}${r.rows.map((x) => `${x.channel} ${x.status} ${x.n}`).join(', ')}`);
  console.log(`${pad('e-mails received (SMTP)')}${r.mails} for ${r.mailedLeads} leads${r.mailedTwice ? `; ${r.mailedTwice} leads e-mailed more than once` : ''}`);
  console.log(`${pad('attempts')}${r.stats.attempts} in ${r.seconds.toFixed(1)} s; ${r.stats.retried} leads retried; ${r.stats.gaveUp} gave up after ${RETRY_FOR_MS / 1000} s`);
  console.log(`${pad('answers seen')}${[...r.stats.seen].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  for (const o of outagesHeld(r)) {
    console.log(
      `${pad(`while ${o.way}`)}${[...o.seen].map(([k, n]) => `${k}: ${n}`).join(', ') || 'no answers'} (${o.held} held; ${o.failed} not 2xx)${o.ok ? '' : ' — required: held, none failed'}`,
    );
  }
  if (r.stats.refused.length) console.log(`${pad('refused (4xx, not retried)')}${r.stats.refused.length}, e.g. ${r.stats.refused[0]}`);
  if (crashes.length) console.log(`${pad('processes that exited by themselves')}${crashes.join('; ')}`);
  return ok;
}

// ─── main ────────────────────────────────────────────────────────────────────

async function main() {
  const ports = {
    postgres: await freePort(),
    postgresProxy: await freePort(),
    redis: await freePort(),
    smtp: await freePort(),
    gateway: await freePort(),
    tenant: await freePort(),
    leads: await freePort(),
    templates: await freePort(),
    // Not started: the gateway's /readyz would say so; lead submissions never go there.
    ads: await freePort(),
    publicShell: await freePort(),
  };
  say(`Drill ${RUN}: PostgreSQL :${ports.postgres}, Redis :${ports.redis}, SMTP :${ports.smtp}, gateway :${ports.gateway}; temporary directory ${tempDir}; logs in ${LOG_DIR}`);

  const embedded = await startEmbeddedPostgres({ databaseDir: join(tempDir, 'pg'), port: ports.postgres, persistent: false });
  database = { stop: embedded.stop, url: null, adminUrl: embedded.adminUrl };
  const admin = new Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE "hap_drill"');
  await admin.end();
  database.url = embedded.adminUrl.replace(/\/postgres$/, '/hap_drill');
  pgProxy = await startPgProxy(ports.postgresProxy, ports.postgres);

  redis.port = ports.redis;
  await startRedis();
  smtp = await startSmtp(ports.smtp);

  const stackEnv = {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL,
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    REDIS_PREFIX: 'hap_drill',
    INTERNAL_SECRET,
    // Production demands a real key for two-factor secrets; the drill's admin signs in with a password alone.
    MFA_SECRET_KEY: randomBytes(32).toString('base64'),
    REQUIRE_ADMIN_MFA: 'false',
    UPLOAD_DIR: join(tempDir, 'uploads'),
    ADMIN_EMAIL: 'drill-admin@healthads.local',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  };
  say('Migrating and seeding (the launcher\'s migrateAndSeed) …');
  await migrateAndSeed(stackEnv);
  // The stack reaches PostgreSQL only through the proxy (scenario postgres cuts it); the drill's own counts go direct.
  const processEnv = { ...stackEnv, DATABASE_URL: pgProxy.url(database.url) };
  parked = createParkedLeads({ url: stackEnv.REDIS_URL, prefix: stackEnv.REDIS_PREFIX }, () => {});

  const own = {
    // One address sends every lead here: the gateway's limits would refuse the drill.
    gateway: { RATE_LIMIT_PER_MINUTE: 0, LEAD_RATE_LIMIT_PER_MINUTE: 0 },
    'leads-worker': {
      SMTP_URL: smtp.url,
      // Production demands the origin of the e-mails' links when it sends mail (the kit's requireMailOrigin).
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.gateway}`,
      LEAD_MAIL_FROM: 'Drill Leads <leads@healthads.local>',
      LEAD_REQUEUE_AFTER_MS: REQUEUE_AFTER_MS,
    },
  };
  for (const proc of processTable(ports, {}).filter((p) => STACK.includes(p.name))) {
    const entry = {
      proc: { ...proc, env: { ...proc.env, ...own[proc.name] } },
      env: processEnv,
      out: createWriteStream(join(LOG_DIR, `${proc.name}.log`), { flags: 'a' }),
      child: null,
      timer: null,
      delayMs: 0,
      startedAt: 0,
      shown: 0,
      crashes: [],
      killedByDrill: false,
    };
    processes.set(proc.name, entry);
    startProcess(entry);
  }
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  await Promise.all([
    ...['tenant', 'templates', 'leads'].map((name) => waitUntilReady(name, processes.get(name).proc.health, 60_000)),
    waitUntilReady('gateway', `${gatewayUrl}/healthz`, 60_000),
  ]);
  for (const entry of processes.values()) {
    if (entry.crashes.length) throw new Error(`${entry.proc.name} exited while starting; see ${join(LOG_DIR, `${entry.proc.name}.log`)}`);
  }

  const res = await fetch(`${gatewayUrl}/api/page-content/${CLIENT_ID}?service=${SERVICE_PATH}`);
  const serviceId = (await res.json().catch(() => null))?.data?.landing?.content?.service?.id;
  if (!Number.isInteger(serviceId)) throw new Error(`GET /api/page-content/${CLIENT_ID}?service=${SERVICE_PATH} answered ${res.status} without a service id`);
  say(`Stack up. Leads for client ${CLIENT_ID}, service ${serviceId} (/${SERVICE_PATH}); deliveries e-mailed to the loopback SMTP server; worker LEAD_REQUEUE_AFTER_MS=${REQUEUE_AFTER_MS}.`);

  const results = [];
  for (const [i, scenario] of SCENARIOS.entries()) results.push(await runScenario(scenario, i, gatewayUrl, serviceId));

  const passed = results.map(report);
  console.log(`\n── summary (${LEADS} leads per scenario; required: stored = answered 2xx, duplicated = 0, every stored lead delivered)`);
  console.log(`  ${'scenario'.padEnd(58)}${['answered 2xx', 'stored', 'duplicated', 'delivered', ''].map((h) => h.padStart(13)).join('')}`);
  for (const [i, r] of results.entries()) {
    console.log(
      `  ${`${r.tag}: ${DESCRIPTIONS[r.scenario]}`.padEnd(58)}${[r.stats.answered, r.leads.stored, r.duplicated, r.delivered, passed[i] ? 'PASS' : 'FAIL'].map((v) => String(v).padStart(13)).join('')}`,
    );
  }
  return passed.every(Boolean);
}

main()
  .then((ok) => shutdown(ok ? 0 : 1))
  .catch((err) => {
    console.error(err);
    return shutdown(1);
  });
