import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A port nothing listens on (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Listens on a free port of 127.0.0.1; `close` ends the connections still open too (a kept-alive
 * or hung connection would hold `server.close()` open).
 */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that accepts connections and never answers: a hung upstream. */
export const startHangingServer = (): Promise<{ url: string; close(): Promise<void> }> => listenOnLoopback(createServer());

/** What came back on a raw connection: the first answer, parsed, and whether the gateway closed it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The gateway closed the connection (within `waitMs`). */
  closed: boolean;
  /** Milliseconds from connecting until the connection closed (or the wait ended). */
  ms: number;
}

export interface RawRequestOptions {
  /** Written after the head, at once. */
  body?: string | Buffer;
  /** Then one byte every `dripEveryMs` until the connection closes: a slow client. */
  dripEveryMs?: number;
  /** How long to wait for the connection to close. */
  waitMs?: number;
}

/**
 * Sends `head` (request line and headers, CRLF-terminated) byte for byte over
 * a plain TCP connection, so malformed and slow requests go out exactly as
 * written, and reads until the gateway closes the connection or `waitMs` passes.
 */
export function rawRequest(address: string, head: string, { body, dripEveryMs, waitMs = 5_000 }: RawRequestOptions = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let drip: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      if (body !== undefined) socket.write(body);
      if (dripEveryMs) drip = setInterval(() => socket.writable && socket.write('a'), dripEveryMs);
    });
    const finish = (closed: boolean) => {
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      const [rawHead = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = rawHead.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}
