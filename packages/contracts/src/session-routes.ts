import { defineRoute } from './route-contract';
import { AdminLoginResultSchema, AdminLoginSchema, AuthStatusSchema } from './tenant/user';
import { AcceptInviteSchema, PortalAuthStatusSchema, PortalLoginResultSchema, PortalLoginSchema } from './tenant/clinic-user';

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
    summary: 'Log in as an admin; starts a session (HttpOnly cookie).',
    body: AdminLoginSchema,
    data: AdminLoginResultSchema,
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
    summary: 'Log in as a clinic user (throttled like the admin login); starts a session (HttpOnly cookie).',
    body: PortalLoginSchema,
    data: PortalLoginResultSchema,
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
} as const;
