import { routes, stripNul, type PageContent, type PageContext } from '@hap/contracts';
import { PREVIEW_GRANT_HEADER } from '@hap/service-kit/identity';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';
import type { Config } from './config.js';

/** The facts of one page request that choose its clinic (DESIGN §9.1). */
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
  /** The visitor's address, for the gateway's log. */
  forwardedFor?: string;
}

/** The page's clinic, or null with the reason when the gateway gave no usable answer. */
export type PageContextResult = { context: PageContext; problem?: undefined } | { context: null; problem: string };

export type PageContextLoader = (request: PageRequest) => Promise<PageContextResult>;

/** The catalogue's part of a page, or null with the reason. */
export type PageContentResult = { content: PageContent; problem?: undefined } | { content: null; problem: string };

/** What the catalogue is asked for one page: the clinic and, on a service page, the service's path. */
export interface PageContentRequest {
  clientId: number;
  servicePath?: string;
  /** An admin's preview: the gateway's grant for this page request, shown back on the call (DESIGN §9.3). */
  previewGrant?: string;
  requestId: string;
  forwardedFor?: string;
}

export type PageContentLoader = (request: PageContentRequest) => Promise<PageContentResult>;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

type GatewayConfig = Pick<Config, 'GATEWAY_URL' | 'INTERNAL_SECRET' | 'API_TIMEOUT_MS'>;

/** The gateway, called signed as the public shell's own so its per-IP rate limit does not count the visitor twice. */
const gatewayClient = (config: GatewayConfig) =>
  createInternalClient({
    baseUrl: config.GATEWAY_URL,
    target: 'gateway',
    internalSecret: config.INTERNAL_SECRET,
    identity: { kind: 'service', service: 'public-shell' },
    timeoutMs: config.API_TIMEOUT_MS,
  });

/**
 * The page's clinic (`GET /api/page-context`: resolution, branding, team).
 * Never throws: a page renders with fallbacks instead.
 */
export function createPageContextLoader(config: GatewayConfig): PageContextLoader {
  const api = gatewayClient(config);
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
 * The page's catalogue data (`GET /api/page-content/{clientId}`), asked once
 * the clinic is known; signed like the page-context call, plus an admin's
 * preview grant when the page is one. Never throws.
 */
export function createPageContentLoader(config: GatewayConfig): PageContentLoader {
  const api = gatewayClient(config);
  return async ({ clientId, servicePath, previewGrant, requestId, forwardedFor }) => {
    try {
      const content = await api.call(
        routes.getPageContent,
        { params: { clientId }, query: { service: servicePath, preview: previewGrant ? 'true' : undefined } },
        { headers: { ...internalHeaders({ requestId, forwardedFor }), ...(previewGrant && { [PREVIEW_GRANT_HEADER]: previewGrant }) } },
      );
      return { content };
    } catch (error) {
      return { content: null, problem: `page-content failed: ${describe(error)}` };
    }
  };
}
