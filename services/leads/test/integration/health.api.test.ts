import request from 'supertest';
import { signIdentity } from '@hap/service-kit';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

describe('leads service skeleton', () => {
  const config = loadServiceConfig();
  const app = buildApp(config, createDataSource(config.DATABASE_URL));

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('answers its readiness check once the database answers', async () => {
    const res = await request(app.server).get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { service: 'leads', status: 'ready' } });
  });

  it('refuses calls that the gateway did not sign', async () => {
    const res = await request(app.server).get('/api/leads');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
  });

  it('answers a signed call to an unknown path with the JSON 404', async () => {
    const res = await request(app.server)
      .get('/api/nothing-here')
      .set(signIdentity(config.INTERNAL_SECRET, 'GET', '/api/nothing-here', { kind: 'anonymous' }));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });
});
