import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { metricSample } from '@hap/test-kit/metrics-sample';

/**
 * GATEWAY_PROCESSES: the built gateway (dist/server.js, as `npm start` and the
 * containers run it) serving one port from several processes (node:cluster),
 * its metrics summed by the primary, a worker that dies replaced, a worker
 * that cannot start stopping everything, and SIGTERM draining them all.
 */
const SERVER = join(__dirname, '../../dist/server.js');

// Booting a gateway process takes seconds on a quiet machine and can take a minute on a loaded one.
jest.setTimeout(180_000);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The pids whose parent is `pid` (the primary's workers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

/** Polls `check` every 50 ms until it holds, for up to `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One request on a connection of its own (so the workers share them out). */
async function healthz(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5_000) });
  await res.arrayBuffer();
  return res.status;
}

function startGateway(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      GATEWAY_PROCESSES: '2',
      REDIS_PREFIX: `hap_test_processes_${randomBytes(3).toString('hex')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the gateway in several processes (GATEWAY_PROCESSES)', () => {
  let port: number;
  let metricsPort: number;
  let gateway: ReturnType<typeof startGateway>;

  beforeAll(async () => {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build:server first (npm test does)`);
    port = await freePort();
    metricsPort = await freePort();
    gateway = startGateway({ PORT: String(port), METRICS_PORT: String(metricsPort) });
    // Both workers listening (each logs it), not only one of them answering: a slow machine boots them minutes apart.
    await until(() => (gateway.output().match(/Server listening at/g) ?? []).length >= 2, 120_000);
    expect(await healthz(port)).toBe(200);
  });

  afterAll(async () => {
    if (gateway.child.exitCode === null) {
      gateway.child.kill('SIGKILL');
      for (const pid of childrenOf(gateway.child.pid!)) process.kill(pid, 'SIGKILL');
    }
  });

  it('serves one port from two processes, and the primary sums their metrics', async () => {
    const before = metricSample(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(), 'http_request_duration_seconds_count', {
      operation: '/healthz',
      status_code: '200',
    });
    for (let i = 0; i < 20; i++) expect(await healthz(port)).toBe(200);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metricSample(text, 'http_request_duration_seconds_count', { service: 'gateway', operation: '/healthz', status_code: '200' })).toBe((before ?? 0) + 20);
    // Each worker's process metrics are there too (summed: two processes' open handles).
    expect(metricSample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(childrenOf(gateway.child.pid!)).toHaveLength(2);
  });

  it('replaces a worker that dies, and the port keeps answering meanwhile', async () => {
    const [victim, survivor] = childrenOf(gateway.child.pid!);
    process.kill(victim!, 'SIGKILL');
    // Once the primary has seen it go, the other worker answers every connection while a new one starts.
    await until(() => gateway.output().includes('a worker ended: starting another'));
    for (let i = 0; i < 5; i++) expect(await healthz(port)).toBe(200);
    await until(() => {
      const now = childrenOf(gateway.child.pid!);
      return now.length === 2 && !now.includes(victim!) && now.includes(survivor!) && (gateway.output().match(/Server listening at/g) ?? []).length >= 3;
    }, 120_000);
    for (let i = 0; i < 10; i++) expect(await healthz(port)).toBe(200);
  });

  it('on SIGTERM drains and stops every worker, then exits 0', async () => {
    const workers = childrenOf(gateway.child.pid!);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    await until(() => workers.every((pid) => !alive(pid)), 5_000);
    await expect(healthz(port)).rejects.toThrow();
  });

  it('stops with exit code 1 when its workers cannot listen', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const busy = startGateway({ PORT: String((taken.address() as AddressInfo).port), METRICS_PORT: '0' });
      expect(await busy.exited).toBe(1);
      expect(busy.output()).toContain('a worker failed to start: stopping');
      await until(() => childrenOf(busy.child.pid!).length === 0, 5_000);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
