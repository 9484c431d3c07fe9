import { ApiError, ErrorCode, Messages, createApiClient, type ApiClient, type Transport } from '@hap/contracts';
import { REQUEST_ID_HEADER, signIdentity, type Identity } from './identity';
import { AppError } from './errors';

export interface InternalClientOptions {
  /** Where the callee listens, e.g. http://127.0.0.1:4101 (or the gateway's URL). */
  baseUrl: string;
  /** The callee's name for the "temporarily unavailable" message. */
  target: string;
  internalSecret: string;
  /** Who is calling: signed into every request. */
  identity: Identity;
  /** Connect, headers and body of one call together. */
  timeoutMs: number;
}

export interface InternalCallHeaders {
  /** Carried across hops so one request id is seen in every log. */
  requestId?: string;
  /** The visitor's address, for the gateway's log. */
  forwardedFor?: string;
}

/** Extra headers for one internal call. */
export const internalHeaders = ({ requestId, forwardedFor }: InternalCallHeaders): Record<string, string> => ({
  ...(requestId && { [REQUEST_ID_HEADER]: requestId }),
  ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
});

/**
 * The typed client a process uses to call another over the route contracts
 * (CONVENTIONS habit 8): each call is signed with the caller's identity and
 * bounded by the timeout; a callee that does not answer, or answers 5xx, is
 * an ApiError 503 with the product's "temporarily unavailable" message.
 */
export function createInternalClient(options: InternalClientOptions): ApiClient {
  const unavailable = (cause: unknown) => {
    const error = new ApiError(Messages.serviceUnavailable(options.target), 503, ErrorCode.SERVICE_UNAVAILABLE);
    error.cause = cause;
    return error;
  };
  const transport: Transport = async ({ method, url, body, headers, signal }) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(options.baseUrl + url, {
        method,
        headers: { ...headers, ...signIdentity(options.internalSecret, method, url, options.identity) },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      if (response.status >= 500) throw unavailable(new Error(`${options.target} answered ${response.status} to ${method} ${url}`));
      return { status: response.status, text };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw unavailable(err);
    }
  };
  return createApiClient(transport);
}

/**
 * A sibling's failure as this service answers it: its 404 as ours, with our
 * words (`notFoundMessage`), anything else (down, slow, a 5xx) as 503
 * "the {service} service is temporarily unavailable", the cause kept for the log.
 */
export function siblingFailure(err: unknown, service: string, notFoundMessage: string): AppError {
  if (err instanceof ApiError && err.status === 404) return new AppError(404, ErrorCode.NOT_FOUND, notFoundMessage);
  return Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable(service)), { cause: err });
}

/** Where a sibling listens and how long one call to it may take, from the caller's config. */
export interface SiblingClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

/**
 * One process's typed client of a sibling (CONVENTIONS habit 8): the internal
 * client above, signed as the service `caller`, for the service `target`.
 */
export const createSiblingClient = (caller: string, target: string, options: SiblingClientOptions): ApiClient =>
  createInternalClient({
    baseUrl: options.baseUrl,
    target,
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: caller },
    timeoutMs: options.timeoutMs,
  });

/** The call options that carry one request id to the sibling (`client.call(route, input, withRequestId(id))`). */
export const withRequestId = (requestId?: string) => ({ headers: internalHeaders({ requestId }) });

/** A sibling's answer, or its failure as this service answers it (`siblingFailure`). */
export async function fromSibling<T>(call: Promise<T>, service: string, notFoundMessage: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw siblingFailure(err, service, notFoundMessage);
  }
}
