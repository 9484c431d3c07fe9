import { startMetricsServer } from '@hap/service-kit';

type Registry = Parameters<typeof startMetricsServer>[0]['registry'];

/**
 * For a suite: `app`'s metrics on a listener of their own on 127.0.0.1 (as a process serves them on
 * METRICS_PORT), started in beforeAll once the app is ready; the listener and the app close after
 * the suite. `port` is the listener's, known once the suite has started.
 */
export function metricsListenerOf(app: { ready(): PromiseLike<unknown>; close(): PromiseLike<unknown>; metrics: Registry }) {
  const listener = { port: 0 };
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    await app.ready();
    const server = await startMetricsServer({ registry: app.metrics, host: '127.0.0.1', port: 0 });
    listener.port = server.port;
    close = () => server.close();
  });
  afterAll(async () => {
    await close();
    await app.close();
  });
  return listener;
}
