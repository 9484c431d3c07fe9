import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 to a real server (PostgreSQL, Redis) that a test
 * can cut: `cut()` drops every open connection and refuses new ones, as a
 * dead or unreachable server would; `answer(bytes)` drops every open
 * connection and answers each new one with those bytes, then closes it, as a
 * server that is up but turns every client away (a PostgreSQL starting up or
 * shutting down: `postgresRefusal`); `restore()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  let reply: Buffer | null = null;
  const server = createServer((client) => {
    if (reply) {
      client.on('error', () => client.destroy());
      // Like the server: read the client's first message, answer, close.
      const answer = reply;
      client.once('data', () => client.end(answer));
      return;
    }
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    answer(bytes: Buffer) {
      reply = bytes;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
      reply = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a PostgreSQL server that takes no connections answers a client's
 * startup message with: a FATAL ErrorResponse (protocol 3.0: 'E', its
 * length, then severity, SQLSTATE and message fields), e.g. 57P03 'the
 * database system is starting up' or 'is shutting down'.
 */
export function postgresRefusal(sqlstate: string, message: string): Buffer {
  const fields = Buffer.concat(
    [['S', 'FATAL'], ['V', 'FATAL'], ['C', sqlstate], ['M', message]].map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from('E'), length, body]);
}
