import type { Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { CampaignLaunchSchema, type CampaignLaunch } from '@hap/contracts';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { startFakeGoogleAds, type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { createClientService, uniq } from '@hap/test-kit/factories/templates';
import { googleAdsAccessOf } from '../../src/google-ads/access';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign } from '../../src/modules/campaigns/campaign-jobs.service';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { encryptToken, tokenKeyOf } from '../../src/modules/connection/token-cipher';
import { createLaunchHandler } from '../../src/modules/launches/launch.job';
import { LaunchRepository } from '../../src/modules/launches/launch.repository';
import { ADMIN, startAds, type TestAds } from './app';

/** What the launch suites share: real launches through the ads.launch worker to the fake Google Ads API. */

/** The suite's own Redis prefix for its ads.launch queue. */
export const launchQueueRedis = (): QueueRedis => suiteQueueRedis();

/** Ads' settings for the fake Google Ads API, the agency's token encrypted under `tokenKey`; `extra` added. */
export const googleAdsEnv = (google: FakeGoogleAds, tokenKey: string, extra: Record<string, string> = {}): Record<string, string> => ({
  GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
  GOOGLE_ADS_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_ADS_CLIENT_SECRET: 'secret',
  GOOGLE_ADS_TOKEN_KEY: tokenKey,
  GOOGLE_ADS_API_URL: google.url,
  ...extra,
});

/** The agency's Google Ads connection, made afresh (a refresh token encrypted under `tokenKey`). */
export async function connectAgency(dataSource: DataSource, tokenKey: string): Promise<void> {
  const repo = dataSource.getRepository(GoogleAdsConnectionEntity);
  await repo.delete({ label: 'agency' });
  await repo.save(repo.create({ label: 'agency', refreshTokenEncrypted: encryptToken('1//refresh-token', tokenKeyOf(tokenKey)!), accountEmail: 'ads@agency.example', connectedBy: 1, connectedAt: new Date(), updatedAt: new Date() }));
}

/** The ads.launch worker on `redis`, with ads' own handler on `dataSource`. */
export function startLaunchWorker(t: TestAds, redis: QueueRedis, dataSource: DataSource = t.dataSource): Worker {
  const access = googleAdsAccessOf(t.config, new GoogleAdsConnectionService(dataSource, oauthSettingsOf(t.config)));
  return createWorker('ads.launch', createLaunchHandler(new LaunchRepository(dataSource), access), redis) as unknown as Worker;
}

/** A clinic with a Google Ads account and an address a launch can read, through tenant's API; its id. */
export async function clinicWithAccount(t: TestAds, name: string): Promise<number> {
  const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `${name} ${uniq()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', googleAdsAccountId: '123-456-7890' });
  if (created.status !== 201) throw new Error(`the clinic was not created: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data.id as number;
}

/** A written campaign made template `templateId`'s only active one, and a service of the clinic on that template. */
export async function serviceWithCampaign(t: TestAds, clientId: number, templateId: number) {
  const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
  await t.dataSource.query(`UPDATE "ads"."ad_campaign_templates" SET "is_active" = false WHERE "template_id" = $1`, [templateId]);
  const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Body ${uniq()}`)), templateId }));
  const service = await createClientService(t.templates!.dataSource, clientId, templateId, { customPath: `body-${uniq()}` });
  return { service, campaign };
}

/** The launch as ads answers it. */
export const launchOf = async (t: TestAds, id: string): Promise<CampaignLaunch> => CampaignLaunchSchema.parse((await t.api.get(`/api/google-ads/launches/${id}`, ADMIN)).body.data);

/** The launch once it is no longer queued or launching. */
export async function settledLaunch(t: TestAds, id: string, timeoutMs = 20_000): Promise<CampaignLaunch> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const l = await launchOf(t, id);
    if (l.status !== 'queued' && l.status !== 'launching') return l;
    if (Date.now() > until) throw new Error(`launch ${id} still ${l.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The clinic's service launched for real (the worker → the fake): the launch, created paused as every launch is. */
export async function launchForReal(t: TestAds, clientId: number, serviceId: number): Promise<CampaignLaunch> {
  const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId, launchAgain: true });
  expect(res.status).toBe(202);
  const l = await settledLaunch(t, res.body.data.id as string);
  if (l.status !== 'launched') throw new Error(`launch ${l.id} ${l.status}: ${l.errorDetails}`);
  return l;
}

/**
 * The fake Google Ads API, an ads.launch queue on `redis` and the real ads app (its templates and
 * tenant) using both, with `env` added to its settings.
 */
export async function startAdsWithGoogle(redis: QueueRedis, tokenKey: string, env: Record<string, string> = {}) {
  const google = await startFakeGoogleAds();
  const queue = createQueue('ads.launch', redis);
  const t = await startAds({ env: googleAdsEnv(google, tokenKey, env), dependencies: { launchQueue: queue } });
  return { google, queue, t };
}

/** Stops what startAdsWithGoogle started (whatever of it did start) and the worker, the queue emptied first. */
export async function stopAdsWithGoogle({ worker, queue, t, google }: { worker?: Worker | null; queue?: JobQueue<'ads.launch'>; t?: TestAds; google?: FakeGoogleAds }) {
  await worker?.close();
  await queue?.queue.obliterate({ force: true });
  await queue?.close();
  await t?.close();
  await google?.close();
}
