import { OAuth2Client } from 'google-auth-library';
import type { DataSource } from 'typeorm';
import {
  GOOGLE_ADS_AUTH_PAGE,
  GOOGLE_ADS_CONNECT_PAGE,
  type GoogleAdsAuthError,
  type GoogleAdsAuthStatus,
} from '@hap/contracts';
import { assertAdmin, recordAudit, type Actor } from '@hap/service-kit';
import type { Config } from '../../config';
import { GoogleAdsConnectionEntity } from './connection.entity';
import { signState, verifyState } from './oauth-state';
import { decryptToken, encryptToken, tokenKeyOf } from './token-cipher';

/** The agency's one connection. */
const LABEL = 'agency';
/** The AdWords scope, and the account's e-mail to show who connected (admin spec §2.16). */
export const GOOGLE_ADS_SCOPES = ['https://www.googleapis.com/auth/adwords', 'openid', 'email'];

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  key: Buffer;
  stateSecret: string;
}

/** The OAuth client's settings, or null when the platform has none (the screens say Google Ads is not configured). */
export function oauthSettingsOf(config: Config): OAuthSettings | null {
  const key = tokenKeyOf(config.GOOGLE_ADS_TOKEN_KEY);
  if (!config.GOOGLE_ADS_CLIENT_ID || !config.GOOGLE_ADS_CLIENT_SECRET || !key) return null;
  return {
    clientId: config.GOOGLE_ADS_CLIENT_ID,
    clientSecret: config.GOOGLE_ADS_CLIENT_SECRET,
    redirectUri: config.GOOGLE_ADS_REDIRECT_URI,
    authUrl: config.GOOGLE_OAUTH_AUTH_URL,
    tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
    key,
    stateSecret: config.INTERNAL_SECRET,
  };
}

const authPage = (error: GoogleAdsAuthError) => `${GOOGLE_ADS_AUTH_PAGE}?error=${error}`;

/** The e-mail in an OpenID id_token's claims, when there is one (it came straight from Google's token endpoint). */
function emailOf(idToken: string | null | undefined): string | null {
  try {
    const claims = JSON.parse(Buffer.from((idToken ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

/**
 * Connecting the agency's Google Ads account (admin spec §2.16, §2.17):
 * Google's consent with a state bound to the admin, the code exchanged for a
 * refresh token by google-auth-library, the token stored encrypted.
 */
export class GoogleAdsConnectionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: OAuthSettings | null,
  ) {}

  private client(settings: OAuthSettings) {
    return new OAuth2Client({
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      redirectUri: settings.redirectUri,
      endpoints: { oauth2AuthBaseUrl: settings.authUrl, oauth2TokenUrl: settings.tokenUrl },
      // The platform's fetch: gaxios would otherwise load node-fetch by a dynamic import.
      transporterOptions: { fetchImplementation: fetch },
    });
  }

  private connection() {
    return this.dataSource.getRepository(GoogleAdsConnectionEntity).findOneBy({ label: LABEL });
  }

  async status(actor: Actor): Promise<GoogleAdsAuthStatus> {
    assertAdmin(actor);
    const connection = await this.connection();
    return {
      configured: this.settings !== null,
      isAuthenticated: this.settings !== null && connection !== null,
      accountEmail: connection?.accountEmail ?? null,
      connectedAt: connection?.connectedAt.toISOString() ?? null,
    };
  }

  /** Where the browser goes to consent (offline access, consent every time so Google gives a refresh token). */
  consentUrl(actor: Actor): string {
    assertAdmin(actor);
    if (!this.settings) return authPage('not_configured');
    return this.client(this.settings).generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GOOGLE_ADS_SCOPES,
      include_granted_scopes: true,
      state: signState(this.settings.stateSecret, actor.identity.userId ?? 0),
    });
  }

  /** Google's answer: where the browser goes next. Only a checked state with a code connects. */
  async callback(actor: Actor, query: { code?: string; state?: string; error?: string }, log?: { warn: (o: object, m: string) => void }): Promise<string> {
    assertAdmin(actor);
    const settings = this.settings;
    if (!settings) return authPage('not_configured');
    if (!verifyState(settings.stateSecret, query.state, actor.identity.userId ?? 0)) return authPage('state');
    if (query.error || !query.code) return authPage('denied');
    let tokens;
    try {
      ({ tokens } = await this.client(settings).getToken({ code: query.code, redirect_uri: settings.redirectUri }));
    } catch (err) {
      log?.warn({ err }, 'Google refused the authorization code');
      return authPage('exchange');
    }
    if (!tokens.refresh_token) return authPage('no_refresh_token');
    const accountEmail = emailOf(tokens.id_token);
    await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(GoogleAdsConnectionEntity);
      const now = new Date();
      // One row for the agency: a second consent (another tab, a reconnect) replaces it, even at the same moment.
      await repo.upsert(
        {
          label: LABEL,
          refreshTokenEncrypted: encryptToken(tokens.refresh_token!, settings.key),
          accountEmail,
          connectedBy: actor.identity.userId ?? null,
          connectedAt: now,
          updatedAt: now,
        },
        { conflictPaths: ['label'] },
      );
      const saved = await repo.findOneByOrFail({ label: LABEL });
      // Who connected which account, and when; never the token.
      await recordAudit(manager, actor, { action: 'update', entity: 'google_ads_connection', entityId: saved.id, changes: { after: { accountEmail } } });
    });
    return `${GOOGLE_ADS_CONNECT_PAGE}?connected=true`;
  }

  /**
   * The stored refresh token, for the Google Ads API calls (launches, conversions); null when not
   * connected, or when the key no longer opens it (GOOGLE_ADS_TOKEN_KEY changed: connecting again
   * stores a new one). A database that cannot be read is an error, never "not connected".
   */
  async refreshToken(): Promise<string | null> {
    const connection = await this.connection();
    if (!connection || !this.settings) return null;
    try {
      return decryptToken(connection.refreshTokenEncrypted, this.settings.key);
    } catch {
      return null;
    }
  }
}
