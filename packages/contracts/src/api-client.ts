import type { z } from 'zod';
import { ErrorEnvelopeSchema, successEnvelope, type ErrorIssue } from './envelope';
import {
  buildPath,
  buildQuery,
  successAnswerSchema,
  type CallInput,
  type CallResult,
  type HttpMethod,
  type RouteContract,
} from './route-contract';

/** A non-success answer. `message` is the server's sentence, fit for a toast. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface TransportRequest {
  method: HttpMethod;
  /** Path and query, e.g. `/api/clients/3?optimized=true`. */
  url: string;
  /** JSON text, when the route has a body. */
  body?: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** The body as text ('' when there is none). */
  text: string;
}

/** Sends one request: `fetch` in a browser, a signed undici call between services. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface CallOptions<P> {
  /** For routes with projections: the one this caller expects (parsed strictly by its schema). */
  projection?: P;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The schema a successful answer is parsed with. */
function answerSchema(route: RouteContract, projection: string | undefined): z.ZodType | null {
  if (projection !== undefined && route.projections?.[projection]) return successEnvelope(route.projections[projection]);
  return successAnswerSchema(route);
}

/** Turns a non-success answer into an ApiError with the server's sentence. */
export function errorFromAnswer(status: number, text: string): ApiError {
  const parsed = ErrorEnvelopeSchema.safeParse(parseJson(text));
  if (parsed.success) return new ApiError(parsed.data.message, status, parsed.data.code, parsed.data.issues);
  return new ApiError(`${status}: ${text.slice(0, 200) || 'no answer'}`, status, null);
}

/**
 * The one typed client over the route contracts: builds the path and query,
 * sends the JSON body, parses the answer by the contract's schema and returns
 * its `data` (or throws an ApiError with the server's message).
 */
export function createApiClient(transport: Transport) {
  async function call<C extends RouteContract, P extends keyof NonNullable<C['projections']> | undefined = undefined>(
    route: C,
    input: CallInput<C>,
    options: CallOptions<P> = {},
  ): Promise<CallResult<C, P>> {
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await transport({
      method: route.method,
      url: buildPath(route.path, params) + buildQuery(query),
      body: body === undefined ? undefined : JSON.stringify(body),
      headers,
      signal: options.signal,
    });
    if (response.status !== route.status && !route.otherStatuses?.includes(response.status as 201 | 202)) throw errorFromAnswer(response.status, response.text);
    const schema = answerSchema(route, options.projection as string | undefined);
    if (!schema) return undefined as CallResult<C, P>;
    const parsed = schema.safeParse(parseJson(response.text));
    if (!parsed.success) {
      throw new ApiError(`Unexpected answer from ${route.method} ${route.path}`, response.status, 'UNEXPECTED_ANSWER');
    }
    const answer = parsed.data as { data?: unknown };
    return (route.answer ? answer : answer.data) as CallResult<C, P>;
  }
  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A transport over the platform's `fetch` (browsers, Node 20). */
export function fetchTransport(baseUrl: string, init: Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'> = {}): Transport {
  return async ({ method, url, body, headers, signal }) => {
    const response = await fetch(baseUrl + url, { ...init, method, headers, body, signal });
    return { status: response.status, text: await response.text() };
  };
}
