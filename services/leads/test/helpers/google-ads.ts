import type { FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createAdsClient } from '../../src/clients/ads.client';
import { createTenantClient } from '../../src/clients/tenant.client';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { startAds, type TestAds } from '../../../ads/test/helpers/app';
import { GoogleAdsConnectionEntity } from '../../../ads/src/modules/connection/connection.entity';
import { encryptToken, tokenKeyOf } from '../../../ads/src/modules/connection/token-cipher';
import type { TestLeads } from './app';

/**
 * The real ads app beside `t` (on leads' templates and tenant, no queues), listening on loopback,
 * talking to the fake Google Ads API with the agency connected (its token encrypted under `tokenKey`).
 */
export async function startAdsWithGoogle(t: TestLeads, google: FakeGoogleAds, tokenKey: string): Promise<{ ads: TestAds; url: string }> {
  const ads = await startAds({
    templatesUrl: t.config.TEMPLATES_URL,
    env: {
      TENANT_URL: t.templates!.tenant!.url,
      GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
      GOOGLE_ADS_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_ADS_CLIENT_SECRET: 'secret',
      GOOGLE_ADS_TOKEN_KEY: tokenKey,
      GOOGLE_ADS_API_URL: google.url,
    },
    dependencies: { launchQueue: null, campaignQueues: null },
  });
  const url = await ads.app.listen({ host: '127.0.0.1', port: 0 });
  const repo = ads.dataSource.getRepository(GoogleAdsConnectionEntity);
  await repo.delete({ label: 'agency' });
  await repo.save(repo.create({ label: 'agency', refreshTokenEncrypted: encryptToken('1//refresh', tokenKeyOf(tokenKey)!), accountEmail: null, connectedBy: 1, connectedAt: new Date(), updatedAt: new Date() }));
  return { ads, url };
}

/** Disconnects the agency and stops ads, then leads and the fake (nothing when ads never started). */
export async function stopAdsWithGoogle(ads: TestAds | undefined, t: TestLeads, google: FakeGoogleAds): Promise<void> {
  if (!ads) return;
  await ads.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
  await ads.close();
  await t.close();
  await google.close();
}

/** The leads worker's delivery job as it runs for Google Ads conversions: through the real ads service at `adsUrl` (no mail, no CRM). */
export const conversionsHandler = (t: TestLeads, adsUrl: string) =>
  createDeliveryHandler({
    dataSource: t.dataSource,
    mailer: null,
    webhooks: createWebhookSender({ timeoutMs: 1000, allowPrivate: false }),
    crm: null,
    tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
    ads: createAdsClient({ baseUrl: adsUrl, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 5000 }),
  });
