import type { FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { connectAgency, disconnectAgency } from '@hap/test-kit/factories/ads';
import { startAdsProcess, type SiblingProcess } from '@hap/test-kit/siblings';
import { createAdsClient } from '../../src/clients/ads.client';
import { createTenantClient } from '../../src/clients/tenant.client';
import { loadServiceConfig } from '../../src/config';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import type { TestLeads } from './app';

/**
 * The real ads service beside `t` (a process on leads' templates and tenant: @hap/test-kit/siblings),
 * talking to the fake Google Ads API with the agency connected (its token sealed under `tokenKey`).
 */
export async function startAdsWithGoogle(t: TestLeads, google: FakeGoogleAds, tokenKey: string): Promise<{ ads: SiblingProcess; url: string }> {
  const ads = await startAdsProcess({
    TEMPLATES_URL: t.config.TEMPLATES_URL,
    TENANT_URL: t.templates!.tenant!.url,
    GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
    GOOGLE_ADS_CLIENT_ID: 'client.apps.googleusercontent.com',
    GOOGLE_ADS_CLIENT_SECRET: 'secret',
    GOOGLE_ADS_TOKEN_KEY: tokenKey,
    GOOGLE_ADS_API_URL: google.url,
  });
  try {
    await connectAgency(ads.dataSource, tokenKey);
  } catch (err) {
    await ads.close();
    throw err;
  }
  return { ads, url: ads.url };
}

/** Disconnects the agency and stops ads, then leads and the fake (nothing when ads never started). */
export async function stopAdsWithGoogle(ads: SiblingProcess | undefined, t: TestLeads, google: FakeGoogleAds): Promise<void> {
  if (!ads) return;
  await disconnectAgency(ads.dataSource);
  await ads.close();
  await t.close();
  await google.close();
}

/**
 * How long the leads worker waits for ads (ADS_TIMEOUT_MS as production sets it, src/config.ts): a fresh ads
 * process loads its Google Ads library at its first upload (services/ads/README.md), seconds on a busy machine.
 */
const WORKER_ADS_TIMEOUT_MS = loadServiceConfig({ ...process.env, ADS_TIMEOUT_MS: undefined }).ADS_TIMEOUT_MS;

/** The leads worker's delivery job as it runs for Google Ads conversions: through the real ads service at `adsUrl` (no mail, no CRM). */
export const conversionsHandler = (t: TestLeads, adsUrl: string) =>
  createDeliveryHandler({
    dataSource: t.dataSource,
    mailer: null,
    webhooks: createWebhookSender({ timeoutMs: 1000, allowPrivate: false }),
    crm: null,
    tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
    ads: createAdsClient({ baseUrl: adsUrl, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: WORKER_ADS_TIMEOUT_MS }),
  });
