import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { verifyIdentity, type Identity } from '@hap/service-kit';
import { listenOnLoopback } from './net';

/** One request as the upstream received it, body and all. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The identity the gateway signed, or null when the signature does not verify. */
  identity: Identity | null;
  body: Buffer;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** JSON-encoded unless a Buffer or a string. */
  body?: unknown;
}

export interface UpstreamOptions {
  /** How to answer a request (default: 200 `{ success: true, data: null }`). */
  answer?: (request: Received) => Answer | Promise<Answer>;
  /** What `GET /ready` (a service's readiness) and `GET /healthz` (the public shell's) say (default: ready). */
  ready?: () => boolean;
  /**
   * A real service's URL (a process): every request, `/ready` included, goes on to it and its answer comes
   * back as it was; what reached it is recorded all the same (`answer` and `ready` are not used).
   */
  forwardTo?: string;
}

/** Sends the request (its body read whole) on to `target` and answers with what came back; 502 when it is not reached. */
function forward(target: string, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const { hostname, port } = new URL(target);
  // A connection per request, closed after it: none is left open when the relay closes.
  const headers = { ...req.headers, host: `${hostname}:${port}`, connection: 'close' };
  const onward = httpRequest({ host: hostname, port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  onward.on('error', () => res.writeHead(502).end());
  onward.end(body);
}

/** An admin (or not) the fake tenant knows, for logins through the gateway. */
export interface FakeAccount {
  id: number;
  email: string;
  password: string;
  name?: string | null;
  isAdmin?: boolean;
}

/**
 * A small HTTP server on 127.0.0.1 standing for a service (or the page
 * renderer): it reads each request whole, records it with the identity the
 * gateway signed, and answers as told (or as the real service `forwardTo` does). `connections` counts the TCP
 * connections the gateway opened to it, so a test can tell that a request
 * never reached it at all.
 */
export async function startUpstream(options: UpstreamOptions = {}) {
  const received: Received[] = [];
  const secret = process.env.INTERNAL_SECRET ?? '';
  let connections = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const body = Buffer.concat(chunks);
      if (options.forwardTo) {
        if (url !== '/ready' && url !== '/healthz') received.push({ method, url, headers: req.headers, identity: verifyIdentity(secret, method, url, req.headers), body });
        forward(options.forwardTo, req, body, res);
        return;
      }
      if (url === '/ready' || url === '/healthz') {
        const ready = options.ready?.() ?? true;
        res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ success: ready }));
        return;
      }
      const request: Received = { method, url, headers: req.headers, identity: verifyIdentity(secret, method, url, req.headers), body };
      received.push(request);
      void Promise.resolve(options.answer?.(request) ?? {}).then(({ status = 200, headers = {}, body = { success: true, data: null } }) => {
        const text = Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text);
      });
    });
  });
  server.on('connection', () => (connections += 1));
  const { url, close } = await listenOnLoopback(server);

  return {
    url,
    received,
    /** TCP connections accepted so far. */
    get connections() {
      return connections;
    },
    close,
  };
}

export type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/**
 * An answer function for a fake tenant: `POST /internal/auth/verify` checks
 * the accounts given (signed as the gateway, else 401 INVALID_SIGNATURE), as
 * tenant's row does; every other request goes to `otherwise`.
 */
export function verifiesCredentials(accounts: FakeAccount[], otherwise: (request: Received) => Answer | Promise<Answer> = () => ({})) {
  return (request: Received): Answer | Promise<Answer> => {
    if (request.url !== '/internal/auth/verify') return otherwise(request);
    if (request.method !== 'POST' || request.identity?.kind !== 'service' || request.identity.service !== 'gateway') {
      return { status: 401, body: { success: false, code: 'INVALID_SIGNATURE', message: 'signed calls only' } };
    }
    const { email, password } = JSON.parse(request.body.toString('utf8')) as { email: string; password: string };
    const account = accounts.find((a) => a.email === email && a.password === password);
    if (!account) return { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } };
    // Tenant's answer (VerifiedUserSchema): an admin belongs to no clinic; sessions record the sign-in version.
    const isAdmin = account.isAdmin ?? true;
    return {
      body: {
        success: true,
        data: { id: account.id, email: account.email, name: account.name ?? null, isAdmin, clientId: null, clientName: null, role: null, authVersion: 1, mfaEnabled: false, mfaMethods: [] },
      },
    };
  };
}

/** The requests an upstream received, minus the gateway's credential checks. */
export const proxied = (upstream: Upstream) => upstream.received.filter((r) => !r.url.startsWith('/internal/'));
