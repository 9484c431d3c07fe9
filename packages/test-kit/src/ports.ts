import { createServer } from 'node:net';

/** A free TCP port on loopback: the kernel's pick, released for a server (Caddy, a service's process) to bind a moment later. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}
