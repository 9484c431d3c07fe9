import { z } from 'zod';
import { timestamp } from '../fields';

/**
 * The agency's Google Ads connection (docs/campaigns.md#google-ads-connection, docs/admin.md#calls): an OAuth
 * consent that leaves a refresh token, stored encrypted by the ads service.
 */

/** `GET /api/google-ads/auth-status`: docs/admin.md#calls reads isAuthenticated. */
export const GoogleAdsAuthStatusSchema = z.object({
  /** The platform has a Google OAuth client and a token key (GOOGLE_ADS_CLIENT_ID, …); without them nothing can connect. */
  configured: z.boolean(),
  isAuthenticated: z.boolean(),
  /** The Google account that consented, when Google said. */
  accountEmail: z.string().nullable(),
  connectedAt: timestamp().nullable(),
});
export type GoogleAdsAuthStatus = z.infer<typeof GoogleAdsAuthStatusSchema>;

/** `DELETE /api/google-ads/connection`: what was forgotten, and whether Google confirmed the token's revocation. */
export const GoogleAdsDisconnectResultSchema = z.object({
  /** The account that was connected (null when nothing was: disconnecting twice is not an error). */
  accountEmail: z.string().nullable(),
  disconnected: z.boolean(),
  /** Google's revocation endpoint accepted the token; false when it could not be reached (the token is forgotten here all the same). */
  revokedAtGoogle: z.boolean(),
});
export type GoogleAdsDisconnectResult = z.infer<typeof GoogleAdsDisconnectResultSchema>;

/** What Google sends back to the callback: a code and our state, or an error (the admin said no). */
export const OAuthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
});

/** Where the browser lands after the consent (docs/campaigns.md#google-ads-connection). */
export const GOOGLE_ADS_AUTH_PAGE = '/admin/google-ads-auth';
export const GOOGLE_ADS_CONNECT_PAGE = '/admin/google-ads-connect';
/** The auth page's error reasons, in its query (`?error=`). */
export const GOOGLE_ADS_AUTH_ERRORS = ['not_configured', 'denied', 'state', 'exchange', 'no_refresh_token'] as const;
export type GoogleAdsAuthError = (typeof GOOGLE_ADS_AUTH_ERRORS)[number];

/**
 * Why a consent did not connect, in words for the admin: the auth page's
 * 'Connection Failed' shows them, and so does the callback's own refusal.
 */
export const GOOGLE_ADS_AUTH_ERROR_TEXT: Readonly<Record<GoogleAdsAuthError, string>> = {
  not_configured: 'Google Ads is not configured on this platform: set GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET and GOOGLE_ADS_TOKEN_KEY for the ads service.',
  denied: 'Google did not give access (the consent was cancelled).',
  state: 'The answer from Google did not match this sign-in (it expired, was already used, or came from another session).',
  exchange: 'Google did not accept the authorization code.',
  no_refresh_token: 'Google gave no lasting access; remove this app from your Google account’s third-party access and connect again.',
};
