import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry } from 'prom-client';
import { onShutdown } from './lifecycle';
import { collectProcessMetrics, loadMetricsConfig, startProcessMetrics, type MetricsServer } from './metrics';

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
 * serves it on METRICS_PORT, a listener of its own; in a worker of
 * runInProcesses, the primary serves every worker's metrics summed instead. A
 * failure to start ends the process.
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
    if (cluster.isWorker) {
      collectProcessMetrics(app.metrics);
      // What this worker answers to its primary's requests for metrics (runInProcesses).
      AggregatorRegistry.setRegistries([app.metrics]);
      return;
    }
    metrics = await startProcessMetrics(app.metrics, host, metricsConfig);
    if (metrics) app.log.info({ port: metrics.port }, 'metrics at GET /metrics');
  };
  return start().catch(exitOnFailure((err) => app.log.error({ err }, 'failed to start')));
}

