import { OAuth2Client } from 'google-auth-library';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  GOOGLE_ADS_AUTH_PAGE,
  GOOGLE_ADS_CONNECT_PAGE,
  Messages,
  type GoogleAdsAuthError,
  type GoogleAdsAuthStatus,
  type GoogleAdsDisconnectResult,
} from '@hap/contracts';
import { AppError, assertAdmin, recordAudit, type Actor } from '@hap/service-kit';
import type { Config } from '../../config';
import { type GoogleAdsConnectionEntity } from './connection.entity';
import { signState, verifyState } from './oauth-state';
import { OAuthStateRepository } from './oauth-state.repository';
import { decryptToken, encryptToken, tokenKeyOf } from './token-cipher';
import { ConnectionRepository } from './connection.repository';

/** The agency's one connection. */
const LABEL = 'agency';
/** The AdWords scope, and the account's e-mail to show who connected (docs/campaigns.md#google-ads-connection). */
export const GOOGLE_ADS_SCOPES = ['https://www.googleapis.com/auth/adwords', 'openid', 'email'];

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
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
    revokeUrl: config.GOOGLE_OAUTH_REVOKE_URL,
    key,
    stateSecret: config.INTERNAL_SECRET,
  };
}

const authPage = (error: GoogleAdsAuthError) => `${GOOGLE_ADS_AUTH_PAGE}?error=${error}`;

/**
 * Where Google's answer leaves the browser: on to a page (302), or refused
 * (400) for a state that is not this session's unused one, nothing stored;
 * the refusal still shows the auth page's 'Connection Failed' with `reason`.
 */
export type CallbackOutcome = { refused: false; location: string } | { refused: true; reason: 'state'; authPage: string };
const goTo = (location: string): CallbackOutcome => ({ refused: false, location });
const stateRefused: CallbackOutcome = { refused: true, reason: 'state', authPage: authPage('state') };

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
 * Connecting the agency's Google Ads account (docs/campaigns.md#google-ads-connection):
 * Google's consent with a state bound to the admin's session and used once,
 * the code exchanged for a refresh token by google-auth-library, the token
 * stored encrypted.
 */
export class GoogleAdsConnectionService {
  private readonly states: OAuthStateRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: OAuthSettings | null,
    /** What follows a connection (the 30-day performance backfill); its failure does not undo the connection. */
    private readonly onConnected?: () => Promise<unknown>,
  ) {
    this.states = new OAuthStateRepository(dataSource);
  }

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
    return new ConnectionRepository(this.dataSource).find(LABEL);
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

  /**
   * Where the browser goes to consent (offline access, consent every time so
   * Google gives a refresh token), with a state for this admin's session,
   * kept until it is used or expires.
   */
  async consentUrl(actor: Actor): Promise<string> {
    assertAdmin(actor);
    if (!this.settings) return authPage('not_configured');
    // The gateway tags every admin call with its session; without one the state could not be bound.
    const session = actor.identity.session;
    if (actor.identity.kind !== 'admin' || !session) throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
    const signed = signState(this.settings.stateSecret, actor.identity.userId ?? 0, session);
    await this.states.issue(signed);
    return this.client(this.settings).generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GOOGLE_ADS_SCOPES,
      include_granted_scopes: true,
      state: signed.state,
    });
  }

  /**
   * Google's answer. Only a state signed for this admin's session, unexpired
   * and not used before, goes on (it is used up here, before the code is
   * exchanged, so of two answers with one state only the first is read);
   * then only a code connects.
   */
  async callback(actor: Actor, query: { code?: string; state?: string; error?: string }, log?: { warn: (o: object, m: string) => void }): Promise<CallbackOutcome> {
    assertAdmin(actor);
    const settings = this.settings;
    if (!settings) return goTo(authPage('not_configured'));
    const session = actor.identity.kind === 'admin' ? actor.identity.session : undefined;
    const nonce = session ? verifyState(settings.stateSecret, query.state, actor.identity.userId ?? 0, session) : null;
    if (!nonce || !(await this.states.consume(nonce))) return stateRefused;
    if (query.error || !query.code) return goTo(authPage('denied'));
    let tokens;
    try {
      ({ tokens } = await this.client(settings).getToken({ code: query.code, redirect_uri: settings.redirectUri }));
    } catch (err) {
      // gaxios redacts the code and the client secret from the request its error carries (the test checks the log).
      log?.warn({ err }, 'Google refused the authorization code');
      return goTo(authPage('exchange'));
    }
    if (!tokens.refresh_token) return goTo(authPage('no_refresh_token'));
    const accountEmail = emailOf(tokens.id_token);
    await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      // One row for the agency: a second consent (another tab, a reconnect) replaces it, even at the same moment.
      const saved = await new ConnectionRepository(this.dataSource).replace(
        {
          label: LABEL,
          refreshTokenEncrypted: encryptToken(tokens.refresh_token!, settings.key),
          accountEmail,
          connectedBy: actor.identity.userId ?? null,
          connectedAt: now,
          updatedAt: now,
        },
        manager,
      );
      // Who connected which account, and when; never the token.
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'google_ads_connection',
        entityId: saved.id,
        changes: { after: { connected: true, accountEmail } },
        names: { account: accountEmail ?? undefined },
      });
    });
    if (this.onConnected) {
      try {
        await this.onConnected();
      } catch (err) {
        // Connected all the same: the hourly read catches up the last days.
        log?.warn({ err }, 'the Google Ads performance backfill could not be queued');
      }
    }
    return goTo(`${GOOGLE_ADS_CONNECT_PAGE}?connected=true`);
  }

  /**
   * Disconnect: the stored refresh token is forgotten and the
   * row deleted, with its audit entry, in one transaction (the row is locked,
   * so two disconnects write one entry); Google is then asked to revoke the
   * token (RFC 7009), best effort: an unreachable Google leaves it forgotten
   * here all the same, and the answer says whether Google confirmed.
   */
  async disconnect(actor: Actor, log?: { warn: (o: object, m: string) => void }): Promise<GoogleAdsDisconnectResult> {
    assertAdmin(actor);
    const removed = await this.dataSource.transaction(async (manager) => {
      const connections = new ConnectionRepository(this.dataSource);
      const row = await connections.lockedByLabel(LABEL, manager);
      if (!row) return null;
      await connections.delete(row.id, manager);
      await recordAudit(manager, actor, {
        action: 'delete',
        entity: 'google_ads_connection',
        entityId: row.id,
        changes: { before: { connected: true, accountEmail: row.accountEmail, connectedAt: row.connectedAt.toISOString() }, after: { connected: false } },
        names: { account: row.accountEmail ?? undefined },
      });
      return row;
    });
    if (!removed) return { accountEmail: null, disconnected: false, revokedAtGoogle: false };
    return { accountEmail: removed.accountEmail, disconnected: true, revokedAtGoogle: await this.revoke(removed, log) };
  }

  /** Asks Google to revoke a forgotten token; true when Google says it is revoked (or never knew it). */
  private async revoke(row: GoogleAdsConnectionEntity, log?: { warn: (o: object, m: string) => void }): Promise<boolean> {
    if (!this.settings) return false;
    let token: string;
    try {
      token = decryptToken(row.refreshTokenEncrypted, this.settings.key);
    } catch {
      return false; // the key changed: nothing readable to revoke
    }
    try {
      const answer = await fetch(this.settings.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
        signal: AbortSignal.timeout(5_000),
      });
      if (answer.ok) return true;
      // invalid_token: Google no longer knows it (the admin removed the access at Google): revoked all the same.
      const body = (await answer.json().catch(() => ({}))) as { error?: unknown };
      if (body.error === 'invalid_token') return true;
      log?.warn({ status: answer.status }, 'Google did not revoke the Google Ads token');
      return false;
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'Google could not be reached to revoke the Google Ads token');
      return false;
    }
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
