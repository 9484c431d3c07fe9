import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { rewrittenCampaign, writtenCampaigns } from '@hap/test-kit/fixtures/written-campaigns';
import { validContent } from '@hap/test-kit/fixtures/generated-content';
import { startFakeGoHighLevel } from '@hap/test-kit/fakes/gohighlevel';
import { startFakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { startFakeGoogleOAuth } from '@hap/test-kit/fakes/google-oauth';
import { startFakeOpenAI } from '@hap/test-kit/fakes/openai';
import { startFakeTwilio } from '@hap/test-kit/fakes/twilio';
import { startFakeWebPush } from '@hap/test-kit/fakes/web-push';
import { startMailbox } from './support/mailbox';

/**
 * Starts the built stack (the same launcher as `npm start`) against a fresh
 * database and Redis prefix; returns the teardown that removes both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const base = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `hap_e2e_${run}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;

  const redisPrefix = `hap_e2e_${run}`;
  process.env.E2E_ADMIN_EMAIL = 'e2e-admin@healthads.local';
  process.env.E2E_ADMIN_PASSWORD = randomBytes(12).toString('base64url');

  // Uploads of the journeys go to a directory of their own, never the checkout's .data/.
  const uploadDir = await mkdtemp(join(tmpdir(), 'hap-e2e-uploads-'));

  // AI-written templates ask a model: a loopback fake of the chat completions API answering valid content.
  // Ads campaigns ask for their own response formats: generated campaigns, then a rewrite for Optimize.
  const model = await startFakeOpenAI([{ content: JSON.stringify(validContent()), delayMs: 1500 }], {
    byFormat: {
      google_ads_campaigns: [{ content: JSON.stringify(writtenCampaigns()), delayMs: 1000 }],
      google_ads_campaign: [{ content: JSON.stringify({ campaign: rewrittenCampaign() }), delayMs: 500 }],
    },
  });

  // CRM sub-accounts (onboarding, Create CRM Account) and lead pushes go to a loopback fake of GoHighLevel;
  // journeys script its refusals through its control path at E2E_GHL_URL.
  const crm = await startFakeGoHighLevel({ agencyToken: 'ghl-e2e-agency', companyId: 'company-e2e', locations: [] });
  process.env.E2E_GHL_URL = crm.url;

  // Connecting Google Ads: Google's consent page and token endpoint, faked on loopback.
  const google = await startFakeGoogleOAuth({ clientId: 'e2e-client.apps.googleusercontent.com', clientSecret: 'e2e-secret' });

  // Launches and Test Campaign reach a loopback fake of the Google Ads API; journeys script it at E2E_GOOGLE_ADS_URL.
  const googleAds = await startFakeGoogleAds();
  process.env.E2E_GOOGLE_ADS_URL = googleAds.url;

  // Patients' texts go to a loopback fake of Twilio's REST API; journeys read them and text back (signed
  // webhooks through the gateway) at E2E_TWILIO_URL (speed-to-lead-journey.spec.ts).
  const twilioAccount = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex'), from: '+12025550100' };
  const sms = await startFakeTwilio(twilioAccount);
  process.env.E2E_TWILIO_URL = sms.url;

  // Web push (new-lead alerts, assignments, task reminders) goes to a loopback push service with the run's
  // own VAPID pair: journeys subscribe a device and read what it was pushed at E2E_PUSH_URL.
  const push = await startFakeWebPush();
  process.env.E2E_PUSH_URL = push.url;
  const vapid = createECDH('prime256v1');
  vapid.generateKeys();

  // E-mail (invitations, password resets, lead notifications) goes to a real SMTP server on loopback;
  // each message lands as a file that journeys read (support/mailbox.ts).
  const mailboxDir = join(__dirname, '.artifacts', 'mailbox', run);
  const mailbox = await startMailbox(mailboxDir);
  process.env.E2E_MAILBOX_DIR = mailboxDir;
  // The run's database, for a journey that must let time pass (booking-journey.spec.ts moves an appointment's hour).
  process.env.E2E_DATABASE_URL = databaseUrl.toString();

  // Custom domains: the tenant and its worker check clinics' DNS records at a fixed loopback port, where
  // custom-domains.spec.ts runs a real DNS server (dns2) while it needs one; nothing answers there otherwise.
  const dnsPort = Number(process.env.E2E_DNS_PORT ?? base + 53);
  process.env.E2E_DNS_PORT = String(dnsPort);
  process.env.E2E_EDGE_HOST = 'edge.hap.test';

  // This run's processes log to a directory of its port (page-routing.spec.ts reads them).
  process.env.E2E_LOG_DIR = join(__dirname, '.artifacts', `logs-${base}`);

  const { startStack } = await import('../launcher/stack.mjs');
  const stack = await startStack({
    databaseUrl: databaseUrl.toString(),
    redisPrefix,
    quiet: true,
    logDir: process.env.E2E_LOG_DIR,
    ports: { gateway: base, publicShell: base + 1, tenant: base + 2, leads: base + 3, templates: base + 4, ads: base + 5 },
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // A secret of this run's own: a journey run never touches the checkout's .data/secrets.json.
      INTERNAL_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      UPLOAD_DIR: uploadDir,
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_MODEL: 'e2e-model',
      // Every journey submits its leads and sign-ups from 127.0.0.1: more than one visitor would in a minute.
      // The limit itself is tested in the gateway's integration tests.
      LEAD_RATE_LIMIT_PER_MINUTE: '60',
      // Likewise every page and API call of a shard's journeys: an admin screen's pollers and an
      // accessibility sweep passed 600 a minute, and a visitor's page then answered 429 (no form).
      RATE_LIMIT_PER_MINUTE: '20000',
      // Page views reach results within a second here (production folds every 15 s).
      PAGE_VIEW_FOLD_INTERVAL_MS: '1000',
      GOOGLE_ADS_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
      GOOGLE_ADS_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ADS_TOKEN_KEY: randomBytes(32).toString('base64'),
      GOOGLE_ADS_REDIRECT_URI: `http://127.0.0.1:${base}/api/google-ads/oauth/callback`,
      GOOGLE_OAUTH_AUTH_URL: google.authUrl,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
      GOOGLE_OAUTH_REVOKE_URL: google.revokeUrl,
      GOOGLE_ADS_DEVELOPER_TOKEN: 'e2e-developer-token',
      GOOGLE_ADS_API_URL: googleAds.url,
      GHL_AGENCY_TOKEN: 'ghl-e2e-agency',
      GHL_COMPANY_ID: 'company-e2e',
      GHL_BASE_URL: crm.url,
      SMTP_URL: mailbox.url,
      TWILIO_ACCOUNT_SID: twilioAccount.accountSid,
      TWILIO_AUTH_TOKEN: twilioAccount.authToken,
      TWILIO_FROM: twilioAccount.from,
      TWILIO_API_BASE_URL: sms.url,
      VAPID_PUBLIC_KEY: vapid.getPublicKey().toString('base64url'),
      // d in 32 bytes: an ECDH key's may come shorter by its leading zeros, which VAPID refuses.
      VAPID_PRIVATE_KEY: Buffer.from(vapid.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url'),
      VAPID_SUBJECT: 'mailto:e2e@healthads.local',
      PUSH_ALLOW_LOOPBACK: 'true',
      PUBLIC_BASE_URL: `http://127.0.0.1:${base}`,
      // Passkeys need a domain for their RP ID (browsers refuse an IP address): passkeys.spec.ts signs in at localhost.
      WEBAUTHN_ORIGIN: `http://localhost:${base}`,
      WEBAUTHN_RP_ID: 'localhost',
      EDGE_HOST: process.env.E2E_EDGE_HOST,
      DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      DNS_TIMEOUT_MS: '1000',
    },
    log: () => {},
  });

  return async () => {
    await stack.stop();
    await model.close();
    await crm.close();
    await google.close();
    await googleAds.close();
    await sms.close();
    await push.close();
    await mailbox.close();
    await rm(mailboxDir, { recursive: true, force: true });
    await rm(uploadDir, { recursive: true, force: true });
    const cleanup = new Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await cleanup.end();
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  };
}
