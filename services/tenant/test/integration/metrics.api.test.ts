import { startMetricsServer, type MetricsServer } from '@hap/service-kit';
import { metricSample } from '@hap/test-kit/metrics-sample';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';

describe('GET /metrics (the metrics listener, not the API port)', () => {
  let t: TestTenant;
  let metrics: MetricsServer;

  beforeAll(async () => {
    t = await startTenant();
    metrics = await startMetricsServer({ registry: t.app.metrics, host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metrics.close();
    await t.close();
  });

  const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();

  it('times each answer by its route operation and status code', async () => {
    expect((await t.api.get('/api/resolve-client?host=metrics.example')).status).toBe(200);
    expect((await t.api.get('/api/clients/2147483647', ADMIN)).status).toBe(404);

    const text = await scrape();
    const count = (labels: Record<string, string>) => metricSample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ service: 'tenant', process: 'api', method: 'GET', operation: 'resolveClient', status_code: '200' })).toBe(1);
    expect(count({ operation: 'getClient', status_code: '404' })).toBe(1);
    expect(metricSample(text, 'http_request_duration_seconds_bucket', { operation: 'resolveClient', le: '+Inf' })).toBe(1);
  });

  it('is not answered on the API port', async () => {
    expect((await t.api.get('/metrics', ADMIN)).status).toBe(404);
  });
});
