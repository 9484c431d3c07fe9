/** Child processes and ports of the benchmarks and drills (infra/bench/README.md, infra/drill/README.md). */
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx, polling every 200 ms; rejects after `timeoutMs`. */
export async function waitUntilReady(name, url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * What to show of a line a service logged: its warnings and errors (pino JSON lines at level
 * ≥ 40) as `warn: …` / `error: …`, any line that is not JSON as it is, null for the rest.
 */
export function warningOf(line) {
  if (!line.trim()) return null;
  try {
    const entry = JSON.parse(line);
    if ((entry.level ?? 30) < 40) return null;
    return `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg ?? ''}${entry.err ? ` ${entry.err.message}` : ''}`;
  } catch {
    return line;
  }
}

/**
 * Runs each clean-up step in turn (`[what, step]`), saying which failed and going on; resolves
 * with `code`, or 1 when a step failed.
 */
export async function cleanUp(steps, code) {
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (err) {
      console.error(`Cleanup: ${what} failed: ${err.message}`);
      code ||= 1;
    }
  }
  return code;
}
