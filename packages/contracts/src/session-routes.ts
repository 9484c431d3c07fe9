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

/*
 * A module of its own so that the admin's login screen, which needs only
 * these rows, does not evaluate every schema of the route table
 * (routes.ts) before its first paint (issue 8 §6; the package is
 * side-effect free, so bundlers leave out what is not imported).
 */

/**
 * The gateway's own rows (admin spec §6–7): tenant checks the password, the
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
   * Two-factor sign-in (issue 26 §2), for admins and clinic users alike: the
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
    summary: 'A new authenticator secret for the signed-in user (and its otpauth:// URI for a QR code); pending until enabled.',
    data: MfaSetupResultSchema,
    errors: [401, 409],
  }),
  enableMfa: defineRoute({
    operation: 'enableMfa',
    method: 'POST',
    path: '/api/auth/mfa/enable',
    owner: 'gateway',
    access: 'public',
    summary:
      'Turns two-factor sign-in on with a code from the app (400 for a wrong one); answers ten recovery codes, shown once. Other sessions of the user end.',
    body: MfaEnableSchema,
    data: MfaEnableResultSchema,
    errors: [401, 409],
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
} as const;
