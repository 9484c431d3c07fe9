import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { signIdentity, type Identity } from '@hap/service-kit';
import { ANONYMOUS } from '@hap/service-kit/testing';
import { freePort } from './ports';

/**
 * Another service for a test, the way production runs it: its built server (`services/<name>/dist/server.js`,
 * kept current by infra/test/global-setup.ts) as a child process on loopback, on this Jest worker's database
 * and Redis prefix (infra/test/worker-env.ts). A test drives it over HTTP only: no file of another service
 * is imported (packages/test-kit/README.md#other-services-in-a-test).
 */
export type ServiceName = 'tenant' | 'templates' | 'ads' | 'leads';

const ROOT = resolve(__dirname, '../../..');

/** A process answering /ready within this long is up; longer means it will not come (a busy two-core machine included). */
export const SERVICE_START_TIMEOUT_MS = 60_000;

/** A closed port on loopback: a sibling a test does not start is unreachable, never the dev stack's on its default port. */
export const UNREACHABLE_URL = 'http://127.0.0.1:9';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** supertest calls to `url`, signed as the gateway signs them (default caller: anonymous), like service-kit/testing's signedClient. */
export function signedUrlClient(url: string, secret: string) {
  const call =
    (method: Method) =>
    (path: string, identity: Identity = ANONYMOUS): request.Test =>
      request(url)[method](path).set(signIdentity(secret, method.toUpperCase(), path, identity));
  return { get: call('get'), post: call('post'), patch: call('patch'), put: call('put'), delete: call('delete') };
}
export type SignedUrlClient = ReturnType<typeof signedUrlClient>;

export interface ServiceProcess {
  name: ServiceName;
  /** Where it listens, `http://127.0.0.1:<port>`. */
  url: string;
  /** Signed calls to it. */
  api: SignedUrlClient;
  /** Its process id. */
  pid: number;
  /** What it was started with (its settings, e.g. tenant's UPLOAD_DIR). */
  env: Readonly<Record<string, string>>;
  /** Stops it (SIGTERM: it drains and closes its connections) and waits for it to exit. */
  close: () => Promise<void>;
}

export { freePort };

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A worker that ends (or a suite that fails before its afterAll) leaves no service behind; the child also closes when its IPC channel to this process goes away. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/**
 * What a process writes goes to a file, not a pipe: the test's process holds no handle of it (a shared
 * process outlives the file that started it) and the file is read when the process fails.
 */
function outputFile(name: ServiceName) {
  const path = join(tmpdir(), `hap-test-${name}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.log`);
  const fd = openSync(path, 'w');
  return {
    fd,
    read: (limit = 16_000) => {
      try {
        return readFileSync(path, 'utf8').slice(-limit).trim();
      } catch {
        return '';
      }
    },
    /** Closes this process's copy of the descriptor (the child writes through its own). */
    handOver: () => closeSync(fd),
    remove: () => rmSync(path, { force: true }),
  };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });

/** What a process is and where it reports ready: the API server's `GET /ready`, a worker's `GET /metrics` (its metrics listener starts once its queues are consumed). */
interface Entry {
  file: 'server.js' | 'worker.js';
  readyUrl: string;
}

async function waitReady(entry: Entry, child: ChildProcess, output: () => string, name: ServiceName): Promise<void> {
  const deadline = Date.now() + SERVICE_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The ${name} service (services/${name}/dist/${entry.file}) exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(entry.readyUrl, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The ${name} service (services/${name}/dist/${entry.file}) was not ready at ${entry.readyUrl} within ${SERVICE_START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** The environment every process of a service gets: this worker's, then its addresses, then `env`. */
function serviceEnv(secret: string, extra: Record<string, string>): Record<string, string> {
  // The worker's environment first, as a service built in-process read it (a test may set a variable there).
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    ...inherited,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    // Errors only: what a failed start prints is shown in the test's error.
    LOG_LEVEL: 'error',
    DATABASE_URL: process.env.DATABASE_URL!,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'hap_test',
    INTERNAL_SECRET: secret,
    TENANT_URL: UNREACHABLE_URL,
    TEMPLATES_URL: UNREACHABLE_URL,
    ADS_URL: UNREACHABLE_URL,
    LEADS_URL: UNREACHABLE_URL,
    GATEWAY_URL: UNREACHABLE_URL,
    PUBLIC_SHELL_URL: UNREACHABLE_URL,
    ...extra,
  };
}

function requireJestEnv(caller: string): string {
  const secret = process.env.INTERNAL_SECRET;
  if (!process.env.DATABASE_URL || !secret) throw new Error(`${caller} runs under jest: global setup sets DATABASE_URL and INTERNAL_SECRET`);
  return secret;
}

/**
 * Spawns `services/<name>/dist/<entry.file>` with `env` and resolves once it is ready; `close` stops it (SIGTERM:
 * it drains and closes its connections), waits for it to exit, then runs `cleanup`.
 */
async function spawnService(name: ServiceName, entry: Entry, env: Record<string, string>, cleanup: () => Promise<void> = async () => {}) {
  const log = outputFile(name);
  const child = spawn(process.execPath, [join(ROOT, 'services', name, 'dist', entry.file)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', log.fd, log.fd, 'ipc'],
  });
  log.handOver();
  killOnExit(child);
  // Neither the child nor its IPC channel keeps the test's process alive (jest ends a worker when its files are done).
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  const output = () => log.read();
  const close = async () => {
    const gone = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
    log.remove();
    await cleanup();
  };
  try {
    await waitReady(entry, child, output, name);
  } catch (err) {
    await close();
    throw err;
  }
  // Read only while it starts: unlinked now, the file goes when the process ends (a shared one outlives its last reader).
  log.remove();
  return { pid: child.pid!, close };
}

/**
 * Starts `services/<name>/dist/server.js` on a free loopback port and resolves once GET /ready answers 200 (its
 * database answers). It is told every address it reads: this worker's DATABASE_URL, REDIS_URL, REDIS_PREFIX and
 * INTERNAL_SECRET, and each sibling's URL (TENANT_URL, TEMPLATES_URL, ADS_URL, LEADS_URL, …) unreachable unless
 * `env` names one; tenant's uploads go to a temporary directory. `env` is added last. The schemas are migrated
 * by global setup: server.js runs no migration. `port` (from `freePort`) when a sibling must know the address first.
 */
export async function startServiceProcess(name: ServiceName, options: { env?: Record<string, string>; port?: number } = {}): Promise<ServiceProcess> {
  const secret = requireJestEnv('startServiceProcess');
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const uploadDir = name === 'tenant' ? await mkdtemp(join(tmpdir(), 'test-tenant-uploads-')) : null;
  const env = serviceEnv(secret, { PORT: String(port), ...(uploadDir ? { UPLOAD_DIR: uploadDir } : {}), ...options.env });
  const cleanup = async () => {
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  };
  const { pid, close } = await spawnService(name, { file: 'server.js', readyUrl: `${url}/ready` }, env, cleanup);
  return { name, url, api: signedUrlClient(url, secret), pid, env, close };
}

/** A service's job process for a test (`startWorkerProcess`). */
export interface WorkerProcess {
  name: ServiceName;
  pid: number;
  /** What it was started with (its REDIS_PREFIX: the queues it consumes). */
  env: Readonly<Record<string, string>>;
  /** Stops it (SIGTERM: active jobs finish, connections close) and waits for it to exit. */
  close: () => Promise<void>;
}

/**
 * Starts `services/<name>/dist/worker.js`, the service's BullMQ consumers as production runs them (CONVENTIONS
 * "Layout of a service"), with the same addresses as `startServiceProcess` (`env` last: a test's own
 * REDIS_PREFIX keeps its queues to itself), and resolves once it consumes its queues: its metrics listener,
 * started after its workers, answers GET /metrics.
 */
export async function startWorkerProcess(name: ServiceName, options: { env?: Record<string, string> } = {}): Promise<WorkerProcess> {
  const secret = requireJestEnv('startWorkerProcess');
  const metricsPort = await freePort();
  const env = serviceEnv(secret, { ...options.env, METRICS_PORT: String(metricsPort) });
  const { pid, close } = await spawnService(name, { file: 'worker.js', readyUrl: `http://127.0.0.1:${metricsPort}/metrics` }, env);
  return { name, pid, env, close };
}
