import { randomBytes } from 'node:crypto';
import { GOOGLE_ADS_AUTH_ERROR_TEXT, GoogleAdsAuthStatusSchema } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { startFakeGoogleOAuth } from '@hap/test-kit/fakes/google-oauth';
import { createDataSource } from '../../src/db/data-source';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';

const REDIRECT = 'https://agency.example/api/google-ads/oauth/callback';
const CLIENT_SECRET = 'client-secret-9f3c51d2';

/** The admin in one login session, and the same admin in another (as the gateway tags them: service-kit sessionTagOf). */
const SESSION_A: Identity = { ...ADMIN, session: 'tag-of-session-a' };
const SESSION_B: Identity = { ...ADMIN, session: 'tag-of-session-b' };

describe('connecting Google Ads: auth-status, the consent redirect and its callback', () => {
  let t: TestAds;
  let google: Awaited<ReturnType<typeof startFakeGoogleOAuth>>;
  const key = randomBytes(32).toString('base64');
  /** The ads app's log lines. */
  const logged: string[] = [];

  beforeAll(async () => {
    google = await startFakeGoogleOAuth({ clientId: 'client-123.apps.googleusercontent.com', clientSecret: CLIENT_SECRET });
    t = await startAds({
      dependencies: { logStream: { write: (line) => void logged.push(line) } },
      env: {
        LOG_LEVEL: 'info',
        GOOGLE_ADS_CLIENT_ID: 'client-123.apps.googleusercontent.com',
        GOOGLE_ADS_CLIENT_SECRET: CLIENT_SECRET,
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
  async function consent(as = SESSION_A) {
    const start = await t.api.get('/api/google-ads/auth', as);
    expect(start.status).toBe(302);
    const back = await atGoogle(start.headers.location!);
    return { start, back };
  }

  /** Google's consent page, once more: it sends the browser back with a new code and the same state. */
  async function atGoogle(consentUrl: string) {
    const answer = await fetch(consentUrl, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return back;
  }

  const callback = (back: URL | string, as = SESSION_A) => t.api.get(`/api/google-ads/oauth/callback${typeof back === 'string' ? back : back.search}`, as);

  /** The refusal of a state: 400, a page that says why and goes on to the auth page's 'Connection Failed'. */
  function expectStateRefused(res: Awaited<ReturnType<typeof callback>>) {
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<h1>Connection Failed</h1>');
    expect(res.text).toContain(GOOGLE_ADS_AUTH_ERROR_TEXT.state);
    expect(res.text).toContain('<meta http-equiv="refresh" content="0;url=/admin/google-ads-auth?error=state">');
  }

  const connectionRows = () => t.dataSource.getRepository(GoogleAdsConnectionEntity).find();
  const exchanges = () => google.calls.filter((c) => c.path === '/token').length;

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

    const done = await callback(back);
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
    expectStateRefused(await callback(`?${forged}`));
    expectStateRefused(await callback(back, { ...SESSION_A, userId: 9999 }));
    expectStateRefused(await callback('?code=4/abc'));

    google.refuseNext();
    const { back: refused } = await consent();
    expect((await callback(refused)).headers.location).toBe('/admin/google-ads-auth?error=denied');

    // The untouched answer still connects (the refusals above did not use its state up).
    expect((await callback(back)).headers.location).toBe('/admin/google-ads-connect?connected=true');
  });

  it('takes a state only from the session that started the consent, and once: another session, a replay and a second code are refused, nothing stored', async () => {
    const { start, back } = await consent(SESSION_A);
    const before = await connectionRows();
    const exchanged = exchanges();

    // The same admin logged in elsewhere (another session) cannot finish this consent, nor spoil it.
    expectStateRefused(await callback(back, SESSION_B));
    expect(exchanges()).toBe(exchanged);

    const done = await callback(back, SESSION_A);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/admin/google-ads-connect?connected=true');
    expect(exchanges()).toBe(exchanged + 1);
    const connected = await connectionRows();
    expect(connected).toHaveLength(1);
    expect(connected[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(before[0]?.updatedAt.getTime() ?? 0);

    // The same answer again (a replay), and another code Google gave for the same state: refused before Google is asked.
    expectStateRefused(await callback(back, SESSION_A));
    const secondCode = await atGoogle(start.headers.location!);
    expect(secondCode.searchParams.get('state')).toBe(back.searchParams.get('state'));
    expect(secondCode.searchParams.get('code')).not.toBe(back.searchParams.get('code'));
    expectStateRefused(await callback(secondCode, SESSION_A));
    expect(exchanges()).toBe(exchanged + 1);
    expect(await connectionRows()).toEqual(connected);
  });

  it('connects once when two answers with one state arrive together', async () => {
    const { start, back } = await consent(SESSION_A);
    const other = await atGoogle(start.headers.location!);
    const exchanged = exchanges();
    const answers = await Promise.all([callback(back), callback(other)]);
    expect(answers.map((res) => res.status).sort()).toEqual([302, 400]);
    expect(exchanges()).toBe(exchanged + 1);
  });

  it('starts no consent for an admin call without a session (only the gateway can bind one)', async () => {
    const res = await t.api.get('/api/google-ads/auth', ADMIN);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expectStateRefused(await callback((await consent()).back, ADMIN));
  });

  it('logs neither the code and state of an answer nor what the token exchange sent', async () => {
    const { back } = await consent();
    const unknown = new URLSearchParams(back.search);
    unknown.set('code', '4/0AX-code-google-does-not-know');
    logged.length = 0;
    expect((await callback(`?${unknown}`)).headers.location).toBe('/admin/google-ads-auth?error=exchange');

    const log = logged.join('');
    expect(log).toContain('Google refused the authorization code');
    expect(log).toContain('/api/google-ads/oauth/callback?');
    for (const secret of ['4/0AX-code-google-does-not-know', back.searchParams.get('state')!, CLIENT_SECRET]) expect(log).not.toContain(secret);
  });

  it('reads a stored token the key no longer opens as not connected, but a database it cannot read as an error', async () => {
    await consent().then(({ back }) => callback(back));
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
