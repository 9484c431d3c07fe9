import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `close` once on SIGTERM or SIGINT, then exits. A second signal while
 * closing exits at once. A process started by a supervisor with an IPC
 * channel (the local launcher) also closes when that channel goes away.
 */
export function onShutdown(logger: FastifyBaseLogger, close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down');
    close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', handler);
  // A worker of runInProcesses leaves a terminal's Ctrl-C (sent to the whole process group)
  // to its primary, which asks each worker to close once: a second signal would cut the drain short.
  process.on('SIGINT', cluster.isWorker ? () => {} : handler);
  if (process.send) process.once('disconnect', () => handler('SIGTERM'));
}
