import { z } from 'zod';
import { DeletedResultSchema, IdParamSchema } from '../envelope';
import { defineRoute } from '../route-contract';
import { AuditPageSchema, AuditQuerySchema } from '../audit';
import { ClinicAdsAccountSchema } from './client';
import { StaffMemberSchema, StaffMemberUpdateSchema } from './staff';
import { MAX_UPLOAD_BYTES, UploadResultSchema } from './upload';
import { LeadRecipientSchema, NotificationPreferencesSchema, NotificationPreferencesUpdateSchema, UNSUBSCRIBE_PATH, UnsubscribeFormSchema, UnsubscribeQuerySchema } from './notifications';
import { ViewAsSchema, ViewAsStartSchema } from './view-as';
import { ClientSiteSchema } from './client-site';
import { PortalProfileSchema, PortalProfileUpdateSchema, PortalTeamMemberCreateSchema } from './portal-profile';

/** A multipart upload: the file limit plus room for the form's other parts. */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** tenant's routes, the rest: ads' account list, the audit log, the portal's profile and team, notifications, a clinic's site, unsubscribe, view-as. */
export const portalRoutes = {
  listClinicAdsAccounts: defineRoute({
    operation: 'listClinicAdsAccounts',
    method: 'GET',
    path: '/internal/clients/google-ads-accounts',
    owner: 'tenant',
    access: 'internal',
    summary: "The ads worker's list of clinics with a Google Ads account (id, name, account and manager account), ordered by id, for its hourly performance reads.",
    data: z.array(ClinicAdsAccountSchema),
    errors: [403],
  }),
  listTenantAuditLog: defineRoute({
    operation: 'listTenantAuditLog',
    method: 'GET',
    path: '/api/audit-log/tenant',
    owner: 'tenant',
    access: 'admin',
    summary: 'Admin changes recorded by tenant, newest first: who, what, when, before and after.',
    query: AuditQuerySchema,
    data: AuditPageSchema,
  }),
  getPortalProfile: defineRoute({
    operation: 'getPortalProfile',
    method: 'GET',
    path: '/api/portal/profile',
    owner: 'tenant',
    access: 'clinic',
    summary:
      'The clinic user’s own clinic’s profile (owner and staff): name, phone, e-mail, address, logo and office picture (paths and URLs), and what the clinic may see but not change: its domain as a link, its brand colours, whether the agency lets it edit.',
    data: PortalProfileSchema,
  }),
  updatePortalProfile: defineRoute({
    operation: 'updatePortalProfile',
    method: 'PATCH',
    path: '/api/portal/profile',
    owner: 'tenant',
    access: 'clinic',
    summary:
      'The owner changes the clinic’s name, phone, e-mail, address, logo or office picture, each by the admin’s rule for it; audited with the user’s name. Any other field (domain, tracking ids, ad accounts, CRM or webhook settings) is 400 naming it; staff, or a profile the agency manages, 403; an image not uploaded here, 400.',
    body: PortalProfileUpdateSchema,
    data: PortalProfileSchema,
  }),
  uploadPortalImage: defineRoute({
    operation: 'uploadPortalImage',
    method: 'POST',
    path: '/api/portal/uploads',
    owner: 'tenant',
    access: 'clinic',
    summary:
      'The owner uploads one image for the profile or the team (multipart field `image`), at most 5 MB: the admin uploader’s pipeline, checks and answers; stored in the clinic’s own folder.',
    multipart: true,
    bodyLimit: UPLOAD_BODY_LIMIT,
    status: 201,
    data: UploadResultSchema,
    errors: [415],
  }),
  listPortalTeam: defineRoute({
    operation: 'listPortalTeam',
    method: 'GET',
    path: '/api/portal/team',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The clinic’s team as its home page shows it, in display order (owner and staff).',
    data: z.array(StaffMemberSchema),
  }),
  createPortalTeamMember: defineRoute({
    operation: 'createPortalTeamMember',
    method: 'POST',
    path: '/api/portal/team',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The owner adds a team member to the clinic, by the admin’s rules; audited with the user’s name. 403 for staff or while the agency manages the profile.',
    body: PortalTeamMemberCreateSchema,
    status: 201,
    data: StaffMemberSchema,
  }),
  updatePortalTeamMember: defineRoute({
    operation: 'updatePortalTeamMember',
    method: 'PATCH',
    path: '/api/portal/team/:id',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The owner changes one of the clinic’s team members, by the admin’s rules. Another clinic’s member is 404 and nothing changes.',
    params: IdParamSchema,
    body: StaffMemberUpdateSchema,
    data: StaffMemberSchema,
    errors: [404],
  }),
  deletePortalTeamMember: defineRoute({
    operation: 'deletePortalTeamMember',
    method: 'DELETE',
    path: '/api/portal/team/:id',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The owner removes one of the clinic’s team members. Another clinic’s member is 404 and nothing changes.',
    params: IdParamSchema,
    data: DeletedResultSchema,
    errors: [404],
  }),
  getMyNotifications: defineRoute({
    operation: 'getMyNotifications',
    method: 'GET',
    path: '/api/portal/me/notifications',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The signed-in clinic user’s own e-mail notifications (owner and staff): whether each new lead is e-mailed to them.',
    data: NotificationPreferencesSchema,
  }),
  updateMyNotifications: defineRoute({
    operation: 'updateMyNotifications',
    method: 'PATCH',
    path: '/api/portal/me/notifications',
    owner: 'tenant',
    access: 'clinic',
    summary: 'The signed-in clinic user changes their own e-mail notifications (owner and staff); their older unsubscribe links stop working.',
    body: NotificationPreferencesUpdateSchema,
    data: NotificationPreferencesSchema,
  }),
  listLeadRecipients: defineRoute({
    operation: 'listLeadRecipients',
    method: 'GET',
    path: '/internal/clients/:id/lead-recipients',
    owner: 'tenant',
    access: 'internal',
    summary:
      'The leads worker asks who of a clinic gets an e-mail for each new lead: its active users (never disabled, never not yet accepted) who chose it, with their one-click unsubscribe token; 404 for no such clinic.',
    params: IdParamSchema,
    data: z.array(LeadRecipientSchema),
    errors: [403, 404],
  }),
  getClientSite: defineRoute({
    operation: 'getClientSite',
    method: 'GET',
    path: '/internal/clients/:id/site',
    owner: 'tenant',
    access: 'internal',
    summary:
      "Where a clinic's site is, for ads' landing and final URLs: its own domain (the one with a certificate, active or failing with the reason; the newest when several), or null while its pages are on the platform's host by `?client=`. Backend services only (403 otherwise); 404 for no such clinic.",
    params: IdParamSchema,
    data: ClientSiteSchema,
    errors: [403, 404],
  }),
  showUnsubscribe: defineRoute({
    operation: 'showUnsubscribe',
    method: 'GET',
    path: UNSUBSCRIBE_PATH,
    owner: 'tenant',
    access: 'public',
    summary:
      'The unsubscribe link of a new-lead e-mail, opened in a browser: a page with one button that turns those e-mails off (a GET changes nothing, so a mail scanner following links unsubscribes no one). A forged or used link is a page saying so.',
    query: UnsubscribeQuerySchema,
    file: 'text/html',
    errors: [410],
  }),
  unsubscribe: defineRoute({
    operation: 'unsubscribe',
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    owner: 'tenant',
    access: 'public',
    summary:
      'One-click unsubscribe (RFC 8058: the mail client posts `List-Unsubscribe=One-Click`, or the page’s button): the link’s user gets no more new-lead e-mails, without signing in; audited. The token is an HMAC of the user and their preference’s version under the internal secret: it works once; a forged one is 400, a used one 410.',
    query: UnsubscribeQuerySchema,
    body: UnsubscribeFormSchema,
    form: true,
    file: 'text/html',
    errors: [410],
  }),
  startViewAs: defineRoute({
    operation: 'startViewAs',
    method: 'POST',
    path: '/api/admin/view-as',
    owner: 'tenant',
    access: 'admin',
    summary:
      'The admin views a clinic’s portal read-only: until ended, this session’s clinic GET rows answer as that clinic (role staff, `viewAs`), and every other clinic row is 403. Audited: who viewed which clinic, when. 404 for no such clinic.',
    body: ViewAsStartSchema,
    data: ViewAsSchema,
    errors: [404, 503],
  }),
  getViewAs: defineRoute({
    operation: 'getViewAs',
    method: 'GET',
    path: '/api/admin/view-as',
    owner: 'tenant',
    access: 'admin',
    summary: 'The clinic this admin session is viewing, or null.',
    data: ViewAsSchema.nullable(),
    errors: [503],
  }),
  endViewAs: defineRoute({
    operation: 'endViewAs',
    method: 'DELETE',
    path: '/api/admin/view-as',
    owner: 'tenant',
    access: 'admin',
    summary: 'End this session’s view of a clinic (audited); fine when there is none.',
    data: ViewAsSchema.nullable(),
    errors: [503],
  }),
} as const;
