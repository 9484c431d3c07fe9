import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { buildGateway, captureLogs, listening } from '../helpers/gateway';

/**
 * The page renderer killed in the middle of a request (src/proxy/page-proxy.ts):
 * before its answer's head, the visitor gets the 503 page, once; after the head
 * went on to the visitor, the gateway cannot answer again, so it cuts the
 * visitor's connection (the browser sees a broken page, never a page with a
 * second answer glued to it). No `ERR_HTTP_HEADERS_SENT` in the log either way.
 * A stand-in shell on 127.0.0.1 that writes raw bytes and then dies.
 */
const TIMEOUT_MS = 1_000;

/** What the shell does with the socket of the next request. */
let behave: (socket: Socket) => void;
let shell: Server;
let base: string;
const logs = captureLogs();
let gateway: ReturnType<typeof buildGateway>['app'];

beforeAll(async () => {
  shell = createServer((socket) => {
    socket.once('data', () => behave(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
  gateway = buildGateway({ PUBLIC_SHELL_URL: url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'debug' }, { logStream: logs.logStream }).app;
  base = await listening(gateway);
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => shell.close(resolve));
});

/** Everything that came back on one connection for one GET, until the gateway closed it or 3 s passed. */
function fetchRaw(path: string): Promise<{ text: string; answers: number; closed: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(`GET ${path} HTTP/1.1\r\nHost: clinic.test\r\n\r\n`));
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, answers: (text.match(/(^|\r\n)HTTP\/1\.1 \d{3} /g) ?? []).length, closed });
    };
    const timer = setTimeout(() => done(false), 3_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
  });
}

const headersSentLogged = () => JSON.stringify(logs.lines).includes('ERR_HTTP_HEADERS_SENT');

const head = (extra: string) => `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n${extra}\r\n`;

describe('a page renderer that dies mid-request', () => {
  beforeEach(() => {
    logs.lines.length = 0;
  });

  it.each([
    ['before its answer’s head', (socket: Socket) => socket.destroy()],
    ['after a partial head', (socket: Socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Ty')],
    ['after the head and part of a page of known length', (socket: Socket) => socket.end(`${head('Content-Length: 1000\r\n')}<!doctype html><p>half`)],
  ])('%s: the 503 page once', async (_case, die) => {
    behave = die;
    const answer = await fetchRaw('/trt?client=1');
    expect(answer.answers).toBe(1);
    expect(answer.text).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.text).toContain('temporarily unavailable');
    expect(answer.text).not.toContain('half');
    expect(headersSentLogged()).toBe(false);
  });

  it.each([
    ['a streamed page (chunked) cut after its first part', (socket: Socket) => socket.end(`${head('Transfer-Encoding: chunked\r\n')}16\r\n<!doctype html><p>half\r\n`)],
    ['a streamed page (chunked) cut right after its head', (socket: Socket) => socket.end(head('Transfer-Encoding: chunked\r\n'))],
    [
      'a large asset cut in the middle',
      (socket: Socket) => {
        socket.write(head(`Content-Length: ${4 * 1_048_576}\r\n`));
        socket.end(Buffer.alloc(1_048_576, 'a'));
      },
    ],
  ])('%s: one answer at most, cut, and never a second', async (_case, die) => {
    behave = die;
    const answer = await fetchRaw('/assets/app.js');
    expect(answer.answers).toBeLessThanOrEqual(1);
    if (answer.answers === 1 && /^HTTP\/1\.1 200 /.test(answer.text)) {
      // The visitor's connection is cut: a browser sees an incomplete answer, not a complete one.
      expect(answer.closed).toBe(true);
      expect(answer.text).not.toMatch(/\r\n0\r\n\r\n$/);
    } else {
      expect(answer.text).toMatch(/^HTTP\/1\.1 503 /);
    }
    expect(headersSentLogged()).toBe(false);
    // And the gateway goes on serving.
    behave = (socket) => socket.end(`${head('Content-Length: 2\r\nConnection: close\r\n')}ok`);
    expect((await fetchRaw('/next')).text).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\nok$/);
  });
});
