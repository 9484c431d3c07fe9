import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { AuditPageSchema, CampaignLaunchSchema, GoogleAdsDisconnectResultSchema, type AuditLogEntry, type CampaignLaunch } from '@hap/contracts';
import { createQueue, createWorker, type Identity, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { startFakeGoogleAds, type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { startFakeGoogleOAuth } from '@hap/test-kit/fakes/google-oauth';
import { createClientService, uniq } from '@hap/test-kit/factories/templates';
import { createTemplatesClient } from '../../src/clients/templates.client';
import { googleAdsAccessOf } from '../../src/google-ads/access';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign, type CampaignQueues } from '../../src/modules/campaigns/campaign-jobs.service';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { createLaunchHandler } from '../../src/modules/launches/launch.job';
import { LaunchRepository } from '../../src/modules/launches/launch.repository';
import { encryptToken, tokenKeyOf } from '../../src/modules/connection/token-cipher';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';

const TOKEN_KEY = randomBytes(32).toString('base64');
const CLIENT_ID = 'audit-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'audit-secret';
const LEADS: Identity = { kind: 'service', service: 'leads' };
/** The admin in a login session (the OAuth state is bound to it). */
const SESSION: Identity = { ...ADMIN, session: 'tag-of-audit-session' };

/**
 * docs/admin.md: everything in the ads service that spends money (or decides
 * where it goes) writes an Audit Log entry that names who (the admin's
 * e-mail), for which clinic and service, on which account, and the outcome;
 * /api/audit-log/ads lists them for the Audit Log page. docs/admin.md: the
 * Google Ads connection can be disconnected (audited, the token revoked).
 */
describe('the ads Audit Log: launches and their outcome, generation, optimisation, deletion, connection, conversions', () => {
  let t: TestAds;
  let googleAds: FakeGoogleAds;
  let oauth: Awaited<ReturnType<typeof startFakeGoogleOAuth>>;
  let launchQueue: JobQueue<'ads.launch'>;
  let campaignQueues: CampaignQueues;
  let worker: Worker | null = null;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };

  beforeAll(async () => {
    googleAds = await startFakeGoogleAds();
    oauth = await startFakeGoogleOAuth({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, email: 'ads-owner@agency.example' });
    launchQueue = createQueue('ads.launch', redis);
    campaignQueues = { generate: createQueue('ads.generate', redis), optimize: createQueue('ads.optimize', redis) };
    t = await startAds({
      env: {
        OPENAI_API_KEY: 'sk-test-ads',
        OPENAI_MODEL: 'gpt-test',
        GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
        GOOGLE_ADS_CLIENT_ID: CLIENT_ID,
        GOOGLE_ADS_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_ADS_TOKEN_KEY: TOKEN_KEY,
        GOOGLE_ADS_API_URL: googleAds.url,
        GOOGLE_ADS_REDIRECT_URI: 'https://agency.example/api/google-ads/oauth/callback',
        GOOGLE_OAUTH_AUTH_URL: oauth.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: oauth.tokenUrl,
        GOOGLE_OAUTH_REVOKE_URL: oauth.revokeUrl,
      },
      dependencies: { launchQueue, campaignQueues },
    });
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(async () => {
    await launchQueue.queue.obliterate({ force: true });
    await Promise.all([launchQueue.close(), campaignQueues.generate.close(), campaignQueues.optimize.close()]);
    await t.close();
    await googleAds.close();
    await oauth.close();
  });

  /** Connects the agency's account the way an admin does: our redirect, Google's consent, the callback. */
  async function connect() {
    const start = await t.api.get('/api/google-ads/auth', SESSION);
    expect(start.status).toBe(302);
    const atGoogle = await fetch(start.headers.location!, { redirect: 'manual' });
    const back = new URL(atGoogle.headers.get('location')!);
    const callback = await t.api.get(`/api/google-ads/oauth/callback${back.search}`, SESSION);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/admin/google-ads-connect?connected=true');
  }

  /** A clinic named `name` with a service on template 5, which has one active campaign. */
  async function clinicService(name: string) {
    const client = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({
      name,
      address: '12 Elm Street, Austin, TX 78701',
      phone: '(512) 555-0199',
      domain: `audit-${uniq()}.example`,
      googleAdsAccountId: '123-456-7890',
    });
    expect(client.status).toBe(201);
    const clientId = client.body.data.id as number;
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    await t.dataSource.query(`UPDATE "ads"."ad_campaign_templates" SET "is_active" = false WHERE "template_id" = 5`);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Audit ${uniq()}`)), templateId: 5 }));
    const service = await createClientService(t.templates!.dataSource, clientId, 5, { customPath: `audit-${uniq()}` });
    const templates = createTemplatesClient({ baseUrl: t.config.TEMPLATES_URL, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const serviceName = (await templates.service(service.id)).name;
    return { clientId, serviceId: service.id, serviceName, campaign };
  }

  async function auditOf(query: Record<string, string>): Promise<AuditLogEntry[]> {
    const res = await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '100', ...query })}`, ADMIN);
    expect(res.status).toBe(200);
    return AuditPageSchema.parse(res.body.data).items;
  }

  async function settled(id: string): Promise<CampaignLaunch> {
    const until = Date.now() + 20_000;
    for (;;) {
      const launch = CampaignLaunchSchema.parse((await t.api.get(`/api/google-ads/launches/${id}`, ADMIN)).body.data);
      if (launch.status !== 'queued' && launch.status !== 'launching') return launch;
      if (Date.now() > until) throw new Error(`launch ${id} still ${launch.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('lists only for admins, newest first, with the service named ads', async () => {
    expect((await t.api.get('/api/audit-log/ads', ANONYMOUS)).status).toBe(401);
    const bad = await t.api.get('/api/audit-log/ads?pageSize=1000', ADMIN);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The page size must be 100 or less');
  });

  it('connecting and disconnecting Google Ads: both audited with the admin and the account; the token is revoked at Google and forgotten here', async () => {
    await t.dataSource.query('DELETE FROM "ads"."google_ads_connections"');
    await connect();
    const connected = (await auditOf({ entity: 'google_ads_connection' }))[0]!;
    expect(connected).toMatchObject({ service: 'ads', action: 'update', actorUserId: ADMIN.userId, actorEmail: ADMIN.email, names: { actor: ADMIN.email, account: 'ads-owner@agency.example' } });
    expect(JSON.stringify(connected)).not.toContain(oauth.refreshTokens.at(-1));

    expect((await t.api.delete('/api/google-ads/connection', ANONYMOUS)).status).toBe(401);
    const res = await t.api.delete('/api/google-ads/connection', ADMIN);
    expect(res.status).toBe(200);
    expect(GoogleAdsDisconnectResultSchema.parse(res.body.data)).toEqual({ accountEmail: 'ads-owner@agency.example', disconnected: true, revokedAtGoogle: true });
    expect(oauth.revoked).toEqual([oauth.refreshTokens.at(-1)]);
    expect(await t.dataSource.getRepository(GoogleAdsConnectionEntity).count()).toBe(0);
    expect((await t.api.get('/api/google-ads/auth-status', ADMIN)).body.data).toMatchObject({ configured: true, isAuthenticated: false, accountEmail: null });

    const [disconnected] = await auditOf({ entity: 'google_ads_connection' });
    expect(disconnected).toMatchObject({
      action: 'delete',
      actorEmail: ADMIN.email,
      names: { account: 'ads-owner@agency.example' },
      changes: { before: { connected: true, accountEmail: 'ads-owner@agency.example' }, after: { connected: false } },
    });

    // Twice: nothing connected, nothing revoked, no second entry.
    const again = await t.api.delete('/api/google-ads/connection', ADMIN);
    expect(again.body.data).toEqual({ accountEmail: null, disconnected: false, revokedAtGoogle: false });
    expect((await auditOf({ entity: 'google_ads_connection', action: 'delete' })).filter((e) => e.createdAt >= disconnected!.createdAt)).toHaveLength(1);

    // A launch now says Google Ads is not connected.
    const { clientId, serviceId } = await clinicService(`Disconnected Clinic ${uniq()}`);
    const launch = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ clientId, serviceId });
    expect(launch.status).toBe(409);
  });

  it('a disconnect Google cannot confirm still forgets the token, and says so', async () => {
    await t.dataSource.query('DELETE FROM "ads"."google_ads_connections"');
    await connect();
    oauth.revoked.push(oauth.refreshTokens.at(-1)!); // Google already forgot it: invalid_token counts as revoked
    const gone = await t.api.delete('/api/google-ads/connection', ADMIN);
    expect(gone.body.data).toMatchObject({ disconnected: true, revokedAtGoogle: true });

    await connect();
    await oauth.close(); // Google unreachable
    const res = await t.api.delete('/api/google-ads/connection', ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accountEmail: 'ads-owner@agency.example', disconnected: true, revokedAtGoogle: false });
    expect(await t.dataSource.getRepository(GoogleAdsConnectionEntity).count()).toBe(0);
    oauth = await startFakeGoogleOAuth({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, email: 'ads-owner@agency.example' });
  });

  it('a launch: who launched what for which clinic and service on which account, then its outcome, both named', async () => {
    const repo = t.dataSource.getRepository(GoogleAdsConnectionEntity);
    await repo.delete({ label: 'agency' });
    await repo.save(repo.create({ label: 'agency', refreshTokenEncrypted: encryptToken('1//refresh-token', tokenKeyOf(TOKEN_KEY)!), accountEmail: 'ads@agency.example', connectedBy: 1, connectedAt: new Date(), updatedAt: new Date() }));
    const clinicName = `Acme Audit Clinic ${uniq()}`;
    const { clientId, serviceId, serviceName } = await clinicService(clinicName);

    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ clientId, serviceId });
    expect(res.status).toBe(202);
    const launchId = res.body.data.id as string;
    const access = googleAdsAccessOf(t.config, new GoogleAdsConnectionService(t.dataSource, oauthSettingsOf(t.config)));
    worker = createWorker('ads.launch', createLaunchHandler(new LaunchRepository(t.dataSource), access), redis) as unknown as Worker;
    const done = await settled(launchId);
    expect(done.status).toBe('launched');

    const entries = await auditOf({ entity: 'campaign_launch', entityId: launchId });
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    const [outcome, started] = entries as [AuditLogEntry, AuditLogEntry];
    const names = { actor: ADMIN.email, client: clinicName, service: serviceName, campaign: done.campaignName, account: '1234567890' };
    expect(started).toMatchObject({ service: 'ads', actorUserId: ADMIN.userId, actorEmail: ADMIN.email, names, changes: { after: { clientId, serviceId, status: 'queued' } } });
    expect(outcome).toMatchObject({
      actorUserId: ADMIN.userId,
      actorEmail: ADMIN.email,
      requestId: started.requestId,
      names,
      changes: { after: { status: 'launched', googleAdsCampaignId: done.googleAdsCampaignId, successfulAdGroups: done.totalAdGroups } },
    });
  });

  it('campaign generation, optimisation and deletion name the service or campaign and the admin', async () => {
    const { campaign } = await clinicService(`Generation Clinic ${uniq()}`);
    const templates = createTemplatesClient({ baseUrl: t.config.TEMPLATES_URL, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const template = await templates.template(5);

    const generated = await t.api.post('/api/service-templates/5/google-ads/generate', ADMIN).send({ serviceDescription: 'Men over 30.' });
    expect(generated.status).toBe(202);
    const [generation] = await auditOf({ entity: 'ad_campaign_job', entityId: generated.body.data.id });
    expect(generation).toMatchObject({ action: 'create', actorEmail: ADMIN.email, names: { service: template.name }, changes: { after: { kind: 'generate', templateId: 5 } } });

    const optimized = await t.api.post(`/api/service-templates/5/google-ads/${campaign.id}/optimize`, ADMIN).send({ optimizationGoal: 'increase_conversions' });
    expect(optimized.status).toBe(202);
    const [optimization] = await auditOf({ entity: 'ad_campaign_job', entityId: optimized.body.data.id });
    expect(optimization).toMatchObject({ actorEmail: ADMIN.email, names: { campaign: campaign.name }, changes: { after: { kind: 'optimize', campaignId: campaign.id } } });

    const deleted = await t.api.delete(`/api/service-templates/5/google-ads/${campaign.id}`, ADMIN);
    expect(deleted.status).toBe(200);
    const [deletion] = await auditOf({ entity: 'ad_campaign_template', entityId: String(campaign.id) });
    expect(deletion).toMatchObject({ action: 'delete', actorEmail: ADMIN.email, names: { campaign: campaign.name } });
  });

  it("a conversion upload names the clinic and its account; the leads worker is the actor (no admin e-mail)", async () => {
    const repo = t.dataSource.getRepository(GoogleAdsConnectionEntity);
    await repo.delete({ label: 'agency' });
    await repo.save(repo.create({ label: 'agency', refreshTokenEncrypted: encryptToken('1//refresh-token', tokenKeyOf(TOKEN_KEY)!), accountEmail: 'ads@agency.example', connectedBy: 1, connectedAt: new Date(), updatedAt: new Date() }));
    const clinicName = `Conversion Clinic ${uniq()}`;
    const { clientId } = await clinicService(clinicName);
    const leadId = Math.floor(Math.random() * 1e9);
    const res = await t.api.post('/internal/google-ads/conversions', LEADS).send({ leadId, clientId, gclid: `gclid-${uniq()}`, convertedAt: new Date().toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('uploaded');
    const [entry] = await auditOf({ entity: 'offline_conversion', entityId: String(leadId) });
    expect(entry).toMatchObject({ action: 'create', actorUserId: null, actorEmail: null, names: { client: clinicName, account: '1234567890' }, changes: { after: { leadId, clientId } } });
  });

  it('entries written before names show no e-mail and no names (the screen falls back to ids)', async () => {
    await t.dataSource.query(
      `INSERT INTO "ads"."audit_log" ("actor_user_id", "action", "entity", "entity_id", "changes") VALUES (7, 'create', 'legacy_thing', 'legacy-1', '{"after": {"clientId": 3}}')`,
    );
    const [old] = await auditOf({ entity: 'legacy_thing' });
    expect(old).toMatchObject({ actorUserId: 7, actorEmail: null, names: {}, changes: { after: { clientId: 3 } } });
  });
});
