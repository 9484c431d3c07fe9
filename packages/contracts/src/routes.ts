/**
 * The route table: every API path of both specs plus ours, with the service
 * that owns it and who may call it. The gateway routes by it and denies
 * anything that is not here; an `admin` row needs an admin session.
 */
export const SERVICES = ['tenant', 'leads', 'templates', 'ads'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Access = 'public' | 'admin';

export interface RouteRow {
  method: HttpMethod;
  /** find-my-way / Fastify pattern: `:param` segments, a trailing `*` wildcard. */
  path: string;
  /** `gateway` rows are answered by the gateway itself (sessions live there). */
  owner: ServiceName | 'gateway';
  access: Access;
}

const row = (method: HttpMethod, path: string, owner: RouteRow['owner'], access: Access): RouteRow => ({
  method,
  path,
  owner,
  access,
});

export const routeTable: readonly RouteRow[] = [
  // Admin session (admin spec §6–7): verified by tenant, held by the gateway.
  row('POST', '/api/admin/login', 'gateway', 'public'),
  row('POST', '/api/admin/logout', 'gateway', 'public'),
  row('GET', '/api/admin/auth-status', 'gateway', 'public'),

  // tenant: clients, staff, uploads, domains, CRM, onboarding
  row('GET', '/api/resolve-client', 'tenant', 'public'),
  row('GET', '/api/clients', 'tenant', 'admin'),
  row('POST', '/api/clients', 'tenant', 'admin'),
  row('GET', '/api/clients/:id', 'tenant', 'public'),
  row('PATCH', '/api/clients/:id', 'tenant', 'admin'),
  row('DELETE', '/api/clients/:id', 'tenant', 'admin'),
  row('GET', '/api/clients/:id/tracking-settings', 'tenant', 'public'),
  row('POST', '/api/clients/:id/create-ghl-subaccount', 'tenant', 'admin'),
  row('GET', '/api/staff-members/client/:clientId', 'tenant', 'public'),
  row('POST', '/api/staff-members', 'tenant', 'admin'),
  row('PATCH', '/api/staff-members/:id', 'tenant', 'admin'),
  row('DELETE', '/api/staff-members/:id', 'tenant', 'admin'),
  row('POST', '/api/upload', 'tenant', 'admin'),
  row('POST', '/api/upload/template-image', 'tenant', 'admin'),
  row('GET', '/uploads/*', 'tenant', 'public'),
  row('GET', '/api/domain-mappings', 'tenant', 'admin'),
  row('POST', '/api/domain-mappings', 'tenant', 'admin'),
  row('DELETE', '/api/domain-mappings/:id', 'tenant', 'admin'),
  row('POST', '/api/ghl-create-subaccount', 'tenant', 'admin'),
  row('POST', '/api/ghl-load-service-snapshots', 'tenant', 'admin'),
  row('POST', '/api/onboarding', 'tenant', 'public'),

  // leads
  row('POST', '/api/leads', 'leads', 'public'),
  row('GET', '/api/leads', 'leads', 'admin'),
  row('GET', '/api/leads/export', 'leads', 'admin'),
  row('PATCH', '/api/leads/:id', 'leads', 'admin'),

  // templates: catalogue, client services, page content, AI generation
  row('GET', '/api/template-mappings', 'templates', 'public'),
  row('GET', '/api/template-subcategories', 'templates', 'public'),
  row('GET', '/api/service-templates', 'templates', 'admin'),
  row('GET', '/api/service-templates/all', 'templates', 'public'),
  row('GET', '/api/service-templates/client/:clientId', 'templates', 'public'),
  row('POST', '/api/service-templates/activate', 'templates', 'admin'),
  row('DELETE', '/api/service-templates/deactivate', 'templates', 'admin'),
  row('PATCH', '/api/service-templates/:id', 'templates', 'admin'),
  row('POST', '/api/templates/create', 'templates', 'admin'),
  row('GET', '/api/client-services/:clientId', 'templates', 'public'),
  row('POST', '/api/client-services', 'templates', 'admin'),
  row('POST', '/api/update-client-service', 'templates', 'admin'),
  row('GET', '/api/services/client/:clientId', 'templates', 'public'),
  row('POST', '/api/services', 'templates', 'admin'),
  row('PATCH', '/api/services/:id', 'templates', 'admin'),
  row('GET', '/api/unified-client-content/:servicePath', 'templates', 'public'),
  row('GET', '/api/service-meta/:path', 'templates', 'public'),
  row('GET', '/api/direct-template-content/:templateId', 'templates', 'public'),
  row('GET', '/api/testimonials/client/:clientId/template/:templateId', 'templates', 'public'),

  // ads: Google Ads campaigns, launches, OAuth
  row('GET', '/api/service-templates/:id/google-ads', 'ads', 'admin'),
  row('POST', '/api/service-templates/:id/google-ads/generate', 'ads', 'admin'),
  row('DELETE', '/api/service-templates/:id/google-ads/:campaignId', 'ads', 'admin'),
  row('POST', '/api/service-templates/:id/google-ads/:campaignId/optimize', 'ads', 'admin'),
  row('POST', '/api/google-ads/validate-structure', 'ads', 'admin'),
  row('POST', '/api/google-ads/test-campaign', 'ads', 'admin'),
  row('POST', '/api/google-ads/launch-campaign', 'ads', 'admin'),
  row('GET', '/api/google-ads/auth-status', 'ads', 'admin'),
  row('GET', '/api/google-ads/auth', 'ads', 'admin'),
  row('GET', '/api/google-ads/callback', 'ads', 'admin'),
];

/** Default local ports; each is overridable by the owner's `*_URL` / `PORT` variables. */
export const DEFAULT_PORTS = {
  gateway: 8080,
  publicShell: 4100,
  tenant: 4101,
  leads: 4102,
  templates: 4103,
  ads: 4104,
} as const;
