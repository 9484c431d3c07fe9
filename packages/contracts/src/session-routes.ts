import { defineRoute } from './route-contract';
import { AdminLoginSchema, AuthStatusSchema } from './tenant/user';
import { AcceptInviteSchema, PortalAuthStatusSchema, PortalLoginResultSchema, PortalLoginSchema } from './tenant/clinic-user';
import {
  AdminLoginAnswerSchema,
  MfaDisableSchema,
  MfaEnableResultSchema,
  MfaEnableSchema,
  MfaSetupResultSchema,
  MfaStatusSchema,
  MfaVerifyResultSchema,
  MfaVerifySchema,
  PortalLoginAnswerSchema,
} from './tenant/mfa';
import {
  AdminPasskeyLoginResultSchema,
  MfaPasskeyOptionsSchema,
  MfaPasskeyVerifySchema,
  PASSKEY_BODY_LIMIT,
  PasskeyAddSchema,
  PasskeyIdParamSchema,
  PasskeyListSchema,
  PasskeyLoginOptionsSchema,
  PasskeyLoginSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PortalPasskeyLoginResultSchema,
} from './tenant/passkey';

/*
 * A module of its own so that the admin's login screen, which needs only
 * these rows, does not evaluate every schema of the route table
 * (routes.ts) before its first paint (the package is
 * side-effect free, so bundlers leave out what is not imported).
 */

/**
 * The gateway's own rows (docs/admin.md#roles, docs/admin.md#calls): tenant checks the password, the
 * session lives in the gateway.
 */
export const sessionRoutes = {
  adminLogin: defineRoute({
    operation: 'adminLogin',
    method: 'POST',
    path: '/api/admin/login',
    owner: 'gateway',
    access: 'public',
    summary: 'Log in as an admin; starts a session (HttpOnly cookie), or answers a challenge when two-factor sign-in is on.',
    body: AdminLoginSchema,
    data: AdminLoginAnswerSchema,
    errors: [401, 403],
  }),
  adminLogout: defineRoute({
    operation: 'adminLogout',
    method: 'POST',
    path: '/api/admin/logout',
    owner: 'gateway',
    access: 'public',
    summary: 'End the admin session (always succeeds).',
  }),
  adminAuthStatus: defineRoute({
    operation: 'adminAuthStatus',
    method: 'GET',
    path: '/api/admin/auth-status',
    owner: 'gateway',
    access: 'public',
    summary: 'The signed-in admin, or 401.',
    answer: AuthStatusSchema,
    errors: [401],
  }),
  portalLogin: defineRoute({
    operation: 'portalLogin',
    method: 'POST',
    path: '/api/portal/login',
    owner: 'gateway',
    access: 'public',
    summary:
      'Log in as a clinic user (throttled like the admin login); starts a session (HttpOnly cookie), or answers a challenge when two-factor sign-in is on.',
    body: PortalLoginSchema,
    data: PortalLoginAnswerSchema,
    errors: [401, 403],
  }),
  portalLogout: defineRoute({
    operation: 'portalLogout',
    method: 'POST',
    path: '/api/portal/logout',
    owner: 'gateway',
    access: 'public',
    summary: 'End the clinic user’s session (always succeeds).',
  }),
  portalAuthStatus: defineRoute({
    operation: 'portalAuthStatus',
    method: 'GET',
    path: '/api/portal/auth-status',
    owner: 'gateway',
    access: 'public',
    summary: 'The signed-in clinic user with their clinic and role, or 401.',
    answer: PortalAuthStatusSchema,
    errors: [401],
  }),
  acceptInvite: defineRoute({
    operation: 'acceptInvite',
    method: 'POST',
    path: '/api/portal/accept-invite',
    owner: 'gateway',
    access: 'public',
    summary: 'Accept an invitation: choose a password (the link works once, for 72 hours) and start a session.',
    body: AcceptInviteSchema,
    data: PortalLoginResultSchema,
    errors: [410],
  }),
  /*
   * Two-factor sign-in, for admins and clinic users alike: the
   * session decides who; `public` rows because the gateway itself checks the session.
   */
  getMfaStatus: defineRoute({
    operation: 'getMfaStatus',
    method: 'GET',
    path: '/api/auth/mfa',
    owner: 'gateway',
    access: 'public',
    summary: 'Whether the signed-in user has two-factor sign-in on (and must have it), and recovery codes left.',
    data: MfaStatusSchema,
    errors: [401],
  }),
  setUpMfa: defineRoute({
    operation: 'setUpMfa',
    method: 'POST',
    path: '/api/auth/mfa/setup',
    owner: 'gateway',
    access: 'public',
    summary:
      'A new authenticator secret for the signed-in user (and its otpauth:// URI for a QR code); pending until enabled. Needs a sign-in within the last 15 minutes (403 RECENT_SIGN_IN_REQUIRED).',
    data: MfaSetupResultSchema,
    errors: [401, 403, 409],
  }),
  enableMfa: defineRoute({
    operation: 'enableMfa',
    method: 'POST',
    path: '/api/auth/mfa/enable',
    owner: 'gateway',
    access: 'public',
    summary:
      'Turns two-factor sign-in on with a code from the app (400 for a wrong one); answers ten recovery codes, shown once. Other sessions of the user end. Needs a sign-in within the last 15 minutes (403 RECENT_SIGN_IN_REQUIRED).',
    body: MfaEnableSchema,
    data: MfaEnableResultSchema,
    errors: [401, 403, 409],
  }),
  disableMfa: defineRoute({
    operation: 'disableMfa',
    method: 'POST',
    path: '/api/auth/mfa/disable',
    owner: 'gateway',
    access: 'public',
    summary: 'Turns two-factor sign-in off with a current code or the password (400 for a wrong one). Other sessions of the user end.',
    body: MfaDisableSchema,
    data: MfaStatusSchema,
    errors: [401, 403, 409],
  }),
  verifyMfa: defineRoute({
    operation: 'verifyMfa',
    method: 'POST',
    path: '/api/auth/mfa/verify',
    owner: 'gateway',
    access: 'public',
    summary: 'The second step of a login: the challenge and a code from the app or a recovery code; starts the session. Throttled like the login.',
    body: MfaVerifySchema,
    data: MfaVerifyResultSchema,
    errors: [401, 403],
  }),
  /*
   * Passkeys (WebAuthn): added on the Security screen by whoever
   * is signed in, a second factor at the login's second step, or a sign-in
   * of their own. The gateway holds each ceremony's challenge (single use,
   * PASSKEY_CEREMONY_MINUTES); tenant checks the authenticator's answer.
   */
  listPasskeys: defineRoute({
    operation: 'listPasskeys',
    method: 'GET',
    path: '/api/auth/passkeys',
    owner: 'gateway',
    access: 'public',
    summary: 'The signed-in user’s passkeys, with when each was added and last used.',
    data: PasskeyListSchema,
    errors: [401],
  }),
  passkeyRegistrationOptions: defineRoute({
    operation: 'passkeyRegistrationOptions',
    method: 'POST',
    path: '/api/auth/passkeys/options',
    owner: 'gateway',
    access: 'public',
    summary:
      'Options for navigator.credentials.create(): a discoverable credential, user verification preferred, the user’s passkeys excluded. The challenge works once, for 5 minutes. Needs a sign-in within the last 15 minutes (403 RECENT_SIGN_IN_REQUIRED).',
    data: PasskeyOptionsSchema,
    errors: [401, 403, 409],
  }),
  addPasskey: defineRoute({
    operation: 'addPasskey',
    method: 'POST',
    path: '/api/auth/passkeys',
    owner: 'gateway',
    access: 'public',
    summary:
      'Adds a passkey: the authenticator’s answer to the options just fetched, and a name (400 when it does not verify). Counts as two-factor sign-in; other sessions of the user end. Needs a sign-in within the last 15 minutes (403 RECENT_SIGN_IN_REQUIRED).',
    body: PasskeyAddSchema,
    bodyLimit: PASSKEY_BODY_LIMIT,
    data: PasskeySchema,
    status: 201,
    errors: [401, 403, 409],
  }),
  removePasskey: defineRoute({
    operation: 'removePasskey',
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    owner: 'gateway',
    access: 'public',
    summary: 'Removes one of the signed-in user’s passkeys (403 for an admin’s last second factor when it is required). Other sessions of the user end.',
    params: PasskeyIdParamSchema,
    data: PasskeyListSchema,
    errors: [401, 403, 404],
  }),
  mfaPasskeyOptions: defineRoute({
    operation: 'mfaPasskeyOptions',
    method: 'POST',
    path: '/api/auth/mfa/passkey/options',
    owner: 'gateway',
    access: 'public',
    summary: 'The second step of a login with a passkey: options for navigator.credentials.get() listing the user’s passkeys, for the pending challenge.',
    body: MfaPasskeyOptionsSchema,
    data: PasskeyOptionsSchema,
    errors: [401],
  }),
  verifyMfaPasskey: defineRoute({
    operation: 'verifyMfaPasskey',
    method: 'POST',
    path: '/api/auth/mfa/passkey/verify',
    owner: 'gateway',
    access: 'public',
    summary: 'The second step of a login: the challenge and the passkey’s answer; starts the session. Uses the challenge up; throttled like the login.',
    body: MfaPasskeyVerifySchema,
    bodyLimit: PASSKEY_BODY_LIMIT,
    data: MfaVerifyResultSchema,
    errors: [401, 403],
  }),
  adminPasskeyLoginOptions: defineRoute({
    operation: 'adminPasskeyLoginOptions',
    method: 'POST',
    path: '/api/admin/login/passkey/options',
    owner: 'gateway',
    access: 'public',
    summary: 'Sign in as an admin with a passkey alone: options for navigator.credentials.get() with no credentials listed, and the ceremony (5 minutes, once).',
    data: PasskeyLoginOptionsSchema,
  }),
  adminPasskeyLogin: defineRoute({
    operation: 'adminPasskeyLogin',
    method: 'POST',
    path: '/api/admin/login/passkey',
    owner: 'gateway',
    access: 'public',
    summary:
      'Sign in as an admin with a passkey that verified its user (both factors at once); the passkey says whose it is. Throttled like the login.',
    body: PasskeyLoginSchema,
    bodyLimit: PASSKEY_BODY_LIMIT,
    data: AdminPasskeyLoginResultSchema,
    errors: [401, 403],
  }),
  portalPasskeyLoginOptions: defineRoute({
    operation: 'portalPasskeyLoginOptions',
    method: 'POST',
    path: '/api/portal/login/passkey/options',
    owner: 'gateway',
    access: 'public',
    summary: 'Sign in to the portal with a passkey alone: options for navigator.credentials.get() with no credentials listed, and the ceremony (5 minutes, once).',
    data: PasskeyLoginOptionsSchema,
  }),
  portalPasskeyLogin: defineRoute({
    operation: 'portalPasskeyLogin',
    method: 'POST',
    path: '/api/portal/login/passkey',
    owner: 'gateway',
    access: 'public',
    summary:
      'Sign in as a clinic user with a passkey that verified its user (both factors at once); the passkey says whose it is. Throttled like the login.',
    body: PasskeyLoginSchema,
    bodyLimit: PASSKEY_BODY_LIMIT,
    data: PortalPasskeyLoginResultSchema,
    errors: [401, 403],
  }),
} as const;
