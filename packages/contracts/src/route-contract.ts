import { z } from 'zod';
import type { ClinicRole } from './clinic-roles';
import { ErrorEnvelopeSchema, successEnvelope } from './envelope';

/**
 * A route contract: one row of the route table with everything both ends
 * need. Services register their Fastify routes from it (service-kit
 * `registerRoutes`), the gateway routes and denies by it, clients build
 * paths and parse answers by it (`createApiClient`), and the OpenAPI
 * document is generated from it. A shape is declared here once.
 */
export const SERVICES = ['tenant', 'leads', 'templates', 'ads'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/**
 * public: anyone; admin: an admin session at the gateway; clinic: a clinic
 * user's session, whose clinic comes from the signed identity,
 * never from a parameter; internal: never routed by the gateway, only called
 * service to service with a signature.
 */
export type Access = 'public' | 'admin' | 'clinic' | 'internal';
export type RouteOwner = ServiceName | 'gateway';

/** JSON bodies above this are refused with 413 (the gateway checks before proxying). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface RouteSpec {
  /** Unique, camelCase: the operation id in OpenAPI and the handler's key. */
  operation: string;
  method: HttpMethod;
  /** find-my-way / Fastify pattern: `:param` segments, a trailing `*` wildcard. */
  path: string;
  owner: RouteOwner;
  access: Access;
  /**
   * A `clinic` row's roles (clinic-roles.ts): unset, every role reads (GET)
   * and owner and front desk write (clinicRolesOf).
   */
  clinicRoles?: readonly ClinicRole[];
  /** One line for the API docs. */
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body (with `form`, the fields of a browser's form post). */
  body?: z.ZodType;
  /**
   * The body is a form a browser posts by itself (application/x-www-form-urlencoded),
   * checked by `body` like JSON; its answers are for a person (a redirect, or a page saying what went wrong).
   */
  form?: true;
  /** A multipart upload (no JSON schema; the handler reads the parts). */
  multipart?: boolean;
  /** Largest body accepted, in bytes; DEFAULT_BODY_LIMIT when unset. */
  bodyLimit?: number;
  /** Status of the success answer; 200 when unset (302 for a redirect, or 303 after a form post). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /**
   * Other statuses of the same success answer, chosen by the handler
   * (`reply.status`) call by call: a lead held while the database is away is
   * 202 (accepted, stored later) where a stored one is 201.
   */
  otherStatuses?: readonly (201 | 202)[];
  /** The success answer's `data` (wrapped in `{ success: true, data }`). */
  data?: z.ZodType;
  /**
   * Alternative `data` shapes the handler chooses between for each call (an
   * admin's and a visitor's view of one record). The answer is serialized by
   * the chosen projection's own schema, so a field outside it never leaves.
   */
  projections?: Record<string, z.ZodType>;
  /** A whole answer that is not the usual envelope (kept from the spec). */
  answer?: z.ZodType;
  /** The answer is a file, not JSON: its content type, for the docs. */
  file?: string;
  /** The answer sends the browser elsewhere (302, or the row's 303, with Location): a step of a flow the browser navigates, such as OAuth. */
  redirect?: true;
  /** Error statuses the route itself may answer, besides those every route can. */
  errors?: readonly number[];
  /**
   * The answer carries an ETag of its body and `Cache-Control: private,
   * no-cache`: a poller's If-None-Match that still matches gets 304 without a
   * body (the browser keeps and reuses its copy).
   */
  etag?: true;
}

/** Statuses any routed call can get: bad input, rate limit, server fault, service down. */
const ALWAYS = [429, 500, 503] as const;

export type RouteContract<S extends RouteSpec = RouteSpec> = S & {
  readonly status: 200 | 201 | 202 | 204 | 302 | 303;
  /** Every status this route answers, with the schema of its body (files: none). */
  readonly responses: Readonly<Record<number, z.ZodType | null>>;
  readonly bodyLimit: number;
};

/** The schema of a contract's success answer (the whole body). */
export function successAnswerSchema(spec: RouteSpec): z.ZodType | null {
  if (spec.file || spec.redirect) return null;
  if (spec.answer) return spec.answer;
  if (spec.projections) {
    const options = Object.values(spec.projections);
    return successEnvelope(options.length === 1 ? options[0] : z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]));
  }
  return successEnvelope(spec.data ?? z.null());
}

/** Declares one route contract; every error status is answered with the error envelope. */
export function defineRoute<const S extends RouteSpec>(spec: S): RouteContract<S> {
  const status = spec.redirect ? (spec.status ?? 302) : (spec.status ?? 200);
  const errors = new Set<number>([...ALWAYS, ...(spec.errors ?? [])]);
  if (spec.params || spec.query || spec.body || spec.multipart) errors.add(400);
  if (spec.body || spec.multipart) errors.add(413);
  // Signed in as the other kind of user: 403 (an admin on a clinic row, a clinic user on an admin row).
  if (spec.access === 'admin' || spec.access === 'clinic') {
    errors.add(401);
    errors.add(403);
  }
  if (spec.access === 'internal') errors.add(401);
  const responses: Record<number, z.ZodType | null> = { [status]: successAnswerSchema(spec) };
  for (const other of spec.otherStatuses ?? []) responses[other] = responses[status];
  if (spec.etag) responses[304] = null;
  for (const code of [...errors].sort()) responses[code] = ErrorEnvelopeSchema;
  return Object.freeze({
    ...spec,
    status,
    responses: Object.freeze(responses),
    bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT,
  }) as RouteContract<S>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a handler receives, already validated. */
export interface RouteInput<C extends RouteSpec> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

/** A value of one of a contract's projections, tagged with which. */
export type Projected<C extends RouteSpec> = C['projections'] extends Record<string, z.ZodType>
  ? { [K in keyof C['projections']]: { projection: K; data: z.input<C['projections'][K]> } }[keyof C['projections']]
  : never;

/** What a handler returns: the `data`, a projection, the whole answer, or nothing (it sent a file itself). */
export type RouteResult<C extends RouteSpec> = C['file'] extends string
  ? void
  : C['redirect'] extends true
    ? void
  : C['answer'] extends z.ZodType
    ? z.input<C['answer']>
    : C['projections'] extends Record<string, z.ZodType>
      ? Projected<C>
      : C['data'] extends z.ZodType
        ? z.input<C['data']>
        : null | void;

/** What a caller sends. */
export type CallInput<C extends RouteSpec> = (C['params'] extends z.ZodType ? { params: In<C['params']> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : { body?: undefined });

/** What a caller gets back: the `data` of the envelope, or the whole answer. */
export type CallResult<C extends RouteSpec, P = undefined> = C['answer'] extends z.ZodType
  ? z.output<C['answer']>
  : C['projections'] extends Record<string, z.ZodType>
    ? P extends keyof C['projections']
      ? z.output<C['projections'][P]>
      : z.output<C['projections'][keyof C['projections']]>
    : C['data'] extends z.ZodType
      ? z.output<C['data']>
      : null;

/** `/api/clients/:id` + `{ id: 3 }` → `/api/clients/3` (each value URI-encoded; `*` takes a path). */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)|\*$/g, (_match, name: string | undefined) => {
    const key = name ?? '*';
    const value = params?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${key}" for ${path}`);
    const text = String(value);
    return name ? encodeURIComponent(text) : text.split('/').map(encodeURIComponent).join('/');
  });
}

/** `{ a: 1, b: undefined }` → `?a=1` (undefined and null left out; arrays repeated). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
