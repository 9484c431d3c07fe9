import { routes, type PageContext } from '@hap/contracts';
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

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One gateway call per page (`GET /api/page-context`), signed as the public
 * shell's own so the gateway does not count it against the visitor's rate
 * limit a second time. Never throws: a page renders with fallbacks instead.
 */
export function createPageContextLoader(config: Pick<Config, 'GATEWAY_URL' | 'INTERNAL_SECRET' | 'API_TIMEOUT_MS'>): PageContextLoader {
  const api = createInternalClient({
    baseUrl: config.GATEWAY_URL,
    target: 'gateway',
    internalSecret: config.INTERNAL_SECRET,
    identity: { kind: 'service', service: 'public-shell' },
    timeoutMs: config.API_TIMEOUT_MS,
  });
  return async ({ host, path, client, session, requestId, forwardedFor }) => {
    try {
      const context = await api.call(
        routes.getPageContext,
        { query: { host, path, client, session } },
        { headers: internalHeaders({ requestId, forwardedFor }) },
      );
      return { context };
    } catch (error) {
      return { context: null, problem: `page-context failed: ${describe(error)}` };
    }
  };
}
