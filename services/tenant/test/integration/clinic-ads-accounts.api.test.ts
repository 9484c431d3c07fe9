import { z } from 'zod';
import { ClinicAdsAccountSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { createClient, uniq } from '../helpers/factories';

/** The ads worker's clinics with a Google Ads account (docs/results-and-experiments.md: hourly performance reads). */
describe('GET /internal/clients/google-ads-accounts', () => {
  let t: TestTenant;
  const ADS = { kind: 'service', service: 'ads' } as const;

  beforeAll(async () => {
    t = await startTenant();
  });
  afterAll(() => t.close());

  it('lists the clinics that have an account, with the manager account, digits only, by id', async () => {
    const managed = await createClient(t.dataSource, { name: `Managed ${uniq()}`, googleAdsAccountId: '1234567890', googleAdsManagerId: '9999999999' });
    const own = await createClient(t.dataSource, { name: `Own ${uniq()}`, googleAdsAccountId: '555-111-2222', googleAdsManagerId: null });
    const none = await createClient(t.dataSource, { name: `None ${uniq()}`, googleAdsAccountId: null });
    const blank = await createClient(t.dataSource, { name: `Blank ${uniq()}`, googleAdsAccountId: '' });

    const res = await t.api.get('/internal/clients/google-ads-accounts', ADS);
    expect(res.status).toBe(200);
    const rows = z.array(ClinicAdsAccountSchema.strict()).parse(res.body.data);
    const ids = rows.map((r) => r.clientId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(rows.find((r) => r.clientId === managed.id)).toEqual({ clientId: managed.id, name: managed.name, googleAdsAccountId: '1234567890', googleAdsManagerId: '9999999999' });
    expect(rows.find((r) => r.clientId === own.id)).toEqual({ clientId: own.id, name: own.name, googleAdsAccountId: '5551112222', googleAdsManagerId: null });
    expect(ids).not.toContain(none.id);
    expect(ids).not.toContain(blank.id);
  });

  it('answers only the ads service', async () => {
    expect((await t.api.get('/internal/clients/google-ads-accounts', GATEWAY)).status).toBe(403);
    expect((await t.api.get('/internal/clients/google-ads-accounts', ADMIN)).status).toBe(403);
    expect((await t.api.get('/internal/clients/google-ads-accounts', ANONYMOUS)).status).toBe(403);
  });
});
