import { z } from 'zod';
import { DeletedResultSchema, IdParamSchema } from './envelope';
import { defineRoute, type RouteContract, type RouteOwner } from './route-contract';
import {
  ClientBrandingSchema,
  ClientCreateSchema,
  ClientPublicSchema,
  ClientQuerySchema,
  ClientSchema,
  ClientUpdateSchema,
  TrackingSettingsSchema,
} from './tenant/client';
import { DomainMappingCreateSchema, DomainMappingSchema } from './tenant/domain';
import { ClientResolutionSchema, PageContextSchema, ResolveClientQuerySchema } from './tenant/resolve';
import { ClientIdParamSchema, StaffMemberCreateSchema, StaffMemberSchema, StaffMemberUpdateSchema } from './tenant/staff';
import { MAX_UPLOAD_BYTES, UploadResultSchema } from './tenant/upload';
import { AdminLoginResultSchema, AdminLoginSchema, AuthStatusSchema, UserSchema, VerifyCredentialsSchema } from './tenant/user';


/** A multipart upload: the file limit plus room for the form's other parts. */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

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
} as const;

/** tenant: clients, staff, uploads, domain mappings, client resolution. */
export const tenantRoutes = {
  resolveClient: defineRoute({
    operation: 'resolveClient',
    method: 'GET',
    path: '/api/resolve-client',
    owner: 'tenant',
    access: 'public',
    summary: "Which clinic a page shows: host mapping, ?client=, development path, session, default (DESIGN §9.1).",
    query: ResolveClientQuerySchema,
    data: ClientResolutionSchema,
  }),
  getPageContext: defineRoute({
    operation: 'getPageContext',
    method: 'GET',
    path: '/api/page-context',
    owner: 'tenant',
    access: 'public',
    summary: 'Everything a public page renders its clinic with, in one call: the resolution and the branding.',
    query: ResolveClientQuerySchema,
    data: PageContextSchema,
  }),
  listClients: defineRoute({
    operation: 'listClients',
    method: 'GET',
    path: '/api/clients',
    owner: 'tenant',
    access: 'admin',
    summary: 'Every clinic, ordered by id.',
    data: z.array(ClientSchema),
  }),
  createClient: defineRoute({
    operation: 'createClient',
    method: 'POST',
    path: '/api/clients',
    owner: 'tenant',
    access: 'admin',
    summary: 'Add a clinic.',
    body: ClientCreateSchema,
    status: 201,
    data: ClientSchema,
  }),
  getClient: defineRoute({
    operation: 'getClient',
    method: 'GET',
    path: '/api/clients/:id',
    owner: 'tenant',
    access: 'public',
    summary: 'One clinic: the full record for admins, the public projection for pages, the branding with ?optimized=true.',
    params: IdParamSchema,
    query: ClientQuerySchema,
    projections: { admin: ClientSchema, public: ClientPublicSchema, branding: ClientBrandingSchema },
    errors: [404],
  }),
  updateClient: defineRoute({
    operation: 'updateClient',
    method: 'PATCH',
    path: '/api/clients/:id',
    owner: 'tenant',
    access: 'admin',
    summary: 'Change some of a clinic’s fields.',
    params: IdParamSchema,
    body: ClientUpdateSchema,
    data: ClientSchema,
    errors: [404],
  }),
  deleteClient: defineRoute({
    operation: 'deleteClient',
    method: 'DELETE',
    path: '/api/clients/:id',
    owner: 'tenant',
    access: 'admin',
    summary: 'Delete a clinic with its staff and domain mappings.',
    params: IdParamSchema,
    data: DeletedResultSchema,
    errors: [404],
  }),
  getTrackingSettings: defineRoute({
    operation: 'getTrackingSettings',
    method: 'GET',
    path: '/api/clients/:id/tracking-settings',
    owner: 'tenant',
    access: 'public',
    summary: 'The tag ids and switches a clinic’s pages load tracking with.',
    params: IdParamSchema,
    data: TrackingSettingsSchema,
    errors: [404],
  }),
  listStaffForClient: defineRoute({
    operation: 'listStaffForClient',
    method: 'GET',
    path: '/api/staff-members/client/:clientId',
    owner: 'tenant',
    access: 'public',
    summary: 'A clinic’s team, in display order.',
    params: ClientIdParamSchema,
    data: z.array(StaffMemberSchema),
  }),
  createStaffMember: defineRoute({
    operation: 'createStaffMember',
    method: 'POST',
    path: '/api/staff-members',
    owner: 'tenant',
    access: 'admin',
    summary: 'Add a team member to a clinic.',
    body: StaffMemberCreateSchema,
    status: 201,
    data: StaffMemberSchema,
    errors: [404],
  }),
  updateStaffMember: defineRoute({
    operation: 'updateStaffMember',
    method: 'PATCH',
    path: '/api/staff-members/:id',
    owner: 'tenant',
    access: 'admin',
    summary: 'Change a team member.',
    params: IdParamSchema,
    body: StaffMemberUpdateSchema,
    data: StaffMemberSchema,
    errors: [404],
  }),
  deleteStaffMember: defineRoute({
    operation: 'deleteStaffMember',
    method: 'DELETE',
    path: '/api/staff-members/:id',
    owner: 'tenant',
    access: 'admin',
    summary: 'Remove a team member.',
    params: IdParamSchema,
    data: DeletedResultSchema,
    errors: [404],
  }),
  uploadImage: defineRoute({
    operation: 'uploadImage',
    method: 'POST',
    path: '/api/upload',
    owner: 'tenant',
    access: 'admin',
    summary: 'Upload one image (multipart field `image`, optional `folder`), at most 5 MB.',
    multipart: true,
    bodyLimit: UPLOAD_BODY_LIMIT,
    status: 201,
    data: UploadResultSchema,
    errors: [415],
  }),
  uploadTemplateImage: defineRoute({
    operation: 'uploadTemplateImage',
    method: 'POST',
    path: '/api/upload/template-image',
    owner: 'tenant',
    access: 'admin',
    summary: 'Upload a template image (the template editor’s texts), at most 5 MB.',
    multipart: true,
    bodyLimit: UPLOAD_BODY_LIMIT,
    status: 201,
    data: UploadResultSchema,
    errors: [415],
  }),
  getUpload: defineRoute({
    operation: 'getUpload',
    method: 'GET',
    path: '/uploads/*',
    owner: 'tenant',
    access: 'public',
    summary: 'An uploaded file, cached for a year (names are never reused).',
    params: z.object({ '*': z.string() }),
    file: 'image/*',
    errors: [404],
  }),
  listDomainMappings: defineRoute({
    operation: 'listDomainMappings',
    method: 'GET',
    path: '/api/domain-mappings',
    owner: 'tenant',
    access: 'admin',
    summary: 'Which host (and path) shows which clinic.',
    data: z.array(DomainMappingSchema),
  }),
  createDomainMapping: defineRoute({
    operation: 'createDomainMapping',
    method: 'POST',
    path: '/api/domain-mappings',
    owner: 'tenant',
    access: 'admin',
    summary: 'Map a host (and path) to a clinic.',
    body: DomainMappingCreateSchema,
    status: 201,
    data: DomainMappingSchema,
    errors: [404, 409],
  }),
  deleteDomainMapping: defineRoute({
    operation: 'deleteDomainMapping',
    method: 'DELETE',
    path: '/api/domain-mappings/:id',
    owner: 'tenant',
    access: 'admin',
    summary: 'Remove a host mapping.',
    params: IdParamSchema,
    data: DeletedResultSchema,
    errors: [404],
  }),
  verifyCredentials: defineRoute({
    operation: 'verifyCredentials',
    method: 'POST',
    path: '/internal/auth/verify',
    owner: 'tenant',
    access: 'internal',
    summary: 'The gateway checks an admin’s e-mail and password (argon2id); the session stays in the gateway.',
    body: VerifyCredentialsSchema,
    data: UserSchema,
    errors: [403],
  }),
} as const;

/**
 * Every route contract by operation. Rows of the specs' call tables that no
 * service answers yet arrive with the issue that builds them, so a path here
 * is always one that works.
 */
export const routes = { ...sessionRoutes, ...tenantRoutes } as const;
export type Routes = typeof routes;
export type OperationName = keyof Routes;

/** The route table: every contract as a list (the gateway's router and the OpenAPI document). */
export const routeTable: readonly RouteContract[] = Object.values(routes);

/** Operations whose owner is `owner`. */
export type OperationsOf<O extends RouteOwner> = {
  [K in OperationName]: Routes[K]['owner'] extends O ? K : never;
}[OperationName];

/** The contracts a service (or the gateway) answers. */
export const routesOf = (owner: RouteOwner): RouteContract[] => routeTable.filter((route) => route.owner === owner);

/** Default local ports; each is overridable by the owner's `*_URL` / `PORT` variables. */
export const DEFAULT_PORTS = {
  gateway: 8080,
  publicShell: 4100,
  tenant: 4101,
  leads: 4102,
  templates: 4103,
  ads: 4104,
} as const;
