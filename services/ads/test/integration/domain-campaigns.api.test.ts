import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { DomainCampaignSchema, routes, type CampaignLaunch } from '@hap/contracts';
import { type Identity, type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { uniq } from '@hap/test-kit/factories/templates';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { connectAgency, launchForReal, launchQueueRedis, serviceWithCampaign, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';
import { giveClinicDomain, setClinicDomain } from '../helpers/clinic-domain';

const TOKEN_KEY = randomBytes(32).toString('base64');

/**
 * GET /api/clients/:id/domains/:domain/campaigns: the running
 * campaigns on a clinic's domain, for the failing domain's one-click pause,
 * through the real ads app, tenant and templates on PostgreSQL, the ads.launch
 * worker on Redis, and the fake Google Ads API on loopback.
 */
describe('running campaigns on a clinic’s domain, each paused in one click', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker;
  const redis = launchQueueRedis();

  const connect = () => connectAgency(t.dataSource, TOKEN_KEY);

  async function clinic(): Promise<number> {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({
      name: `Summit Wellness ${uniq()}`,
      address: '12 Elm Street, Austin, TX 78701',
      phone: '(512) 555-0199',
      googleAdsAccountId: '123-456-7890',
    });
    expect(created.status).toBe(201);
    return created.body.data.id as number;
  }

  /** One of the clinic's services launched for real (the worker → the fake): created paused, as every launch is. */
  async function launched(clientId: number, templateId: number): Promise<CampaignLaunch> {
    const { service } = await serviceWithCampaign(t, clientId, templateId);
    return launchForReal(t, clientId, service.id);
  }

  const setStatus = async (launchId: string, status: 'paused' | 'enabled') => {
    const res = await t.api.post(`/api/google-ads/launches/${launchId}/status`, ADMIN).send({ status });
    expect(res.status).toBe(200);
  };
  const running = (clientId: number, domain: string, as: Identity = ADMIN) => t.api.get(`/api/clients/${clientId}/domains/${encodeURIComponent(domain)}/campaigns`, as);

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY, { PUBLIC_BASE_URL: 'https://app.healthads.test' }));
    worker = startLaunchWorker(t, redis);
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    google.reset();
    await connect();
  });
  afterAll(() => stopAdsWithGoogle({ worker, queue, t, google }));

  it('is an admin row of ads, which the gateway routes apart from tenant’s domain rows', () => {
    expect(routes.listDomainCampaigns).toMatchObject({ method: 'GET', path: '/api/clients/:id/domains/:domain/campaigns', owner: 'ads', access: 'admin' });
  });

  it('lists the running (enabled) campaigns on the failing domain, not the paused ones nor those on the platform’s host or another clinic’s; a pause takes one off', async () => {
    const clientId = await clinic();
    const onPlatform = await launched(clientId, 5);
    const tenantDb = t.templates!.tenant!.dataSource;
    const domain = await giveClinicDomain(tenantDb, clientId, `trt.running-${uniq()}.example`);
    const first = await launched(clientId, 6);
    const second = await launched(clientId, 4);
    const stillPaused = await launched(clientId, 2);
    for (const l of [onPlatform, first, second]) await setStatus(l.id, 'enabled');
    // another clinic on a domain of its own, running
    const otherClinic = await clinic();
    await giveClinicDomain(tenantDb, otherClinic, `trt.other-${uniq()}.example`);
    await setStatus((await launched(otherClinic, 6)).id, 'enabled');

    await setClinicDomain(tenantDb, domain, 'failing', 'The page answered 502 instead of 200.');
    const res = await running(clientId, domain.toUpperCase());
    expect(res.status).toBe(200);
    const list = res.body.data.map((row: unknown) => DomainCampaignSchema.strict().parse(row));
    expect(list.map((c: { launchId: string }) => c.launchId).sort()).toEqual([first.id, second.id].sort());
    for (const c of list) {
      const launch = [first, second].find((l) => l.id === c.launchId)!;
      expect(c).toEqual({ launchId: launch.id, campaignName: launch.campaignName, googleAdsCampaignId: launch.googleAdsCampaignId, status: 'ENABLED', finalUrl: expect.stringMatching(new RegExp(`^https://${domain.replace(/\./g, '\\.')}/body-`)), launchedAt: launch.launchedAt });
    }
    expect(list.map((c: { launchId: string }) => c.launchId)).not.toContain(stillPaused.id);

    // The one-click pause is the existing campaign control: the campaign leaves the list.
    await setStatus(first.id, 'paused');
    expect((await running(clientId, domain)).body.data.map((c: { launchId: string }) => c.launchId)).toEqual([second.id]);
    await setStatus(second.id, 'paused');
    expect((await running(clientId, domain)).body.data).toEqual([]);
  });

  it('answers an empty list without asking Google when no launch is on the domain; needs Google Ads when one is', async () => {
    const clientId = await clinic();
    const onPlatform = await launched(clientId, 5);
    await setStatus(onPlatform.id, 'enabled');
    const tenantDb = t.templates!.tenant!.dataSource;
    const domain = await giveClinicDomain(tenantDb, clientId, `www.quiet-${uniq()}.example`, 'failing', 'DNS no longer points here.');
    google.reset();
    expect((await running(clientId, domain)).body.data).toEqual([]);
    expect((await running(clientId, 'not a domain')).body.data).toEqual([]);
    expect(google.calls()).toEqual([]);

    await setClinicDomain(tenantDb, domain, 'active');
    await launched(clientId, 6);
    await setClinicDomain(tenantDb, domain, 'failing', 'DNS no longer points here.');
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    const unconnected = await running(clientId, domain);
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toMatch(/^Google Ads is not connected/);
  });

  it('is the admin’s: 401 anonymous, 403 for a clinic user', async () => {
    expect((await running(1, 'trt.clinic.example', ANONYMOUS)).status).toBe(401);
    expect((await running(1, 'trt.clinic.example', { kind: 'clinic', userId: 1, clientId: 1, role: 'owner', email: 'o@x.test' })).status).toBe(403);
    expect((await running(0, 'trt.clinic.example')).status).toBe(400);
  });
});
