import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signedUrlClient, startServiceProcess, type ServiceName, type ServiceProcess } from './service-process';

/**
 * A service process shared by the test files one Jest worker runs, one after another: started by the first
 * that asks for it (same service, same settings) and left running for the next, until the worker ends (the
 * process closes when its IPC channel to the worker goes away, lifecycle.ts in the service kit). Starting two
 * services per file costs seconds of CPU on a two-core machine; a shared one costs them once per worker.
 *
 * The trade-off (packages/test-kit/README.md): a shared service keeps what it holds in memory between files
 * (its caches, its rate-limit counters); the files use rows of their own, and what a service caches is
 * invalidated by its own writes or keyed by those rows. A test that needs a fresh process (other settings,
 * a process it stops) uses startServiceProcess.
 *
 * Jest gives each file a module registry of its own, so the worker's registry is a file named after its process.
 */
interface Entry {
  url: string;
  pid: number;
  env: Record<string, string>;
}

const registryPath = () => join(tmpdir(), 'hap-test-shared-services', `${process.pid}.json`);

function readRegistry(): Record<string, Entry> {
  try {
    return JSON.parse(readFileSync(registryPath(), 'utf8')) as Record<string, Entry>;
  } catch {
    return {};
  }
}

function writeRegistry(registry: Record<string, Entry>): void {
  mkdirSync(join(tmpdir(), 'hap-test-shared-services'), { recursive: true });
  writeFileSync(registryPath(), JSON.stringify(registry));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5_000) })).status === 200;
  } catch {
    return false;
  }
}

/** The key of a service and everything it is started with: the worker's environment (a test may have set a variable there) and `env`. */
const keyOf = (name: ServiceName, env: Record<string, string>) =>
  `${name}:${createHash('sha256')
    .update(JSON.stringify(Object.entries({ ...process.env, ...env }).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex')
    .slice(0, 16)}`;

/**
 * This worker's `name` service with `env` (startServiceProcess's options), started unless a file before this
 * one left it running. Its `close` does nothing: the worker's end stops it.
 */
export async function sharedServiceProcess(name: ServiceName, options: { env?: Record<string, string>; port?: number } = {}): Promise<ServiceProcess> {
  const env = options.env ?? {};
  const key = keyOf(name, env);
  const found = readRegistry()[key];
  if (found && alive(found.pid) && (await answers(found.url))) {
    return { name, url: found.url, api: signedUrlClient(found.url, process.env.INTERNAL_SECRET!), pid: found.pid, env: { ...process.env, ...found.env } as Record<string, string>, close: async () => {} };
  }
  const started = await startServiceProcess(name, { env, port: options.port });
  // Its own settings (not the worker's environment it also got).
  const own = Object.fromEntries(Object.entries(started.env).filter(([k, v]) => process.env[k] !== v));
  writeRegistry({ ...readRegistry(), [key]: { url: started.url, pid: started.pid, env: own } });
  return { ...started, close: async () => {} };
}

/** A loopback port of this worker's own under `label`: the same in every file it runs (an app a shared service calls back listens there). */
export async function workerPort(label: string): Promise<number> {
  const key = `port:${label}`;
  const found = readRegistry()[key];
  if (found) return Number(new URL(found.url).port);
  const port = await freePort();
  writeRegistry({ ...readRegistry(), [key]: { url: `http://127.0.0.1:${port}`, pid: process.pid, env: {} } });
  return port;
}
