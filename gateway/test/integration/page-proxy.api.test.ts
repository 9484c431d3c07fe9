import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import request from 'supertest';
import { buildGateway } from '../helpers/gateway';

/**
 * The page path (src/proxy/page-proxy.ts): GET and HEAD of pages and assets go
 * to the public shell on kept-alive sockets, answers read whole (or streamed
 * past 1 MiB), with the rules of every proxied call. A stand-in shell on
 * 127.0.0.1 answers as each test needs, and can misbehave.
 */
const TIMEOUT_MS = 400;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler;
let shell: Server;
let gateway: ReturnType<typeof buildGateway>['app'];
const received: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }> = [];

beforeAll(async () => {
  shell = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  shell.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
  gateway = buildGateway({ PUBLIC_SHELL_URL: url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }).app;
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  shell.closeAllConnections();
  await new Promise((resolve) => shell.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  const page = '<!doctype html><p>page</p>';
  handler = (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length), etag: 'W/"page"', 'x-page-cache': 'hit' }).end(page);
});

describe('GET of a page', () => {
  it("passes the shell's answer on, with what the gateway knows of the visitor and without the caller's own x-hap-* or session cookie", async () => {
    const res = await request(gateway.server)
      .get('/trt?gclid=abc&utm_source=google')
      .set('x-hap-identity', 'forged')
      .set('cookie', 'hap_sid=secret; currentClientId=2');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<!doctype html><p>page</p>');
    expect(res.headers.etag).toBe('W/"page"');
    expect(res.headers['x-page-cache']).toBe('hit');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('<!doctype html><p>page</p>')));
    expect(received).toHaveLength(1);
    const [{ method, url, headers }] = received;
    expect([method, url]).toEqual(['GET', '/trt?gclid=abc&utm_source=google']);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-request-id']).toBe(res.headers['x-request-id']);
    expect(headers['x-hap-identity']).toBeUndefined();
    expect(headers.cookie).toBe('currentClientId=2');
    // supertest's Connection: close is between it and the gateway.
    expect(headers.connection).toBe('keep-alive');
  });

  it("sends a visitor without a session from the portal's screens to its login, and serves the sign-in pages and what installing fetches", async () => {
    for (const path of ['/portal', '/portal/', '/portal/leads?status=new', '/Portal/Users', '/portal/offline-leads', '/portal/icons']) {
      const res = await request(gateway.server).get(path);
      expect([path, res.status, res.headers.location]).toEqual([path, 302, '/portal/login']);
    }
    expect(received).toHaveLength(0);
    // The installable portal (docs/portal.md#installable-portal): a browser fetches the manifest, the icons and the offline page without asking the user to sign in.
    const open = ['/portal/login', '/portal/accept-invite', '/portal/reset-password', '/portal/forgot-password', '/portal/offline', '/portal/manifest.webmanifest', '/portal/icons/icon-192.png?colour=37a2d4'];
    for (const path of open) {
      const res = await request(gateway.server).get(path);
      expect([path, res.status]).toEqual([path, 200]);
    }
    // With a session cookie the page is the shell's (the app checks the session itself).
    const withCookie = await request(gateway.server).get('/portal/leads').set('cookie', 'hap_sid=x');
    expect(withCookie.status).toBe(200);
    expect(received.map((r) => r.url)).toEqual([...open, '/portal/leads']);
    // None of them carries an identity: there was no session.
    expect(received.every((r) => r.headers['x-hap-identity'] === undefined)).toBe(true);
  });

  it('passes a 304 on without a body', async () => {
    handler = (_req, res) => res.writeHead(304, { etag: 'W/"page"' }).end();
    const res = await request(gateway.server).get('/trt').set('if-none-match', 'W/"page"');
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(received[0]?.headers['if-none-match']).toBe('W/"page"');
  });

  it("passes the shell's own 503 on, once", async () => {
    handler = (_req, res) => res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '7' }).end('unavailable');
    const res = await request(gateway.server).get('/trt');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(received).toHaveLength(1);
  });

  it('answers HEAD with the head of the page, its length and no body', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': '26' });
      res.end(req.method === 'HEAD' ? undefined : '<!doctype html><p>page</p>');
    };
    const res = await request(gateway.server).head('/trt');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('26');
    expect(res.text ?? '').toBe('');
    expect(received[0]?.method).toBe('HEAD');
  });

  it('streams an answer larger than 1 MiB through whole', async () => {
    const big = Buffer.alloc(3 * 1_048_576, 'a');
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/javascript', 'content-length': String(big.length) }).end(big);
    const res = await request(gateway.server).get('/assets/big.js').buffer(true).parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(big)).toBe(true);
  });

  it('tries once more on a new socket when the shell closes a kept-alive one as it is reused', async () => {
    // The second request on a socket finds it closed, as when the shell's keep-alive ran out just then.
    const answered = new WeakSet<Socket>();
    handler = (req, res) => {
      if (answered.has(req.socket)) return void req.socket.destroy();
      answered.add(req.socket);
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '2' }).end('ok');
    };
    const first = await request(gateway.server).get('/a');
    const second = await request(gateway.server).get('/b');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(received.map((r) => r.url)).toEqual(['/a', '/b', '/b']);
  });

  it('answers the 503 page within UPSTREAM_TIMEOUT_MS when the shell stops in the middle of a page', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '1000' });
      res.write('<!doctype html><p>half');
    };
    const started = Date.now();
    const res = await request(gateway.server).get('/trt');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('temporarily unavailable');
    expect(res.text).not.toContain('half');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
  });
});
