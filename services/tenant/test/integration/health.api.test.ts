import request from 'supertest';
import { startTenant, type TestTenant } from '../helpers/app';

describe('tenant service', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await startTenant();
  });
  afterAll(() => t.close());

  it('answers its readiness check once the database answers', async () => {
    const res = await request(t.app.server).get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { service: 'tenant', status: 'ready' } });
  });

  it('refuses calls that the gateway did not sign', async () => {
    const res = await request(t.app.server).get('/api/clients/1');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
  });

  it.each([
    ['POST', '/api/onboarding'],
    ['POST', '/api/ghl-create-subaccount'],
    ['POST', '/api/clients/1/create-ghl-subaccount'],
  ])('leaves %s %s to a later issue (404)', async (method, path) => {
    const res = await t.api.post(path).send({});
    expect([method, res.status, res.body.code]).toEqual([method, 404, 'ROUTE_NOT_FOUND']);
  });
});
