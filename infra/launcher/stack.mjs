// Starts the whole stack: migrations, seeds, every API and worker process,
// the gateway and the public shell. Used by `npm start` and the browser suite.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { resolveDatabase, resolveRedis } from './env.mjs';
import { migrateAndSeed, SERVICES } from './setup-db.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const defaultPorts = {
  gateway: Number(process.env.GATEWAY_PORT ?? 8080),
  publicShell: Number(process.env.PUBLIC_SHELL_PORT ?? 4100),
  tenant: Number(process.env.TENANT_PORT ?? 4101),
  leads: Number(process.env.LEADS_PORT ?? 4102),
  templates: Number(process.env.TEMPLATES_PORT ?? 4103),
  ads: Number(process.env.ADS_PORT ?? 4104),
};

/**
 * Each process's Prometheus listener (METRICS_PORT, on loopback): APIs 94xx
 * like their 41xx ports, their workers 941x, the public shell 9400, the gateway 9480. Override one
 * with <NAME>_METRICS_PORT (TENANT_WORKER_METRICS_PORT=…); 0 turns it off.
 */
const metricsPort = (name, fallback) => Number(process.env[`${name.toUpperCase().replaceAll('-', '_')}_METRICS_PORT`] ?? fallback);
export const defaultMetricsPorts = {
  gateway: metricsPort('gateway', 9480),
  'public-shell': metricsPort('public-shell', 9400),
  ...Object.fromEntries(
    SERVICES.flatMap((name, i) => [
      [name, metricsPort(name, 9401 + i)],
      [`${name}-worker`, metricsPort(`${name}-worker`, 9411 + i)],
    ]),
  ),
};

/** A crashed process comes back after 0.5 s, doubling to 30 s; 60 s up resets the delay. */
export const RESTART = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };

/** The delay before the next restart, from the last one and how long the process stayed up. */
export function nextRestartDelay(previousMs, uptimeMs) {
  if (!previousMs || uptimeMs >= RESTART.stableMs) return RESTART.firstMs;
  return Math.min(previousMs * 2, RESTART.maxMs);
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * Every process of the stack: name, script, node flags, its own variables
 * (port, metrics port, the URLs of the services it calls) and its health URL.
 */
export function processTable(ports, metricsPorts) {
  const table = [];
  const metrics = (name) => ({ METRICS_PORT: metricsPorts[name] ?? 0 });
  for (const name of SERVICES) {
    table.push({
      name,
      script: `services/${name}/dist/server.js`,
      // templates asks tenant whether a clinic exists before adding a service to it, leads for an experiment's counts, and ads for the running campaigns on a page whose path changes; leads asks templates whether a lead's service takes leads;
      // tenant activates an onboarded clinic's services in templates; ads names a template's campaigns by it; leads reads a clinic's conversion status in tenant.
      env: {
        PORT: ports[name],
        ...metrics(name),
        ...(name === 'templates' && { TENANT_URL: `http://127.0.0.1:${ports.tenant}`, LEADS_URL: `http://127.0.0.1:${ports.leads}`, ADS_URL: `http://127.0.0.1:${ports.ads}` }),
        ...((name === 'tenant' || name === 'ads') && { TEMPLATES_URL: `http://127.0.0.1:${ports.templates}` }),
        ...(name === 'ads' && { TENANT_URL: `http://127.0.0.1:${ports.tenant}` }),
        ...(name === 'leads' && { TEMPLATES_URL: `http://127.0.0.1:${ports.templates}`, TENANT_URL: `http://127.0.0.1:${ports.tenant}`, ADS_URL: `http://127.0.0.1:${ports.ads}` }),
      },
      health: `http://127.0.0.1:${ports[name]}/health`,
    });
    // The leads worker e-mails a lead to its clinic's address in tenant and uploads conversions through ads; the tenant worker reads the snapshots of a clinic's services in templates,
    // the ads worker tells the model about a template.
    const workerEnv =
      name === 'leads'
        ? { TENANT_URL: `http://127.0.0.1:${ports.tenant}`, ADS_URL: `http://127.0.0.1:${ports.ads}` }
        : name === 'tenant' || name === 'ads'
          ? { TEMPLATES_URL: `http://127.0.0.1:${ports.templates}` }
          : {};
    table.push({ name: `${name}-worker`, script: `services/${name}/dist/worker.js`, env: { ...metrics(`${name}-worker`), ...workerEnv } });
  }
  table.push({
    name: 'public-shell',
    script: 'frontends/public-shell/dist/node/server.js',
    // As the gateway: a served page leaves young garbage (request, headers); fewer scavenges (infra/bench capacity.mjs).
    nodeArgs: ['--max-semi-space-size=32'],
    // A page reads its clinic from tenant and its catalogue from templates directly; the gateway only for the admin remote's manifest.
    env: {
      PORT: ports.publicShell,
      ...metrics('public-shell'),
      TENANT_URL: `http://127.0.0.1:${ports.tenant}`,
      TEMPLATES_URL: `http://127.0.0.1:${ports.templates}`,
      GATEWAY_URL: `http://127.0.0.1:${ports.gateway}`,
    },
  });
  table.push({
    name: 'gateway',
    script: 'gateway/dist/server.js',
    // Fewer young-generation scavenges per proxied request (infra/bench: +5–9% req/s).
    nodeArgs: ['--max-semi-space-size=32'],
    env: {
      PORT: ports.gateway,
      ...metrics('gateway'),
      PUBLIC_SHELL_URL: `http://127.0.0.1:${ports.publicShell}`,
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`])),
    },
  });
  return table;
}

/**
 * Starts one process of the table the way the launcher does: `node` with its
 * flags, the stack's `env` plus its own variables, in its own process group
 * (a terminal's Ctrl-C reaches only the launcher, which then stops each child
 * once with SIGTERM; a second signal would cut requests short), output piped,
 * and an IPC channel that closes if the launcher dies (children shut down on
 * that too). `onOutput` gets every chunk of stdout and stderr, `onLine` each
 * complete line.
 */
export function spawnProcess(proc, env, { onOutput = () => {}, onLine = () => {} } = {}) {
  const child = spawn(process.execPath, [...(proc.nodeArgs ?? []), join(root, proc.script)], {
    cwd: root,
    env: { ...env, ...Object.fromEntries(Object.entries(proc.env).map(([k, v]) => [k, String(v)])) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      onOutput(chunk);
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) onLine(line);
    });
  }
  return child;
}

/** Shows warnings and errors of pino JSON lines, and every non-JSON line. */
function echo(name, line, quiet) {
  if (quiet || !line.trim()) return;
  try {
    const entry = JSON.parse(line);
    if ((entry.level ?? 30) < 40) return;
    console.log(`[${name}] ${LEVELS[entry.level] ?? 'log'}: ${entry.msg ?? ''}${entry.err ? ` ${entry.err.message}` : ''}`);
  } catch {
    console.log(`[${name}] ${line}`);
  }
}

async function waitFor(url, accept, timeoutMs, isDead) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error(isDead());
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (accept(res.status)) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts everything and resolves once the gateway serves pages.
 * Returns the URL, the admin login and a stop function.
 */
export async function startStack(options = {}) {
  const log = options.log ?? ((m) => console.log(m));
  const ports = { ...defaultPorts, ...options.ports };
  const logDir = options.logDir ?? join(root, '.data', 'logs');
  mkdirSync(logDir, { recursive: true });

  const database = options.databaseUrl ? { url: options.databaseUrl, stop: async () => {} } : await resolveDatabase(root, log);
  let redisUrl;
  try {
    redisUrl = await resolveRedis();
  } catch (err) {
    await database.stop();
    throw err;
  }

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? process.env.REDIS_PREFIX ?? 'hap',
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? randomBytes(24).toString('hex'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...options.env,
  };

  log('Migrating and seeding the database…');
  let seeded;
  try {
    seeded = await migrateAndSeed(env);
  } catch (err) {
    await database.stop();
    throw err;
  }

  // Until the stack is up, a process that exits fails the start (with its log);
  // afterwards it is restarted with backoff, and the launcher says so.
  const children = [];
  let dead = null;
  let running = false;
  let stopping = false;
  const logFile = (name) => join(logDir, `${name}.log`);

  function supervise(proc) {
    const entry = { ...proc, child: null, timer: null, delayMs: 0, startedAt: 0, out: createWriteStream(logFile(proc.name), { flags: 'a' }) };
    const start = () => {
      entry.timer = null;
      entry.startedAt = Date.now();
      const child = spawnProcess(proc, env, {
        onOutput: (chunk) => entry.out.write(chunk),
        onLine: (line) => echo(proc.name, line, options.quiet),
      });
      entry.child = child;
      child.on('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ?? `code ${code}`;
        if (!running) {
          dead = `${proc.name} exited (${how}); see ${logFile(proc.name)}`;
          log(`✖ ${dead}`);
          return;
        }
        entry.delayMs = nextRestartDelay(entry.delayMs, Date.now() - entry.startedAt);
        log(`${proc.name} exited (${how}); restarting in ${entry.delayMs / 1000} s`);
        entry.timer = setTimeout(start, entry.delayMs);
      });
    };
    start();
    return entry;
  }

  const metricsPorts = options.metricsPorts ?? (options.ports ? {} : defaultMetricsPorts);
  for (const proc of processTable(ports, metricsPorts)) children.push(supervise(proc));

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        (entry) =>
          new Promise((resolve) => {
            clearTimeout(entry.timer);
            const { child } = entry;
            const done = () => entry.out.end(resolve);
            if (!child || child.exitCode !== null || child.signalCode !== null) return done();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await database.stop();
  };

  try {
    const isDead = () => dead;
    for (const proc of children.filter((p) => p.health)) await waitFor(proc.health, (s) => s === 200, 30_000, isDead);
    const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
    await waitFor(`${gatewayUrl}/api/admin/auth-status`, (s) => s === 401 || s === 200, 30_000, isDead);
    await waitFor(`${gatewayUrl}/`, (s) => s === 200, 30_000, isDead);
    running = true;
    return { url: gatewayUrl, admin: { email: seeded.adminEmail, password: seeded.generatedPassword ?? null }, seeded, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `npm start`: start, print how to get in, stop cleanly on Ctrl-C. */
export async function runStack() {
  let stack;
  try {
    stack = await startStack();
  } catch (err) {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  }
  const { url, admin } = stack;
  const m = defaultMetricsPorts;
  const metricsLine = `\n  Metrics       GET http://127.0.0.1:<port>/metrics  gateway ${m.gateway}, public shell ${m['public-shell']}, ${SERVICES.map((s) => `${s} ${m[s]}+${m[`${s}-worker`]}`).join(', ')} (API+worker)`;
  console.log(`
✔ Health Ads Platform is running

  Public site   ${url}/            (another clinic: ${url}/?client=2)
  Admin         ${url}/admin/login
  Queues        ${url}/admin/queues  (admins)
  Admin login   ${admin.email} / ${admin.password ?? (process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : '(the password printed at the first start; set ADMIN_PASSWORD to reset it)')}
  Logs          .data/logs/${metricsLine}

Press Ctrl-C to stop.`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
