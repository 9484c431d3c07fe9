#!/usr/bin/env node
/**
 * Speed-to-lead messages drill (npm run drill:messages, which builds the servers first);
 * docs/speed-to-lead.md.
 *
 * Runs on its own, as drill:leads does: an embedded PostgreSQL in a temporary directory (migrated and
 * seeded by the launcher's `migrateAndSeed`), a Redis without persistence, a loopback SMTP server, a
 * loopback fake of Twilio's REST API (Messages create and list, Basic auth; a tenth of its answers are
 * 429 or 500 and take nothing), and tenant, templates, the leads API, TWO leads workers and the gateway,
 * on free ports in 19000–19999.
 *
 * DRILL_LEADS leads (1,000) are posted through the gateway over DRILL_SECONDS (60) with SMS consent,
 * to two seeded clinics: clinic 1 with quiet hours far from now, clinic 2 with quiet hours around now
 * (both in New York time). Of them, every 20th has no consent, and every 20th (another) is a number
 * that texted STOP (a signed inbound webhook through the gateway) before its lead. Clinic 1 has one
 * user who chose an e-mail for each new lead. At DRILL_KILL_AT (40 %) one worker is killed (SIGKILL)
 * for good: its jobs are taken over by the other once BullMQ finds them stalled.
 *
 * It then waits (up to DRILL_SETTLE_MS) until no first text of clinic 1 is pending or queued, and
 * counts at the fake: first replies (clinic 1's consented patients without STOP, one text each),
 * duplicates (a number texted more than once), texts in quiet hours (any text to clinic 2's patients),
 * texts after STOP, texts without consent; and at the SMTP server each lead's alert e-mail to the user.
 * Last line: `messages: N of N first replies, D duplicates, Q in quiet hours, S after stop`. Exits 1
 * unless every expected patient got exactly one text and D = Q = S = 0, no unconsented patient was
 * texted, and every lead alerted the user exactly once.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { startEmbeddedPostgres } from '../launcher/env.mjs';
import { migrateAndSeed } from '../launcher/setup-db.mjs';
import { processTable, spawnProcess } from '../launcher/stack.mjs';
import { cleanUp, waitUntilReady, warningOf } from '../bench/kit/processes.mjs';
import { sql } from './pg.mjs';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { Client } = require('pg');
const { SMTPServer } = require('smtp-server');
const twilio = require(require.resolve('twilio', { paths: [join(ROOT, 'packages/service-kit')] }));
const { DateTime } = require(require.resolve('luxon', { paths: [join(ROOT, 'services/leads')] }));

for (const file of ['gateway/dist/server.js', 'services/tenant/dist/server.js', 'services/templates/dist/server.js', 'services/leads/dist/server.js', 'services/leads/dist/worker.js']) {
  if (!existsSync(join(ROOT, file))) {
    console.error(`Missing ${file}: run npm run build:server first (npm run drill:messages does).`);
    process.exit(1);
  }
}

const env = process.env;
const number = (name, fallback, min = 0) => Math.max(min, Number(env[name] ?? fallback));
const LEADS = number('DRILL_LEADS', 1000, 20);
const SECONDS = number('DRILL_SECONDS', 60, 1);
const CONCURRENCY = number('DRILL_CONCURRENCY', 40, 1);
const KILL_AT = Math.min(0.95, number('DRILL_KILL_AT', 0.4));
const FAIL_SHARE = Math.min(0.5, number('DRILL_FAIL_SHARE', 0.1));
const SETTLE_MS = number('DRILL_SETTLE_MS', 240_000);
const LOG_LEVEL = env.DRILL_LOG_LEVEL ?? 'warn';
const LOG_DIR = env.DRILL_LOG_DIR ?? join(ROOT, '.data', 'drill', 'messages', 'logs');
const PORT_RANGE = [19000, 19999];
const ZONE = 'America/New_York';
const CLINICS = [1, 2];
const SERVICE_PATH = 'trt';

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const INTERNAL_SECRET = `drill-${randomBytes(16).toString('hex')}`;
const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const FROM = '+12025550188';
const USER_EMAIL = `drill-desk-${RUN}@clinic.example`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const at = () => new Date().toISOString().slice(11, 23);
const say = (message) => console.log(`${at()} ${message}`);

const usedPorts = new Set();
async function freePort() {
  for (let tries = 0; tries < 200; tries++) {
    const port = PORT_RANGE[0] + Math.floor(Math.random() * (PORT_RANGE[1] - PORT_RANGE[0] + 1));
    if (usedPorts.has(port)) continue;
    const free = await new Promise((resolve) => {
      const server = createNetServer();
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

const tempDir = mkdtempSync(join(tmpdir(), 'hap-drill-messages-'));
chmodSync(tempDir, 0o755);
mkdirSync(LOG_DIR, { recursive: true });

// ─── Twilio's REST API, as the SDK uses it ────────────────────────────────────

/**
 * Messages.json: POST creates (Basic auth of the account; To and From required), GET lists by To and
 * DateSent> (the adapter's `findSent`). A share of the creates is refused with 429 or 500 and records
 * nothing, alternately. (packages/test-kit/src/fakes/twilio.ts is the jest suites' fake; a .mjs cannot
 * load TypeScript.)
 */
async function startTwilio(port) {
  const messages = [];
  let creates = 0;
  let refused = 0;
  const send = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url, `http://127.0.0.1:${port}`);
      const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      if (url.pathname !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) return send(res, 404, { code: 20404, message: 'Not found', status: 404 });
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        const after = url.searchParams.get('DateSent>');
        const since = after ? Date.parse(after) : 0;
        const found = messages.filter((m) => (!to || m.to === to) && m.at >= since - 86_400_000).reverse();
        return send(res, 200, { messages: found.map(json), next_page_uri: null, page: 0, page_size: 50, uri: url.pathname });
      }
      creates++;
      // Every 1/FAIL_SHARE-th create is refused, 429 and 500 in turn: nothing is taken.
      if (FAIL_SHARE > 0 && creates % Math.round(1 / FAIL_SHARE) === 0) {
        refused++;
        return refused % 2 ? send(res, 429, { code: 20429, message: 'Too Many Requests', status: 429 }) : send(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
      }
      const form = new URLSearchParams(body);
      const message = { sid: `SM${randomBytes(16).toString('hex')}`, to: form.get('To'), from: form.get('From') ?? form.get('MessagingServiceSid'), body: form.get('Body') ?? '', at: Date.now() };
      messages.push(message);
      send(res, 201, json(message));
    });
  });
  const json = (m) => ({
    sid: m.sid,
    account_sid: ACCOUNT_SID,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    direction: 'outbound-api',
    num_segments: '1',
    date_created: new Date(m.at).toUTCString(),
    date_updated: new Date(m.at).toUTCString(),
    date_sent: new Date(m.at).toUTCString(),
    uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${m.sid}.json`,
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { messages, stats: () => ({ creates, refused }), close: () => new Promise((resolve) => server.close(resolve)), url: `http://127.0.0.1:${port}` };
}

// ─── SMTP: the clinic user's alerts ───────────────────────────────────────────

async function startSmtp(port) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise((resolve) => server.close(resolve)), url: `smtp://127.0.0.1:${port}` };
}

// ─── Redis and the stack ──────────────────────────────────────────────────────

let redisChild = null;
async function startRedis(port) {
  const out = createWriteStream(join(LOG_DIR, 'redis.log'), { flags: 'a' });
  redisChild = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { cwd: tempDir, stdio: ['ignore', 'pipe', 'pipe'] });
  redisChild.stdout.pipe(out);
  redisChild.stderr.pipe(out);
  await sleep(300);
}

const STACK = ['tenant', 'templates', 'leads', 'leads-worker', 'leads-worker-2', 'gateway'];
const processes = new Map();
let stopping = false;
const alive = (child) => child && child.exitCode === null && child.signalCode === null;

function startProcess(entry) {
  entry.child = spawnProcess(entry.proc, entry.env, {
    onOutput: (chunk) => entry.out.write(chunk),
    onLine: (line) => {
      const text = warningOf(line);
      if (text !== null && ++entry.shown <= 4) say(`  [${entry.proc.name}] ${text.slice(0, 300)}`);
    },
  });
  entry.child.on('exit', (code, signal) => {
    if (!stopping && !entry.killedByDrill) entry.crashes.push(`${signal ?? `code ${code}`} at ${at()}`);
  });
}

let database = null;
let fake = null;
let smtp = null;
let shuttingDown = null;
function shutdown(code) {
  shuttingDown ??= (async () => {
    const steps = [
      [
        'stopping the stack',
        async () => {
          stopping = true;
          for (const name of [...STACK].reverse()) {
            const entry = processes.get(name);
            if (!entry || !alive(entry.child)) continue;
            const exited = new Promise((resolve) => entry.child.once('exit', resolve));
            entry.child.kill('SIGTERM');
            const timer = setTimeout(() => entry.child.kill('SIGKILL'), 5_000);
            await exited;
            clearTimeout(timer);
            entry.out.end();
          }
        },
      ],
      ['stopping Redis', async () => alive(redisChild) && redisChild.kill('SIGKILL')],
      ['stopping the fakes', async () => Promise.all([fake?.close(), smtp?.close()])],
      ['stopping PostgreSQL', async () => database && (await database.stop())],
      ['removing the temporary directory', async () => rmSync(tempDir, { recursive: true, force: true })],
    ];
    process.exit(await cleanUp(steps, code));
  })();
  return shuttingDown;
}
process.on('exit', () => {
  for (const entry of processes.values()) if (alive(entry.child)) entry.child.kill('SIGKILL');
  if (alive(redisChild)) redisChild.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(130));

// ─── the drill ────────────────────────────────────────────────────────────────

/** Quiet hours as HH:MM in New York, `fromMin`–`toMin` minutes around now. */
const clockAround = (fromMin, toMin) => {
  const now = DateTime.now().setZone(ZONE);
  return { start: now.plus({ minutes: fromMin }).toFormat('HH:mm'), end: now.plus({ minutes: toMin }).toFormat('HH:mm') };
};

/** Who lead n is: its clinic, phone, whether it consents, whether its number said STOP first. */
function patient(n) {
  const stopped = n % 20 === 1;
  const consent = n % 20 !== 0;
  const clientId = n % 10 === 2 ? 2 : 1;
  return { n, clientId, phone: `+1212555${String(n).padStart(4, '0')}`, consent, stopped };
}

async function inbound(gatewayUrl, from, body) {
  const url = `${gatewayUrl}/api/webhooks/sms/inbound`;
  const params = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: ACCOUNT_SID, From: from, To: FROM, Body: body, NumMedia: '0' };
  const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params);
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: new URLSearchParams(params) });
  if (res.status !== 200) throw new Error(`The inbound webhook answered ${res.status}: ${await res.text()}`);
}

async function main() {
  const ports = Object.fromEntries(
    await Promise.all(['postgres', 'redis', 'smtp', 'twilio', 'gateway', 'tenant', 'leads', 'templates', 'ads', 'publicShell'].map(async (k) => [k, await freePort()])),
  );
  say(`Drill ${RUN}: PostgreSQL :${ports.postgres}, Redis :${ports.redis}, Twilio fake :${ports.twilio}, gateway :${ports.gateway}; logs in ${LOG_DIR}`);
  const embedded = await startEmbeddedPostgres({ databaseDir: join(tempDir, 'pg'), port: ports.postgres, persistent: false });
  database = { stop: embedded.stop };
  const admin = new Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE "hap_drill"');
  await admin.end();
  const databaseUrl = embedded.adminUrl.replace(/\/postgres$/, '/hap_drill');
  await startRedis(ports.redis);
  fake = await startTwilio(ports.twilio);
  smtp = await startSmtp(ports.smtp);
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;

  const stackEnv = {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL,
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    REDIS_PREFIX: 'hap_drill',
    INTERNAL_SECRET,
    MFA_SECRET_KEY: randomBytes(32).toString('base64'),
    REQUIRE_ADMIN_MFA: 'false',
    UPLOAD_DIR: join(tempDir, 'uploads'),
    ADMIN_EMAIL: 'drill-admin@healthads.local',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  };
  say("Migrating and seeding (the launcher's migrateAndSeed) …");
  await migrateAndSeed(stackEnv);

  // Clinic 1: quiet hours far from now; clinic 2: quiet hours around now (the whole drill).
  const settings = (quietHours) => ({
    firstReplySms: true,
    firstReplyEmail: false,
    firstReplyText: 'Hi {firstName}, thanks for contacting {clinic}. Pick a time: {bookingLink} Reply STOP to opt out.',
    followUps: [{ afterHours: 24, text: 'Hi {firstName}, {clinic} here: times are open at {bookingLink}. Reply STOP to opt out.' }],
    quietHours,
    nudgeAfterMinutes: 15,
  });
  const quiet = { 1: clockAround(180, 240), 2: clockAround(-60, 180) };
  for (const clientId of CLINICS) {
    await sql(databaseUrl, `INSERT INTO "leads"."messaging_settings" ("client_id", "settings") VALUES ($1, $2::jsonb)`, [clientId, JSON.stringify(settings(quiet[clientId]))]);
  }
  // Clinic 1's front desk, who chose an e-mail for each new lead.
  await sql(databaseUrl, `INSERT INTO "tenant"."users" ("email", "password_hash", "name", "client_id", "role", "new_lead_email") VALUES ($1, 'drill: never signs in', 'Drill Desk', 1, 'owner', 'each')`, [USER_EMAIL]);

  const twilioEnv = {
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: FROM,
    TWILIO_API_BASE_URL: fake.url,
    PUBLIC_BASE_URL: gatewayUrl,
  };
  const worker = { ...twilioEnv, SMTP_URL: smtp.url, LEAD_MAIL_FROM: 'Drill Leads <leads@healthads.local>', LEAD_REQUEUE_AFTER_MS: 5000, LEAD_RELAY_INTERVAL_MS: 200 };
  const own = { gateway: { RATE_LIMIT_PER_MINUTE: 0, LEAD_RATE_LIMIT_PER_MINUTE: 0 }, leads: twilioEnv, 'leads-worker': worker, 'leads-worker-2': worker };
  const table = processTable(ports, {});
  const workerProc = table.find((p) => p.name === 'leads-worker');
  for (const proc of [...table, { ...workerProc, name: 'leads-worker-2' }].filter((p) => STACK.includes(p.name))) {
    const entry = { proc: { ...proc, env: { ...proc.env, ...own[proc.name] } }, env: stackEnv, out: createWriteStream(join(LOG_DIR, `${proc.name}.log`), { flags: 'a' }), child: null, shown: 0, crashes: [], killedByDrill: false };
    processes.set(proc.name, entry);
    startProcess(entry);
  }
  await Promise.all([
    ...['tenant', 'templates', 'leads'].map((name) => waitUntilReady(name, processes.get(name).proc.health, 60_000)),
    waitUntilReady('gateway', `${gatewayUrl}/healthz`, 60_000),
  ]);
  const serviceOf = {};
  for (const clientId of CLINICS) {
    const res = await fetch(`${gatewayUrl}/api/page-content/${clientId}?service=${SERVICE_PATH}`);
    serviceOf[clientId] = (await res.json().catch(() => null))?.data?.landing?.content?.service?.id;
    if (!Number.isInteger(serviceOf[clientId])) throw new Error(`Clinic ${clientId} has no /${SERVICE_PATH} service (${res.status})`);
  }

  const patients = Array.from({ length: LEADS }, (_, i) => patient(i + 1));
  // The numbers that said STOP before their lead.
  for (const p of patients.filter((x) => x.stopped)) await inbound(gatewayUrl, p.phone, 'STOP');
  say(`Stack up; ${patients.filter((p) => p.stopped).length} numbers said STOP first. Posting ${LEADS} leads over ${SECONDS} s with ${CONCURRENCY} senders; one worker is killed at ${KILL_AT * 100} %.`);

  const t0 = Date.now();
  let next = 0;
  let started = 0;
  let killed = null;
  const failures = [];
  async function sender() {
    for (;;) {
      const i = next++;
      if (i >= LEADS) return;
      const due = t0 + (i * SECONDS * 1000) / LEADS;
      if (due > Date.now()) await sleep(due - Date.now());
      started++;
      if (!killed && started >= LEADS * KILL_AT) {
        killed = at();
        const entry = processes.get('leads-worker-2');
        entry.killedByDrill = true;
        entry.child.kill('SIGKILL');
        say(`✖ leads-worker-2 killed (SIGKILL) after ${started} leads`);
      }
      const p = patients[i];
      const body = {
        name: `Drill Patient ${p.n}`,
        email: `drill-${RUN}-${p.n}@example.com`,
        phone: p.phone,
        message: 'Messages drill.',
        clientId: p.clientId,
        serviceId: serviceOf[p.clientId],
        ...(p.consent ? { consentVersion: 'lead-form-v1' } : {}),
      };
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${gatewayUrl}/api/leads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `drill-${RUN}-${p.n}` },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.ok) {
            p.at = Date.now();
            break;
          }
          if (res.status < 500 && res.status !== 429) {
            failures.push(`${p.n}: ${res.status} ${(await res.text()).slice(0, 200)}`);
            break;
          }
        } catch {
          /* retried */
        }
        if (attempt > 20) {
          failures.push(`${p.n}: gave up`);
          break;
        }
        await sleep(200 * attempt);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  const postSeconds = (Date.now() - t0) / 1000;
  say(`Posted ${LEADS - failures.length} leads in ${postSeconds.toFixed(1)} s; waiting for clinic 1's first texts and the alerts to settle …`);

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const settleStart = Date.now();
  let open = [];
  for (;;) {
    const res = await db.query(
      `SELECT d."channel", count(*)::int AS n FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
        WHERE l."email" LIKE $1 AND d."status" IN ('pending', 'queued')
          AND (d."channel" IN ('notify_users', 'user_email') OR (d."channel" = 'patient_sms' AND l."client_id" = 1))
        GROUP BY 1`,
      [`drill-${RUN}-%`],
    );
    open = res.rows;
    if (!open.length || Date.now() - settleStart > SETTLE_MS) break;
    await sleep(500);
  }
  const settleSeconds = (Date.now() - settleStart) / 1000;
  const byChannel = (await db.query(
    `SELECT d."channel", d."status", count(*)::int AS n FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
      WHERE l."email" LIKE $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [`drill-${RUN}-%`],
  )).rows;
  const latency = (await db.query(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY s) AS p99 FROM (
       SELECT extract(epoch FROM m."updated_at" - l."created_at") AS s FROM "leads"."messages" m JOIN "leads"."leads" l ON l."id" = m."lead_id"
        WHERE l."email" LIKE $1 AND m."kind" = 'first_reply' AND m."provider_id" IS NOT NULL) x`,
    [`drill-${RUN}-%`],
  )).rows[0];
  const alertLatency = (await db.query(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY s) AS p99 FROM (
       SELECT extract(epoch FROM d."delivered_at" - l."created_at") AS s FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
        WHERE l."email" LIKE $1 AND d."channel" = 'user_email' AND d."status" = 'delivered') x`,
    [`drill-${RUN}-%`],
  )).rows[0];
  await db.end();

  // At the fake: who was texted, how often, when.
  const texts = new Map();
  for (const m of fake.messages) texts.set(m.to, [...(texts.get(m.to) ?? []), m]);
  const expected = patients.filter((p) => p.clientId === 1 && p.consent && !p.stopped && p.at);
  const firstReplies = expected.filter((p) => (texts.get(p.phone) ?? []).length >= 1).length;
  const duplicates = [...texts.values()].reduce((sum, list) => sum + Math.max(0, list.length - 1), 0);
  const inQuiet = patients.filter((p) => p.clientId === 2).reduce((sum, p) => sum + (texts.get(p.phone) ?? []).length, 0);
  const afterStop = patients.filter((p) => p.stopped).reduce((sum, p) => sum + (texts.get(p.phone) ?? []).length, 0);
  const unconsented = patients.filter((p) => !p.consent).reduce((sum, p) => sum + (texts.get(p.phone) ?? []).length, 0);
  // Alerts: one e-mail per clinic-1 lead to its user, carrying none of the patient's details.
  const clinic1 = patients.filter((p) => p.clientId === 1 && p.at).length;
  const alerts = smtp.received.filter((m) => m.to.includes(USER_EMAIL));
  const leaky = alerts.filter((m) => /Drill Patient|\+1212555|drill-.*@example\.com/.test(m.raw)).length;
  const { creates, refused } = fake.stats();
  const crashes = [...processes.values()].flatMap((e) => e.crashes.map((c) => `${e.proc.name} ${c}`));

  const pad = (label) => `  ${label.padEnd(34)}`;
  console.log('\n── results');
  console.log(`${pad('leads posted')}${LEADS - failures.length} of ${LEADS} in ${postSeconds.toFixed(1)} s${failures.length ? `; e.g. ${failures[0]}` : ''}`);
  console.log(`${pad('worker killed')}${killed ?? 'no'}`);
  console.log(`${pad('Twilio creates')}${creates} (${refused} refused with 429/500, nothing taken); ${fake.messages.length} texts taken`);
  console.log(`${pad('first texts (clinic 1)')}${firstReplies} of ${expected.length} consented patients without STOP`);
  console.log(`${pad('first text latency (s)')}p50 ${Number(latency.p50 ?? NaN).toFixed(2)}, p99 ${Number(latency.p99 ?? NaN).toFixed(2)}`);
  console.log(`${pad('texts without consent')}${unconsented}`);
  console.log(`${pad('alerts e-mailed to the user')}${alerts.length} for ${clinic1} leads (${leaky} with patient details); latency p50 ${Number(alertLatency.p50 ?? NaN).toFixed(2)} s, p99 ${Number(alertLatency.p99 ?? NaN).toFixed(2)} s`);
  console.log(`${pad('settled')}${open.length ? `NOT within ${SETTLE_MS / 1000} s: ${open.map((r) => `${r.channel} ${r.n}`).join(', ')}` : `${settleSeconds.toFixed(1)} s after the senders`}`);
  console.log(`${pad('deliveries by channel')}${byChannel.map((x) => `${x.channel} ${x.status} ${x.n}`).join(', ')}`);
  if (crashes.length) console.log(`${pad('processes that exited by themselves')}${crashes.join('; ')}`);
  const ok =
    !failures.length && firstReplies === expected.length && duplicates === 0 && inQuiet === 0 && afterStop === 0 && unconsented === 0 && alerts.length === clinic1 && leaky === 0 && !open.length;
  console.log(`messages: ${firstReplies} of ${expected.length} first replies, ${duplicates} duplicates, ${inQuiet} in quiet hours, ${afterStop} after stop`);
  return ok;
}

main()
  .then((ok) => shutdown(ok ? 0 : 1))
  .catch((err) => {
    console.error(err);
    return shutdown(1);
  });
