import { startTenant, type TestTenant } from '../helpers/app';
import { createClient, createDomainMapping, uniqueHost } from '../helpers/factories';

describe('GET /api/page-context', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await startTenant();
  });
  afterAll(() => t.close());

  it('answers the resolution and the branding of a mapped host in one call', async () => {
    const client = await createClient(t.dataSource, { brandColor: '#123456', logoPath: '/uploads/images/logo.webp' });
    const mapping = await createDomainMapping(t.dataSource, client.id);
    const res = await t.api.get(`/api/page-context?host=${mapping.domain}&path=/trt`);
    expect(res.status).toBe(200);
    expect(res.body.data.resolution).toEqual({ clientId: client.id, source: 'host' });
    expect(res.body.data.client).toMatchObject({ id: client.id, name: client.name, brandColor: '#123456', logoPath: '/uploads/images/logo.webp' });
    // The branding projection only: no ad account or CRM ids reach a page.
    expect(res.body.data.client).not.toHaveProperty('googleAdsAccountId');
    expect(res.body.data.client).not.toHaveProperty('ghlSubaccountId');
  });

  it('follows ?client= on an unmapped host', async () => {
    const client = await createClient(t.dataSource);
    const res = await t.api.get(`/api/page-context?host=${uniqueHost()}&path=/&client=${client.id}`);
    expect(res.body.data).toMatchObject({ resolution: { clientId: client.id, source: 'query' }, client: { id: client.id } });
  });

  it('says client null when the default clinic no longer exists', async () => {
    // Nothing is seeded in the test database: client 1 does not exist.
    const res = await t.api.get(`/api/page-context?host=${uniqueHost()}&path=/`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ resolution: { clientId: 1, source: 'default' }, client: null });
  });

  it('needs a host', async () => {
    const res = await t.api.get('/api/page-context?path=/');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'host is required' });
  });
});
