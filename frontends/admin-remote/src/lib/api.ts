/** Anything that can check an unknown JSON body and return it typed (a zod schema from @hap/contracts). */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON; the content type is set only when there is a body. */
  body?: unknown;
  /** Checks the successful body; without one the body is returned as `unknown`. */
  schema?: Parser<T>;
  signal?: AbortSignal;
}

/** A non-OK answer. `message` is the server's sentence, so it can go straight into a toast. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function field(body: unknown, key: string): string | null {
  if (body && typeof body === 'object' && key in body) {
    const value = (body as Record<string, unknown>)[key];
    return typeof value === 'string' && value ? value : null;
  }
  return null;
}

/**
 * The one way the admin talks to the API: same-origin paths through the
 * gateway, cookies always sent (the admin session is an HttpOnly cookie).
 * Failures throw an ApiError with the server's `message`, else `{status}: {text}`.
 */
export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  const text = await response.text();
  const json = parseJson(text);

  if (!response.ok) {
    const message = field(json, 'message') ?? `${response.status}: ${text || response.statusText}`;
    throw new ApiError(message, response.status, field(json, 'code'));
  }
  return schema ? schema.parse(json) : (json as T);
}
