import { randomBytes } from 'node:crypto';
import { GoogleAdsAuthStatusSchema } from '@hap/contracts';
import { startFakeGoogleOAuth } from '../../../../infra/test/fake-google-oauth';
import { createDataSource } from '../../src/db/data-source';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';

const REDIRECT = 'https://agency.example/api/google-ads/oauth/callback';

describe('connecting Google Ads: auth-status, the consent redirect and its callback', () => {
  let t: TestAds;
  let google: Awaited<ReturnType<typeof startFakeGoogleOAuth>>;
  const key = randomBytes(32).toString('base64');

  beforeAll(async () => {
    google = await startFakeGoogleOAuth({ clientId: 'client-123.apps.googleusercontent.com', clientSecret: 'shh' });
    t = await startAds({
      env: {
        GOOGLE_ADS_CLIENT_ID: 'client-123.apps.googleusercontent.com',
        GOOGLE_ADS_CLIENT_SECRET: 'shh',
        GOOGLE_ADS_REDIRECT_URI: REDIRECT,
        GOOGLE_ADS_TOKEN_KEY: key,
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
      },
    });
    await t.dataSource.query('DELETE FROM "ads"."google_ads_connections"');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** The admin's trip: our redirect to Google, Google's consent, back to the callback. */
  async function consent(as = ADMIN) {
    const start = await t.api.get('/api/google-ads/auth', as);
    expect(start.status).toBe(302);
    const atGoogle = await fetch(start.headers.location!, { redirect: 'manual' });
    const back = new URL(atGoogle.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return { start, back };
  }

  it('is configured and not yet connected', async () => {
    const res = await t.api.get('/api/google-ads/auth-status', ADMIN);
    expect(res.status).toBe(200);
    expect(GoogleAdsAuthStatusSchema.parse(res.body.data)).toEqual({ configured: true, isAuthenticated: false, accountEmail: null, connectedAt: null });
    expect((await t.api.get('/api/google-ads/auth-status', ANONYMOUS)).status).toBe(401);
  });

  it('sends the admin to Google for offline AdWords access, then stores the refresh token encrypted', async () => {
    const { start, back } = await consent();
    const consentUrl = new URL(start.headers.location!);
    expect(consentUrl.origin + consentUrl.pathname).toBe(google.authUrl);
    expect(Object.fromEntries(consentUrl.searchParams)).toMatchObject({
      client_id: 'client-123.apps.googleusercontent.com',
      redirect_uri: REDIRECT,
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords openid email',
    });
    expect(start.headers['cache-control']).toBe('no-store');

    const done = await t.api.get(`/api/google-ads/oauth/callback${back.search}`, ADMIN);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/admin/google-ads-connect?connected=true');
    const exchange = google.calls.find((c) => c.path === '/token')!;
    expect(exchange.form).toMatchObject({ grant_type: 'authorization_code', redirect_uri: REDIRECT, client_id: 'client-123.apps.googleusercontent.com' });

    const [row] = await t.dataSource.getRepository(GoogleAdsConnectionEntity).find();
    expect(row!.refreshTokenEncrypted).toMatch(/^v1\./);
    expect(row!.refreshTokenEncrypted).not.toContain(google.refreshTokens.at(-1)!.slice(3));
    const status = (await t.api.get('/api/google-ads/auth-status', ADMIN)).body.data;
    expect(status).toMatchObject({ configured: true, isAuthenticated: true, accountEmail: 'ads-manager@agency.example', connectedAt: expect.any(String) });
    const [audit] = await t.dataSource.query(`SELECT changes FROM ads.audit_log WHERE entity = 'google_ads_connection' ORDER BY id DESC LIMIT 1`);
    expect(JSON.stringify(audit)).not.toContain(google.refreshTokens.at(-1)!);
  });

  it('refuses a state that is forged, another admin’s, or missing, and a refused consent', async () => {
    const { back } = await consent();
    const forged = new URLSearchParams(back.search);
    forged.set('state', `${forged.get('state')!.slice(0, -2)}xx`);
    expect((await t.api.get(`/api/google-ads/oauth/callback?${forged}`, ADMIN)).headers.location).toBe('/admin/google-ads-auth?error=state');
    const otherAdmin = { ...ADMIN, userId: 9999 };
    expect((await t.api.get(`/api/google-ads/oauth/callback${back.search}`, otherAdmin)).headers.location).toBe('/admin/google-ads-auth?error=state');
    expect((await t.api.get('/api/google-ads/oauth/callback?code=4/abc', ADMIN)).headers.location).toBe('/admin/google-ads-auth?error=state');

    google.refuseNext();
    const { back: refused } = await consent();
    expect((await t.api.get(`/api/google-ads/oauth/callback${refused.search}`, ADMIN)).headers.location).toBe('/admin/google-ads-auth?error=denied');

    // The untouched answer still connects; used again, Google no longer knows its code.
    expect((await t.api.get(`/api/google-ads/oauth/callback${back.search}`, ADMIN)).headers.location).toBe('/admin/google-ads-connect?connected=true');
    expect((await t.api.get(`/api/google-ads/oauth/callback${back.search}`, ADMIN)).headers.location).toBe('/admin/google-ads-auth?error=exchange');
  });

  it('reads a stored token the key no longer opens as not connected, but a database it cannot read as an error', async () => {
    await consent().then(({ back }) => t.api.get(`${back.pathname}${back.search}`, ADMIN));
    const settings = oauthSettingsOf(t.config)!;
    expect(await new GoogleAdsConnectionService(t.dataSource, settings).refreshToken()).toEqual(expect.any(String));
    // Another key (GOOGLE_ADS_TOKEN_KEY changed): connecting again is the way out.
    expect(await new GoogleAdsConnectionService(t.dataSource, { ...settings, key: randomBytes(32) }).refreshToken()).toBeNull();
    // PostgreSQL gone: never "not connected", which would fail a launch or a conversion for good.
    const gone = createDataSource(t.config.DATABASE_URL);
    await gone.initialize();
    await gone.destroy();
    await expect(new GoogleAdsConnectionService(gone, settings).refreshToken()).rejects.toThrow();
  });

  it('says it is not configured, and sends the browser back saying so, without an OAuth client', async () => {
    const bare = await startAds({ templatesUrl: t.config.TEMPLATES_URL, env: { GOOGLE_ADS_CLIENT_ID: '', GOOGLE_ADS_TOKEN_KEY: '' } });
    try {
      expect((await bare.api.get('/api/google-ads/auth-status', ADMIN)).body.data).toMatchObject({ configured: false, isAuthenticated: false });
      const start = await bare.api.get('/api/google-ads/auth', ADMIN);
      expect(start.status).toBe(302);
      expect(start.headers.location).toBe('/admin/google-ads-auth?error=not_configured');
    } finally {
      await bare.close();
    }
  });
});
