import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { buildApp, type GatewayDeps } from '../../src/app';
import { loadGatewayConfig } from '../../src/config';

/**
 * A gateway built from the test run's environment plus `env`, with a Redis
 * prefix of its own so files and suites never share sessions or counters.
 */
export function buildGateway(env: Record<string, string> = {}, deps: GatewayDeps = {}) {
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_gw_${randomBytes(3).toString('hex')}`;
  const config = loadGatewayConfig({ ...process.env, LOG_LEVEL: 'silent', REDIS_PREFIX: prefix, ...env });
  return { app: buildApp(config, deps), config };
}

/** One parsed pino line. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A log stream for `buildGateway(env, { logStream })` that keeps the parsed lines (pass LOG_LEVEL too). */
export function captureLogs() {
  const lines: LogLine[] = [];
  return {
    lines,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    /** Lines with this message. */
    withMessage: (msg: string | RegExp) => lines.filter((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg))),
  };
}

/** The `hap_sid=<id>` pair from a response's Set-Cookie, or null. */
export function sessionCookie(setCookie: string[] | string | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('hap_sid=') && !c.startsWith('hap_sid=;'));
  return found ? found.split(';')[0] : null;
}

/** A fresh e-mail per call: one database serves every test file of a run. */
export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@gateway.test`;

/** Listens on an ephemeral loopback port (for raw sockets and simultaneous requests); returns the base URL. */
export async function listening(app: ReturnType<typeof buildGateway>['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Logs in through the gateway and returns the `hap_sid=<id>` cookie (fails the test otherwise). */
export async function loginCookie(app: ReturnType<typeof buildGateway>['app'], account: { email: string; password: string }): Promise<string> {
  const res = await request(app.server).post('/api/admin/login').send({ email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`login as ${account.email} answered ${res.status}: ${res.text}`);
  return sessionCookie(res.headers['set-cookie']) as string;
}
