import type { FastifyInstance } from 'fastify';
import { onShutdown } from './lifecycle';
import { loadMetricsConfig, startProcessMetrics, type MetricsServer } from './metrics';

export interface ServerRuntime {
  app: FastifyInstance;
  host: string;
  port: number;
}

/** Ends the process when an entry point fails to start; the reason is logged first. */
export function exitOnFailure(log: (err: unknown) => void) {
  return (err: unknown) => {
    log(err);
    process.exit(1);
  };
}

/**
 * Listens, and on SIGTERM/SIGINT drains requests and closes everything
 * `app.close()` owns. An app with a metrics registry (`app.metrics`) also
 * serves it on METRICS_PORT, a listener of its own. A failure to start ends
 * the process.
 */
export function runServer({ app, host, port }: ServerRuntime): Promise<void> {
  let metrics: MetricsServer | null = null;
  onShutdown(app.log, async () => {
    await app.close();
    await metrics?.close();
  });
  const start = async () => {
    const metricsConfig = loadMetricsConfig();
    await app.listen({ host, port });
    if (!app.hasDecorator('metrics')) return;
    metrics = await startProcessMetrics(app.metrics, host, metricsConfig);
    if (metrics) app.log.info({ port: metrics.port }, 'metrics at GET /metrics');
  };
  return start().catch(exitOnFailure((err) => app.log.error({ err }, 'failed to start')));
}

