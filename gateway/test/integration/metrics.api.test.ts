import request from 'supertest';
import { metricsListenerOf } from '@hap/test-kit/metrics-listener';
import { metricSample } from '@hap/test-kit/metrics-sample';
import { buildGateway } from '../helpers/gateway';

describe('gateway metrics', () => {
  const { app } = buildGateway();
  const metrics = metricsListenerOf(app);

  it('are served on their own listener, by route and status', async () => {
    expect((await request(app.server).get('/healthz')).status).toBe(200);
    expect((await request(app.server).get('/api/admin/auth-status')).status).toBe(401);
    const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    expect(metricSample(text, 'http_request_duration_seconds_count', { service: 'gateway', operation: '/healthz', status_code: '200' })).toBe(1);
    expect(metricSample(text, 'http_request_duration_seconds_count', { service: 'gateway', status_code: '401' })).toBeGreaterThanOrEqual(1);
  });

  it('are not reachable through the public port', async () => {
    for (const method of ['get', 'head'] as const) {
      const res = await request(app.server)[method]('/metrics');
      expect(res.status).toBe(404);
    }
    const res = await request(app.server).get('/metrics');
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(res.text).not.toContain('http_request_duration_seconds');
  });
});
