import { ApiError, routes } from '@hap/contracts';
import { contractClient, startTenant, type ApiClient, type TestTenant } from '../helpers/app';
import { createClient, createDomainMapping, createStaffMember, uniqueHost } from '../helpers/factories';

describe('GET /api/page-context', () => {
  let t: TestTenant;
  let api: ApiClient;

  beforeAll(async () => {
    t = await startTenant();
    api = contractClient(t.app, t.config.INTERNAL_SECRET);
  });
  afterAll(() => t.close());

  it('answers the resolution and the branding of a mapped host in one call', async () => {
    const client = await createClient(t.dataSource, { brandColor: '#123456', logoPath: '/uploads/images/logo.webp' });
    const mapping = await createDomainMapping(t.dataSource, client.id);
    const context = await api.call(routes.getPageContext, { query: { host: mapping.domain, path: '/trt' } });
    expect(context.resolution).toEqual({ clientId: client.id, source: 'host' });
    expect(context.client).toMatchObject({ id: client.id, name: client.name, brandColor: '#123456', logoPath: '/uploads/images/logo.webp' });
    // The branding projection only: no ad account or CRM ids reach a page.
    expect(context.client).not.toHaveProperty('googleAdsAccountId');
    expect(context.client).not.toHaveProperty('ghlSubaccountId');
  });

  it('brings the clinic’s tracking settings, so a page needs no call of its own for them', async () => {
    const client = await createClient(t.dataSource, { googleAnalyticsId: 'G-PAGECTX1', trackingEnabled: true, conversionTrackingEnabled: false });
    const context = await api.call(routes.getPageContext, { query: { host: uniqueHost(), path: '/', client: String(client.id) } });
    expect(context.tracking).toEqual({ googleAdsTagId: client.googleAdsTagId, googleAnalyticsId: 'G-PAGECTX1', facebookPixelId: client.facebookPixelId, trackingEnabled: true, conversionTrackingEnabled: false });
  });

  it('follows ?client= on an unmapped host', async () => {
    const client = await createClient(t.dataSource);
    const context = await api.call(routes.getPageContext, { query: { host: uniqueHost(), path: '/', client: String(client.id) } });
    expect(context).toMatchObject({ resolution: { clientId: client.id, source: 'query' }, client: { id: client.id } });
  });

  it('says client null when the default clinic no longer exists', async () => {
    // Nothing is seeded in the test database: client 1 does not exist.
    const context = await api.call(routes.getPageContext, { query: { host: uniqueHost(), path: '/' } });
    expect(context).toEqual({ resolution: { clientId: 1, source: 'default' }, client: null, staff: [], tracking: null });
  });

  it("carries the clinic's team in displayOrder (then id), without internal timestamps", async () => {
    const client = await createClient(t.dataSource);
    const third = await createStaffMember(t.dataSource, client.id, { name: 'Dr. Third', displayOrder: 3 });
    const first = await createStaffMember(t.dataSource, client.id, { name: 'Dr. First', title: 'Medical Director', displayOrder: 0 });
    const second = await createStaffMember(t.dataSource, client.id, { name: 'Nurse Second', displayOrder: 1 });
    const other = await createClient(t.dataSource);
    await createStaffMember(t.dataSource, other.id, { name: 'Someone Else' });

    const context = await api.call(routes.getPageContext, { query: { host: uniqueHost(), path: '/', client: String(client.id) } });

    expect(context.staff.map((s) => s.id)).toEqual([first.id, second.id, third.id]);
    expect(context.staff[0]).toMatchObject({ id: first.id, clientId: client.id, name: 'Dr. First', title: 'Medical Director', displayOrder: 0 });
    expect(context.staff[0]).not.toHaveProperty('createdAt');
  });

  it('answers an empty team for a clinic without staff', async () => {
    const client = await createClient(t.dataSource);
    const context = await api.call(routes.getPageContext, { query: { host: uniqueHost(), path: '/', client: String(client.id) } });
    expect(context).toMatchObject({ resolution: { clientId: client.id }, client: { id: client.id }, staff: [] });
  });

  it('needs a host', async () => {
    const res = await t.api.get('/api/page-context?path=/');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'host is required' });
  });

  it('is one of the rows a typed caller can reach; a missing client id is its 404', async () => {
    const error = await api.call(routes.getClient, { params: { id: 999_999 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Client 999999 was not found.' });
  });
});
