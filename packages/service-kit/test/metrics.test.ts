import { createServer } from 'node:net';
import { metricsListenerOf } from '@hap/test-kit/metrics-listener';
import { metricSample } from '@hap/test-kit/metrics-sample';
import { createServiceApp, signIdentity, startProcessMetrics } from '../src';

const SECRET = 'metrics-test-secret-0123456789';

describe('request metrics of a service app', () => {
  const app = createServiceApp({ name: 'demo', internalSecret: SECRET, logLevel: 'silent' });
  app.get('/api/things/:id', { config: { operation: 'getThing' } }, async () => ({ success: true }));
  app.get('/api/plain', async () => ({ success: true }));
  const metrics = metricsListenerOf(app);

  const signed = (url: string) => app.inject({ method: 'GET', url, headers: signIdentity(SECRET, 'GET', url, { kind: 'anonymous' }) });
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('labels each answer with its operation, method and status code', async () => {
    expect((await signed('/api/things/1')).statusCode).toBe(200);
    expect((await signed('/api/things/2')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/things/3' })).statusCode).toBe(401);

    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const count = (labels: Record<string, string>) => metricSample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', operation: 'getThing', status_code: '200', service: 'demo', process: 'api' })).toBe(2);
    expect(count({ method: 'GET', operation: 'getThing', status_code: '401' })).toBe(1);
  });

  it('falls back to the URL pattern, and to "unmatched" for paths no route has', async () => {
    await signed('/api/plain');
    await signed('/api/nothing/here/12345');
    const text = await scrape();
    expect(metricSample(text, 'http_request_duration_seconds_count', { operation: '/api/plain', status_code: '200' })).toBe(1);
    expect(metricSample(text, 'http_request_duration_seconds_count', { operation: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('12345');
  });

  it('is not served on the app port', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await signed('/metrics')).statusCode).toBe(404);
  });

  it('answers only GET /metrics on its own listener', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('startProcessMetrics', () => {
  it('starts nothing when METRICS_PORT is 0 or unset', async () => {
    const app = createServiceApp({ name: 'off', internalSecret: SECRET, logLevel: 'silent' });
    expect(await startProcessMetrics(app.metrics, '127.0.0.1', { METRICS_PORT: 0, METRICS_HOST: undefined })).toBeNull();
    await app.close();
  });

  it('adds the process metrics and listens on METRICS_PORT', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const app = createServiceApp({ name: 'on', internalSecret: SECRET, logLevel: 'silent' });
    const server = await startProcessMetrics(app.metrics, '127.0.0.1', { METRICS_PORT: free, METRICS_HOST: undefined });
    try {
      expect(server?.port).toBe(free);
      const text = await (await fetch(`http://127.0.0.1:${free}/metrics`)).text();
      expect(metricSample(text, 'process_cpu_user_seconds_total', { service: 'on', process: 'api' })).toBeGreaterThanOrEqual(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      await server?.close();
      await app.close();
    }
  });
});
