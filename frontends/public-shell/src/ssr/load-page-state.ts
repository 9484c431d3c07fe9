import {
  ClientBrandingSchema,
  ClientServiceListAnswerSchema,
  ClientResolutionSchema,
  DEFAULT_CLIENT_ID,
  isDevelopmentHost,
  successEnvelope,
  type ClientBranding,
  type ClientResolution,
} from '@hap/contracts';
import { toHomeServices } from '../home/home-services';
import { fallbackBranding } from '../state/branding';
import type { HomeService, PageState } from '../state/page-state';

export interface PageRequest {
  /** Base URL of the gateway, e.g. http://127.0.0.1:8080. */
  gatewayUrl: string;
  /** The visitor's host (x-forwarded-host, else Host). */
  host: string;
  path: string;
  /** The raw `?client=` value, if any; the resolver decides whether it is accepted. */
  client: string | null;
  /** The `currentClientId` cookie, if any. */
  session: string | null;
  /** Budget for all gateway calls of one page, in ms. */
  timeoutMs: number;
  /** Passed on so the gateway logs the visitor, not this server. */
  forwardedFor?: string;
  requestId?: string;
  /**
   * Signs a call as the public shell's own (headers for method + path and
   * query), so the gateway does not count a page's data calls against the
   * visitor's rate limit a second time.
   */
  sign?: (method: string, pathAndQuery: string) => Record<string, string>;
}

export interface PageData {
  state: PageState;
  /** Set when `?client=` was accepted: the server stores it in the currentClientId cookie. */
  rememberClientId: number | null;
  /** What went wrong while loading, for the server's log; the page renders anyway. */
  problems: string[];
}

const ResolutionAnswer = successEnvelope(ClientResolutionSchema);
const BrandingAnswer = successEnvelope(ClientBrandingSchema);

async function getJson(url: URL, request: PageRequest, signal: AbortSignal): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.forwardedFor) headers['x-forwarded-for'] = request.forwardedFor;
  if (request.requestId) headers['x-request-id'] = request.requestId;
  if (request.sign) Object.assign(headers, request.sign('GET', `${url.pathname}${url.search}`));
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw new Error(`${response.status} from ${url.pathname}`);
  return response.json();
}

async function resolveClient(request: PageRequest, signal: AbortSignal): Promise<ClientResolution> {
  const url = new URL('/api/resolve-client', request.gatewayUrl);
  url.searchParams.set('host', request.host);
  url.searchParams.set('path', request.path);
  if (request.client !== null) url.searchParams.set('client', request.client);
  if (request.session !== null) url.searchParams.set('session', request.session);
  return ResolutionAnswer.parse(await getJson(url, request, signal)).data;
}

async function loadBranding(clientId: number, request: PageRequest, signal: AbortSignal): Promise<ClientBranding> {
  const url = new URL(`/api/clients/${clientId}`, request.gatewayUrl);
  url.searchParams.set('optimized', 'true');
  return BrandingAnswer.parse(await getJson(url, request, signal)).data;
}

async function loadServices(clientId: number, request: PageRequest, signal: AbortSignal): Promise<HomeService[]> {
  const url = new URL(`/api/client-services/${clientId}`, request.gatewayUrl);
  const services = ClientServiceListAnswerSchema.parse(await getJson(url, request, signal)).data;
  return toHomeServices(services, clientId, isDevelopmentHost(request.host));
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'ZodError' ? 'unexpected answer shape' : error.message;
  return String(error);
}

/**
 * Everything a public page renders with, from the gateway: which client
 * (resolve-client), its branding and its services. Never throws: a failed
 * call degrades to the default branding or to "no services".
 */
export async function loadPageState(request: PageRequest): Promise<PageData> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const problems: string[] = [];
  const year = new Date().getFullYear();

  let resolution: ClientResolution;
  try {
    resolution = await resolveClient(request, signal);
  } catch (error) {
    problems.push(`resolve-client failed: ${describe(error)}`);
    return {
      state: { client: fallbackBranding(DEFAULT_CLIENT_ID), clientSource: 'fallback', services: [], year },
      rememberClientId: null,
      problems,
    };
  }

  const [branding, services] = await Promise.allSettled([
    loadBranding(resolution.clientId, request, signal),
    loadServices(resolution.clientId, request, signal),
  ]);
  if (branding.status === 'rejected') problems.push(`client ${resolution.clientId} failed: ${describe(branding.reason)}`);
  // A failing services call is expected until the templates service exists: it just means none.

  return {
    state: {
      client: branding.status === 'fulfilled' ? branding.value : fallbackBranding(resolution.clientId),
      clientSource: branding.status === 'fulfilled' ? resolution.source : 'fallback',
      services: services.status === 'fulfilled' ? services.value : [],
      year,
    },
    rememberClientId: resolution.source === 'query' ? resolution.clientId : null,
    problems,
  };
}
