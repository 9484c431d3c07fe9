#!/usr/bin/env node
/**
 * Replicas drill (npm run drill:replicas, which builds first).
 *
 * Starts two copies of the whole stack on their own ports (two gateways,
 * two public shells, two replicas of every service API and two worker
 * processes per service), sharing one database of their own (made on the
 * PostgreSQL at TEST_DATABASE_ADMIN_URL) and one Redis key prefix of their
 * own, and one uploads directory (as a shared volume or bucket would be).
 * Then it checks, printing each result:
 *   1. a session made through gateway A works through gateway B, and a logout
 *      through B ends it on A too;
 *   2. the login throttle counts wrong passwords sent to both gateways together;
 *   3. leads sent through both gateways to a clinic with a webhook are each
 *      delivered exactly once by the two leads workers (a loopback receiver
 *      counts them by delivery id);
 *   4. an image uploaded through gateway A (tenant A) is served by gateway B
 *      (tenant B) byte for byte;
 *   5. while public pages and admin reads go to both gateways through a
 *      balancer in this script (which, like a load balancer, sends a GET that
 *      met a dead gateway or a 502/503 to the other one once), one replica of
 *      every kind of copy A is killed (SIGKILL): no request is lost.
 * Exits 1 when any check fails. Every process and the database are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateAndSeed } from '../launcher/setup-db.mjs';
import { processTable, spawnProcess } from '../launcher/stack.mjs';
import { sql } from './pg.mjs';
import { sleep } from '../bench/kit/processes.mjs';
import { ADMIN_DB_URL as adminUrl, databaseUrlOf, REDIS_URL, runId } from '../bench/kit/stack.mjs';
import { checker, say } from './report.mjs';

const env = process.env;
const LOAD_MS = Number(env.DRILL_LOAD_MS ?? 20_000);
const SENDERS = Number(env.DRILL_CONCURRENCY ?? 16);
const LEADS = Number(env.DRILL_LEADS ?? 40);
const run = runId(2);
const database = `hap_drill_${run}`;
const dbUrl = databaseUrlOf(database);
const uploads = mkdtempSync(join(tmpdir(), 'hap-drill-uploads-'));
const admin = { email: 'drill-admin@healthads.local', password: randomBytes(12).toString('base64url') };
const shared = {
  ...env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: dbUrl,
  REDIS_URL,
  REDIS_PREFIX: `hap_drill_${run}`,
  INTERNAL_SECRET: randomBytes(24).toString('base64url'),
  // Production demands a real key for two-factor secrets; the drill's admin signs in with a password alone.
  MFA_SECRET_KEY: randomBytes(32).toString('base64'),
  REQUIRE_ADMIN_MFA: 'false',
  UPLOAD_DIR: uploads,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  COOKIE_SECURE: 'false',
  LEAD_WEBHOOK_ALLOW_PRIVATE: 'true',
  LEAD_RATE_LIMIT_PER_MINUTE: '1000',
  RATE_LIMIT_PER_MINUTE: '100000',
  // Client addresses from X-Forwarded-For, as behind a load balancer: each check uses its own.
  TRUST_PROXY: 'true',
};
const copies = {
  A: { gateway: 19180, publicShell: 19181, tenant: 19182, leads: 19183, templates: 19184, ads: 19185 },
  B: { gateway: 19280, publicShell: 19281, tenant: 19282, leads: 19283, templates: 19284, ads: 19285 },
};
const children = [];
const { results, check } = checker();

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

function startCopy(name, ports) {
  const table = processTable(ports, {});
  for (const proc of table) {
    const child = spawnProcess(proc, shared, { onLine: (line) => line.includes('"level":50') && say(`[${name} ${proc.name}] ${line.slice(0, 200)}`) });
    children.push({ copy: name, name: proc.name, child });
  }
  return Promise.all([
    waitFor(`http://127.0.0.1:${ports.gateway}/readyz`),
    ...['tenant', 'leads', 'templates', 'ads'].map((s) => waitFor(`http://127.0.0.1:${ports[s]}/health`)),
  ]);
}

const gatewayUrl = (copy) => `http://127.0.0.1:${copies[copy].gateway}`;
const cookieOf = (res) => (res.headers.get('set-cookie') ?? '').split(';')[0];
const login = (copy, password = admin.password, from = '203.0.113.7') =>
  fetch(`${gatewayUrl(copy)}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl(copy), 'x-forwarded-for': from },
    body: JSON.stringify({ email: admin.email, password }),
  });

async function sessions() {
  const a = await login('A');
  const cookie = cookieOf(a);
  const onB = await fetch(`${gatewayUrl('B')}/api/admin/auth-status`, { headers: { cookie } });
  const out = await fetch(`${gatewayUrl('B')}/api/admin/logout`, { method: 'POST', headers: { cookie, origin: gatewayUrl('B') } });
  const afterOnA = await fetch(`${gatewayUrl('A')}/api/admin/auth-status`, { headers: { cookie } });
  check('session across gateways', a.ok && onB.status === 200 && out.ok && afterOnA.status === 401, `login on A ${a.status}, auth-status on B ${onB.status}, logout on B ${out.status}, auth-status on A afterwards ${afterOnA.status}`);
}

async function throttle() {
  const statuses = [];
  for (let i = 0; i < 8; i++) statuses.push((await login(i % 2 ? 'B' : 'A', 'wrong password', '203.0.113.50')).status);
  const refusedAt = statuses.indexOf(429);
  check('login throttle across gateways', refusedAt === 5 && statuses.slice(5).every((s) => s === 429), `wrong passwords alternating A/B answered ${statuses.join(' ')} (5 per account and address)`);
}

async function exactlyOnce() {
  const seen = new Map();
  const receiver = createServer((req, res) => {
    const id = req.headers['x-hap-delivery'] ?? '';
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = String(id || JSON.parse(body).deliveryId);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${receiver.address().port}/leads`;
  // An admin can only save a public https receiver; the drill's is on loopback (LEAD_WEBHOOK_ALLOW_PRIVATE), so it goes into the row.
  const clinic = await sql(dbUrl, `UPDATE "tenant"."clients" SET "webhook_url" = $1, "webhook_secret" = $2 WHERE "id" = 1 RETURNING "id"`, [hook, `whsec_${randomBytes(24).toString('base64url')}`]);
  const services = await (await fetch(`${gatewayUrl('A')}/api/services/client/1`)).json();
  const service = services.data.find((s) => s.isActive);
  let answered = 0;
  await Promise.all(
    Array.from({ length: LEADS }, async (_, i) => {
      const copy = i % 2 ? 'B' : 'A';
      const res = await fetch(`${gatewayUrl(copy)}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gatewayUrl(copy), 'x-forwarded-for': `198.51.100.${(i % 200) + 1}` },
        body: JSON.stringify({ name: `Drill Patient ${i}`, email: `drill.${run}.${i}@example.com`, phone: '(303) 555-0142', clientId: 1, serviceId: service.id, consentVersion: 'lead-form-v1' }),
      });
      if (res.status === 201) answered += 1;
    }),
  );
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const [{ pending }] = await sql(dbUrl, `SELECT count(*)::int AS pending FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l.id = d.lead_id WHERE d.channel = 'webhook' AND l.email LIKE $1 AND d.status IN ('pending', 'queued')`, [`drill.${run}.%`]);
    if (pending === 0) break;
    await sleep(500);
  }
  receiver.close();
  const twice = [...seen.values()].filter((n) => n > 1).length;
  check('each job processed once by the two worker sets', clinic.length === 1 && answered === LEADS && seen.size === LEADS && twice === 0, `${answered} leads answered 201 through both gateways, ${seen.size} webhook deliveries received, ${twice} received twice`);
}

async function uploadsAcross(cookie) {
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.set('image', new Blob([png], { type: 'image/png' }), 'logo.png');
  const answer = await fetch(`${gatewayUrl('A')}/api/upload`, { method: 'POST', headers: { cookie, origin: gatewayUrl('A') }, body: form });
  const up = await answer.json();
  const served = await fetch(`${gatewayUrl('B')}${up.data?.path ?? '/uploads/none'}`);
  const bytes = Buffer.from(await served.arrayBuffer());
  const same = served.ok && bytes.length === up.data?.size && served.headers.get('content-type') === 'image/png' && Boolean(served.headers.get('cache-control')?.includes('immutable'));
  check('upload through A served by B', same, `uploaded through A: ${answer.status} ${up.data?.path ?? up.message}; B answered ${served.status}, ${bytes.length} bytes of ${up.data?.size}, ${served.headers.get('content-type')}, ${served.headers.get('cache-control')}`);
}

/** A round-robin balancer over both gateways that retries a GET once on the other after a connection error or a 502/503/504. */
async function balancedLoad(cookie) {
  let next = 0;
  const counts = { sent: 0, ok: 0, retried: 0, lost: 0 };
  const paths = ['/', '/?client=2', '/trt?client=1', '/api/clients', '/api/service-templates', '/admin/clients'];
  const one = async (copy, path) => fetch(`${gatewayUrl(copy)}${path}`, { headers: path.startsWith('/api') || path.startsWith('/admin') ? { cookie } : {}, signal: AbortSignal.timeout(10_000) });
  const request = async (path) => {
    const first = next++ % 2 ? 'B' : 'A';
    const other = first === 'A' ? 'B' : 'A';
    counts.sent += 1;
    try {
      const res = await one(first, path);
      await res.arrayBuffer();
      if (![502, 503, 504].includes(res.status)) return res.ok ? counts.ok++ : counts.lost++;
    } catch {
      // the gateway is gone: the balancer tries the other one
    }
    counts.retried += 1;
    try {
      const res = await one(other, path);
      await res.arrayBuffer();
      return res.ok ? counts.ok++ : counts.lost++;
    } catch {
      counts.lost += 1;
    }
  };
  const until = Date.now() + LOAD_MS;
  const senders = Array.from({ length: SENDERS }, async (_, i) => {
    while (Date.now() < until) await request(paths[(i + counts.sent) % paths.length]);
  });
  // One replica of every kind of copy A, killed at intervals while the load runs.
  const kinds = children.filter((c) => c.copy === 'A');
  const killer = (async () => {
    await sleep(LOAD_MS / 5);
    for (const c of kinds) {
      c.child.kill('SIGKILL');
      await sleep(Math.max(100, (LOAD_MS * 0.6) / kinds.length));
    }
  })();
  await Promise.all([...senders, killer]);
  check('one replica of each kind killed under load', counts.lost === 0, `${counts.sent} page views and admin reads, ${counts.ok} answered 2xx, ${counts.retried} sent again to the other gateway, ${counts.lost} lost; killed ${kinds.map((k) => k.name).join(', ')} of copy A`);
}

async function main() {
  await sql(adminUrl, `CREATE DATABASE "${database}"`);
  say(`database ${database}, Redis prefix ${shared.REDIS_PREFIX}, uploads ${uploads}`);
  await migrateAndSeed(shared);
  await Promise.all([startCopy('A', copies.A), startCopy('B', copies.B)]);
  say(`two copies up: gateways ${gatewayUrl('A')} and ${gatewayUrl('B')}, ${children.length} processes`);
  await sessions();
  await throttle();
  // The throttle counted its own address; the admin works from another.
  const res = await login('A', admin.password, '203.0.113.9');
  const cookie = cookieOf(res);
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  await exactlyOnce();
  await uploadsAcross(cookie);
  await balancedLoad(cookie);
}

async function cleanup() {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await sleep(1500);
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sql(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
  rmSync(uploads, { recursive: true, force: true });
}

main()
  .catch((err) => {
    console.error(err);
    results.push({ name: 'drill', ok: false });
  })
  .finally(async () => {
    await cleanup();
    const failed = results.filter((r) => !r.ok);
    say(failed.length ? `${failed.length} of ${results.length} checks failed` : `all ${results.length} checks passed`);
    process.exit(failed.length ? 1 : 0);
  });
