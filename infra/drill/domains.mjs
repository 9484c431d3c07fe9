#!/usr/bin/env node
/**
 * Custom domains drill (npm run drill:domains, which builds first).
 *
 * Everything real, everything on loopback:
 *   - a DNS server (dns2, UDP) holding the zone the clinics "set at their provider";
 *   - Pebble (Debian's `pebble`, Let's Encrypt's test CA), resolving names through that server;
 *   - the edge: Caddy with the shipped infra/edge/Caddyfile (on-demand TLS whose `ask` is
 *     tenant's internal route), its ACME CA pointed at Pebble, and its ports moved to loopback;
 *   - the whole stack (startStack) on its own database and Redis prefix, its tenant checking DNS
 *     through the loopback server and probing certificates through the edge.
 * Then, through the gateway's API as an admin: two domains for two clinics (a subdomain by CNAME,
 * a bare domain by A record), their records set in the zone as the API gave them, a re-check
 * (verified), then the worker's certificate step (the edge obtains a certificate from Pebble on
 * the first handshake; certificate issued, then active). Each clinic's home page is fetched over
 * HTTPS by its domain and must carry the clinic's name, under a certificate chained to Pebble's
 * root. A third name is added without DNS records: it stays pending, the edge has no certificate
 * for it, and the gateway serves no clinic's page for it. Exits 1 when a check fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { connect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import dns2 from 'dns2';
import { startStack } from '../launcher/stack.mjs';
import { freePort, sleep } from '../bench/kit/processes.mjs';
import { ADMIN_DB_URL as adminUrl, databaseUrlOf, runId } from '../bench/kit/stack.mjs';
import { checker, say } from './report.mjs';
import { sql } from './pg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const run = runId(2);
const database = `hap_drill_domains_${run}`;
const dbUrl = databaseUrlOf(database);
const work = mkdtempSync(join(tmpdir(), 'hap-drill-domains-'));
const EDGE_HOST = 'edge.drill.test';
const PLATFORM_HOST = 'platform.drill.test';
const ACTIVE_WAIT_MS = Number(env.DRILL_ACTIVE_WAIT_MS ?? 120_000);
const admin = { email: 'drill-admin@healthads.local', password: randomBytes(12).toString('base64url') };

const { results, check } = checker();
const cleanups = [];
/** The drill's last line. */
let summary = 'domains: the drill did not get as far as serving a domain';

function need(command, pkg) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`${command} is not installed: apt-get install -y ${pkg} (Debian ships it)`);
  }
}

/**
 * The zone: names → records. Like a recursive resolver, an A/AAAA question about a CNAME gets the
 * chain (the CNAME, then the target's addresses), which Pebble's resolver needs to reach the edge.
 */
async function startZone() {
  const { createServer, Packet } = dns2;
  const zone = new Map();
  const key = (name) => name.toLowerCase().replace(/\.$/, '');
  const server = createServer({
    udp: true,
    handle: (req, send) => {
      const res = Packet.createResponseFromRequest(req);
      const [question] = req.questions;
      if (!question) return send(res);
      const add = (name, record) => res.answers.push({ name, class: Packet.CLASS.IN, ttl: 1, ...record });
      let name = key(question.name);
      let records = zone.get(name);
      if (!records) {
        res.header.rcode = 3;
        return send(res);
      }
      if (question.type === Packet.TYPE.TXT) {
        for (const data of records.TXT ?? []) add(name, { type: Packet.TYPE.TXT, data });
        return send(res);
      }
      if (records.CNAME) {
        add(name, { type: Packet.TYPE.CNAME, domain: records.CNAME });
        if (question.type === Packet.TYPE.CNAME) return send(res);
        name = key(records.CNAME);
        records = zone.get(name) ?? {};
      }
      if (question.type === Packet.TYPE.A) for (const address of records.A ?? []) add(name, { type: Packet.TYPE.A, address });
      if (question.type === Packet.TYPE.AAAA) for (const address of records.AAAA ?? []) add(name, { type: Packet.TYPE.AAAA, address });
      send(res);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  cleanups.push(() => server.close());
  return { address: `127.0.0.1:${server.addresses().udp.port}`, set: (name, records) => zone.set(key(name), { ...zone.get(key(name)), ...records }) };
}

/** A child process whose output goes to a log file in the drill's directory; killed at the end. */
function daemon(name, command, args, extraEnv) {
  const log = join(work, `${name}.log`);
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  cleanups.push(() => {
    child.kill('SIGTERM');
    writeFileSync(log, output);
  });
  return { child, output: () => output, log };
}

async function until(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (last) return last;
    } catch (err) {
      last = err;
    }
    await sleep(250);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s (${last instanceof Error ? last.message : 'not yet'})`);
}

/** HTTPS GET through a loopback address with the name as SNI and Host, trusting only `ca`. */
function httpsGet(port, name, ca, path = '/') {
  return new Promise((resolve, reject) => {
    const sni = isIP(name) ? {} : { servername: name };
    const req = request({ host: '127.0.0.1', port, ...sni, path, headers: { host: name }, ca, timeout: 30_000 }, (res) => {
      const certificate = res.socket.getPeerCertificate();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body, certificate }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** What a TLS handshake for `name` at the edge comes to: the certificate's issuer, or the refusal. */
function handshake(port, name, ca) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername: name, ca, timeout: 30_000 }, () => {
      const cert = socket.getPeerCertificate();
      resolve({ ok: socket.authorized, issuer: cert?.issuer?.CN ?? '' });
      socket.end();
    });
    socket.on('error', (err) => resolve({ ok: false, error: err.code ?? err.message }));
    socket.on('timeout', () => socket.destroy(new Error('timed out')));
  });
}

/** Pebble on loopback: its own HTTPS certificate made here, challenges sent to the edge's ports. */
async function startPebble(dnsAddress, edgePorts) {
  const [acme, management] = [await freePort(), await freePort()];
  const cert = join(work, 'pebble-api.pem');
  const key = join(work, 'pebble-api.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=pebble drill', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const config = join(work, 'pebble.json');
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acme}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: cert,
        privateKey: key,
        httpPort: edgePorts.http,
        tlsPort: edgePorts.https,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const pebble = daemon('pebble', 'pebble', ['-config', config, '-dnsserver', dnsAddress], { PEBBLE_VA_NOSLEEP: '1' });
  const apiCa = readFileSync(cert);
  await until('Pebble listening', () => httpsGet(acme, '127.0.0.1', apiCa, '/dir').then((r) => r.status === 200), 15_000).catch((err) => {
    throw new Error(`${err.message}\n${pebble.output()}`);
  });
  // The root Pebble signs with is made at each start: the only root the drill trusts for the sites.
  const rootPem = (await httpsGet(management, '127.0.0.1', apiCa, '/roots/0')).body;
  const rootFile = join(work, 'pebble-root.pem');
  writeFileSync(rootFile, rootPem);
  return { directory: `https://127.0.0.1:${acme}/dir`, apiCertFile: cert, rootPem, rootFile };
}

/** The shipped Caddyfile, with the drill's ports, storage and Pebble as the CA. */
async function startEdge({ ports, pebble, tenantPort, gatewayPort }) {
  const home = join(work, 'caddy');
  const options = [
    'admin off',
    `http_port ${ports.http}`,
    `https_port ${ports.https}`,
    'default_bind 127.0.0.1',
    `storage file_system ${join(home, 'data')}`,
    `acme_ca_root ${pebble.apiCertFile}`,
  ].join('\n');
  const edge = daemon('caddy', 'caddy', ['run', '--config', join(root, 'infra/edge/Caddyfile'), '--adapter', 'caddyfile'], {
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    PLATFORM_HOST,
    ACME_CA: pebble.directory,
    TENANT_ADDRESS: `127.0.0.1:${tenantPort}`,
    GATEWAY_ADDRESS: `127.0.0.1:${gatewayPort}`,
    EDGE_OPTIONS: options,
  });
  await until('the edge serving its platform host', () => httpsGet(ports.https, PLATFORM_HOST, pebble.rootPem, '/readyz').then((r) => r.status === 200), 60_000).catch((err) => {
    throw new Error(`${err.message}\n${edge.output().slice(-3000)}`);
  });
  return edge;
}

async function api(base, cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, data: json.data, message: json.message };
}

async function main() {
  need('caddy', 'caddy');
  need('pebble', 'pebble');
  need('openssl', 'openssl');
  await sql(adminUrl, `CREATE DATABASE "${database}"`);
  cleanups.push(() => sql(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {}));

  const zone = await startZone();
  const edgePorts = { http: await freePort(), https: await freePort() };
  zone.set(EDGE_HOST, { A: ['127.0.0.1'] });
  zone.set(PLATFORM_HOST, { A: ['127.0.0.1'] });
  const pebble = await startPebble(zone.address, edgePorts);
  say(`DNS ${zone.address}, Pebble ${pebble.directory}, edge ports ${edgePorts.http}/${edgePorts.https}`);

  const ports = Object.fromEntries(await Promise.all(['gateway', 'publicShell', 'tenant', 'leads', 'templates', 'ads'].map(async (k) => [k, await freePort()])));
  const stack = await startStack({
    databaseUrl: dbUrl,
    redisPrefix: `hap_drill_domains_${run}`,
    ports,
    metricsPorts: {},
    quiet: true,
    logDir: join(work, 'logs'),
    log: (m) => say(m),
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PUBLIC_BASE_URL: `https://${PLATFORM_HOST}`,
      EDGE_HOST,
      EDGE_IPV4: '127.0.0.1',
      DNS_RESOLVER: zone.address,
      EDGE_TLS_ADDRESS: `127.0.0.1:${edgePorts.https}`,
      EDGE_CA_FILE: pebble.rootFile,
      // The edge is the gateway's one proxy.
      TRUST_PROXY: '127.0.0.1',
    },
  });
  cleanups.push(() => stack.stop());
  const edge = await startEdge({ ports: edgePorts, pebble, tenantPort: ports.tenant, gatewayPort: ports.gateway });
  say(`stack up at ${stack.url}; the edge serves ${PLATFORM_HOST} with a certificate from Pebble`);

  const base = stack.url;
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`admin login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  const clinics = [];
  for (const [id, domain] of [
    // Not client 1: a host mapped to nobody shows client 1 (docs/public-site.md#choosing-the-clinic), so its name would prove nothing.
    [2, `www.clinic-two-${run.replace('_', '-')}.test`],
    [3, `clinic-three-${run.replace('_', '-')}.test`],
  ]) {
    const clinic = await api(base, cookie, 'GET', `/api/clients/${id}`);
    const added = await api(base, cookie, 'POST', `/api/clients/${id}/domains`, { domain });
    if (added.status !== 201) throw new Error(`adding ${domain}: ${added.status} ${added.message}`);
    // The records as the API gave them, set "at the provider".
    for (const record of added.data.records) {
      if (record.type === 'TXT') zone.set(record.name, { TXT: [record.value] });
      else if (record.type === 'CNAME') zone.set(record.name, { CNAME: record.value });
      else zone.set(record.name, { [record.type]: [record.value] });
    }
    const verified = await api(base, cookie, 'POST', `/api/clients/${id}/domains/${domain}/verify`);
    say(`${domain} (${clinic.data.name}): ${added.data.records.map((r) => r.type).join(' + ')} set; re-check → ${verified.data?.status ?? `${verified.status} ${verified.message}`}`);
    clinics.push({ id, domain, name: clinic.data.name, verified: verified.data?.status });
  }

  const unverified = `www.unverified-${run.replace('_', '-')}.test`;
  const pending = await api(base, cookie, 'POST', '/api/clients/2/domains', { domain: unverified });
  const stillPending = await api(base, cookie, 'POST', `/api/clients/2/domains/${unverified}/verify`);

  let served = 0;
  for (const clinic of clinics) {
    const started = Date.now();
    const row = await until(
      `${clinic.domain} active`,
      async () => {
        const list = await api(base, cookie, 'GET', `/api/clients/${clinic.id}/domains`);
        const found = list.data?.find((d) => d.domain === clinic.domain);
        if (found?.status === 'failing') throw new Error(`failing: ${found.reason}`);
        return found?.status === 'active' ? found : null;
      },
      ACTIVE_WAIT_MS,
    ).catch((err) => ({ status: 'not active', reason: err.message }));
    const page = await httpsGet(edgePorts.https, clinic.domain, pebble.rootPem).catch((err) => ({ status: 0, body: '', error: err.message }));
    const issuer = page.certificate?.issuer?.CN ?? '';
    const ok = clinic.verified === 'verified' && row.status === 'active' && page.status === 200 && page.body.includes(clinic.name) && /pebble/i.test(issuer);
    if (ok) served += 1;
    check(
      `${clinic.domain} verified and served over TLS`,
      ok,
      `re-check ${clinic.verified}, ${row.status}${row.reason ? ` (${row.reason})` : ''} after ${((Date.now() - started) / 1000).toFixed(1)} s; https://${clinic.domain}/ answered ${page.status || page.error}, ${page.body.includes(clinic.name) ? `with '${clinic.name}'` : 'without the clinic’s name'}, certificate issued by '${issuer}'`,
    );
  }

  const tls = await handshake(edgePorts.https, unverified, pebble.rootPem);
  const stranger = await handshake(edgePorts.https, `never-added-${run.replace('_', '-')}.test`, pebble.rootPem);
  // Plain HTTP at the edge: only a redirect to HTTPS, where there is no certificate for it.
  const byHttp = await new Promise((resolve, reject) =>
    httpRequest({ host: '127.0.0.1', port: edgePorts.http, path: '/', headers: { host: unverified } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location ?? '' }));
    })
      .on('error', reject)
      .end(),
  );
  const refused =
    pending.status === 201 && stillPending.data?.status === 'pending' && !tls.ok && !stranger.ok && byHttp.status >= 300 && byHttp.status < 400 && byHttp.location.startsWith('https://');
  check(
    'an unverified name gets no certificate and no page',
    refused,
    `${unverified}: added ${pending.status}, re-check → ${stillPending.data?.status} (${stillPending.data?.reason}); TLS handshake ${tls.ok ? `succeeded (${tls.issuer})` : `refused (${tls.error})`}; a name never added: ${stranger.ok ? 'served' : `refused (${stranger.error})`}; over HTTP the edge answered ${byHttp.status} ${byHttp.location ? `to ${byHttp.location}` : ''}`,
  );
  const asked = (edge.output().match(/obtaining new certificate/g) ?? []).length;
  say(`the edge obtained ${asked} certificate(s) on demand`);
  summary = `domains: ${served} of ${clinics.length} verified and served over TLS; ${refused ? 'unverified refused' : 'unverified NOT refused'}`;
}

main()
  .catch((err) => {
    console.error(err);
    results.push({ name: 'drill', ok: false });
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    const failed = results.filter((r) => !r.ok);
    say(`${failed.length ? `${failed.length} of ${results.length} checks failed` : `all ${results.length} checks passed`}; logs in ${work}`);
    if (!failed.length) rmSync(work, { recursive: true, force: true });
    console.log(summary);
    process.exit(failed.length ? 1 : 0);
  });
