import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { closedPortUrl } from './net';

/** Resolves once something accepts TCP connections on `port`, or rejects after `timeoutMs`. */
async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real redis-server of the test's own on a free loopback port (no
 * persistence), as a child process the test can kill, stop and start again.
 */
export async function startRedisServer() {
  const port = Number(new URL(await closedPortUrl()).port);
  let child: ChildProcess | null = null;

  const start = async () => {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    child = proc;
    const spawned = new Promise<never>((_resolve, reject) => proc.once('error', reject));
    await Promise.race([waitForPort(port), spawned]);
  };

  const kill = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    // A stopped process only dies of SIGKILL once resumed on some systems; both are harmless.
    proc.kill('SIGCONT');
    proc.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Kills the server at once (no shutdown): its clients see the connection drop. */
    kill,
    /** Starts it again on the same port, empty. */
    restart: start,
    /** Freezes the process: connections stay open and nothing answers. */
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
