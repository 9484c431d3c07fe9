import { routes, stripNul, type PageContent, type PageContext } from '@hap/contracts';
import { verifyIdentity, type Identity } from '@hap/service-kit/identity';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';
import type { Config } from './config.js';
import type { PortalClinicLoader } from './portal-manifest.js';

/** The facts of one page request that choose its clinic (docs/public-site.md#choosing-the-clinic). */
export interface PageRequest {
  /** The visitor's host (x-forwarded-host, else Host). */
  host: string;
  path: string;
  /** The raw `?client=` value; the tenant service decides whether it counts. */
  client?: string;
  /** The `currentClientId` cookie. */
  session?: string;
  /** Carried so one request id runs through every log. */
  requestId: string;
  /** The visitor's address, for the services' logs. */
  forwardedFor?: string;
}

/** The page's clinic, or null with the reason when tenant gave no usable answer. */
export type PageContextResult = { context: PageContext; problem?: undefined } | { context: null; problem: string };

export type PageContextLoader = (request: PageRequest) => Promise<PageContextResult>;

/** The catalogue's part of a page, or null with the reason. */
export type PageContentResult = { content: PageContent; problem?: undefined } | { content: null; problem: string };

/** What the catalogue is asked for one page: the clinic and, on a service page, the service's path. */
export interface PageContentRequest {
  clientId: number;
  servicePath?: string;
  /**
   * An admin's preview (docs/public-site.md#page-styles): the admin the gateway signed onto this page request, verified;
   * the call is then signed as that admin, the one caller templates shows a service that is not live.
   */
  previewAdmin?: Identity;
  requestId: string;
  forwardedFor?: string;
}

export type PageContentLoader = (request: PageContentRequest) => Promise<PageContentResult>;

/**
 * The admin the gateway signed onto this page request (its page proxy does so for an admin's
 * `?preview=1`, as it signs every service call), or undefined: a signature that is missing, stale,
 * made for another method or URL, or with another secret, names nobody.
 */
export function previewAdminOf(secret: string, request: { method: string; url: string; headers: Record<string, string | string[] | undefined> }): Identity | undefined {
  const identity = verifyIdentity(secret, request.method, request.url, request.headers);
  return identity?.kind === 'admin' ? identity : undefined;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * How tenant and templates see the shell: a signed caller, not a backend service (service kit
 * access.ts), so it reads the public projections, as the gateway's anonymous visitor did.
 */
const SHELL: Identity = { kind: 'service', service: 'public-shell' };

export type ServiceConfig = Pick<Config, 'INTERNAL_SECRET' | 'API_TIMEOUT_MS'>;

/** A service called directly, as services call each other (docs/public-site.md#page-speed): no leg through the gateway. */
export const serviceClient = (config: ServiceConfig, target: 'tenant' | 'templates' | 'ads', baseUrl: string, identity: Identity = SHELL) =>
  createInternalClient({ baseUrl, target, internalSecret: config.INTERNAL_SECRET, identity, timeoutMs: config.API_TIMEOUT_MS });

/**
 * The page's clinic (tenant's `GET /api/page-context`: resolution, branding, team).
 * Never throws: a page renders with fallbacks instead.
 */
export function createPageContextLoader(config: ServiceConfig & Pick<Config, 'TENANT_URL'>): PageContextLoader {
  const api = serviceClient(config, 'tenant', config.TENANT_URL);
  return async ({ host, path, client, session, requestId, forwardedFor }) => {
    try {
      const context = await api.call(
        routes.getPageContext,
        // A visitor's NUL (`?client=%00`, an odd cookie) is dropped here: services refuse any NUL in an
        // address (400), and a fact that cannot matter must not cost a clinic's domain its page.
        { query: { host, path: stripNul(path), client: client && stripNul(client), session: session && stripNul(session) } },
        { headers: internalHeaders({ requestId, forwardedFor }) },
      );
      return { context };
    } catch (error) {
      return { context: null, problem: `page-context failed: ${describe(error)}` };
    }
  };
}

/**
 * The page's catalogue data (templates' `GET /api/page-content/{clientId}`),
 * asked once the clinic is known; an admin's preview is asked as that admin.
 * Never throws.
 */
export function createPageContentLoader(config: ServiceConfig & Pick<Config, 'TEMPLATES_URL'>): PageContentLoader {
  const api = serviceClient(config, 'templates', config.TEMPLATES_URL);
  return async ({ clientId, servicePath, previewAdmin, requestId, forwardedFor }) => {
    try {
      // A client per preview: previews are rare, and the identity is signed into every request it makes.
      const caller = previewAdmin ? serviceClient(config, 'templates', config.TEMPLATES_URL, previewAdmin) : api;
      const content = await caller.call(
        routes.getPageContent,
        { params: { clientId }, query: { service: servicePath, preview: previewAdmin ? 'true' : undefined } },
        { headers: internalHeaders({ requestId, forwardedFor }) },
      );
      return { content };
    } catch (error) {
      return { content: null, problem: `page-content failed: ${describe(error)}` };
    }
  };
}

/**
 * The signed-in clinic user's clinic for the portal's manifest (tenant's
 * `GET /api/portal/profile`), asked as that user: the identity the gateway
 * signed onto the manifest request, verified, is signed onto this call as the
 * gateway signs it onto the portal's own (docs/portal.md#installable-portal).
 * Never throws.
 */
export function createPortalClinicLoader(config: ServiceConfig & Pick<Config, 'TENANT_URL'>): PortalClinicLoader {
  return async (identity, requestId) => {
    try {
      const profile = await serviceClient(config, 'tenant', config.TENANT_URL, identity).call(routes.getPortalProfile, {}, { headers: internalHeaders({ requestId }) });
      return { clinic: { name: profile.name, brandColor: profile.brandColor } };
    } catch (error) {
      return { clinic: null, problem: `portal profile failed: ${describe(error)}` };
    }
  };
}
