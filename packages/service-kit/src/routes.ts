import { createHash } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  Messages,
  routesOf,
  successEnvelope,
  type OperationsOf,
  type RouteContract,
  type RouteInput,
  type RouteOwner,
  type RouteResult,
  type Routes,
} from '@hap/contracts';
import type { z } from 'zod';
import { requireAdmin, requireClinicRole, requireClinicUser } from './access';
import { forbidden } from './errors';

/** Handles one route: gets the validated input, returns what its contract says. */
export type RouteHandler<C extends RouteContract> = (
  input: RouteInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteResult<C>> | RouteResult<C>;

/** A handler, or a handler with hooks that run before the body is read. */
export type RouteEntry<C extends RouteContract> = RouteHandler<C> | { handler: RouteHandler<C>; onRequest: onRequestHookHandler };

/** One entry for every operation the owner answers: a missing one is a type error. */
export type RouteHandlers<O extends RouteOwner> = { [K in OperationsOf<O>]: RouteEntry<Routes[K]> };

/**
 * onSend of a row with `etag`: a weak ETag of the serialized answer and
 * `Cache-Control: private, no-cache`; 304 without a body when the request's
 * If-None-Match names it. Only a success answer is tagged.
 */
async function revalidated(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const asked = request.headers['if-none-match'];
  if (!asked || !asked.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return payload;
  reply.code(304).removeHeader('content-type');
  return '';
}

/** Fastify's response map for a contract: every status with a body schema. */
function responseSchemas(route: RouteContract): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(route.responses)) if (schema) out[Number(status)] = schema;
  return out;
}

/** A serializer per projection: the chosen projection's schema strips every field outside it. */
function projectionSerializers(route: RouteContract): Map<string, (data: unknown) => string> {
  const serializers = new Map<string, (data: unknown) => string>();
  for (const [name, schema] of Object.entries(route.projections ?? {})) {
    serializers.set(
      name,
      serializerCompiler({ schema: successEnvelope(schema), method: route.method, url: route.path, httpStatus: String(route.status) }),
    );
  }
  return serializers;
}

async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request.identity);
}

/** A clinic user whose role the row admits (docs/portal.md#roles); defence in depth, the gateway checks first. */
const clinicOnly = (route: RouteContract) =>
  async function clinicOnly(request: FastifyRequest): Promise<void> {
    requireClinicUser(request.identity);
    // The gateway refuses an admin's read-only view anything but a GET.
    if (request.identity.viewAs && request.method !== 'GET') throw forbidden(Messages.readOnlyView);
    requireClinicRole(request.identity, route);
  };

/**
 * Registers the Fastify routes of every contract `owner` answers, each typed
 * and validated by its row: params, query and body are parsed by its schemas,
 * the answer is wrapped in the success envelope and serialized by its schema
 * (a projection by the projection's own), admin rows refuse non-admin callers
 * before the body is read, and the body limit is the row's. A `form` row
 * takes a browser's urlencoded form post instead of JSON. A handler for an
 * operation the owner does not answer, or a missing one, fails at start.
 */
export function registerRoutes<O extends RouteOwner>(app: FastifyInstance, owner: O, handlers: RouteHandlers<O>): void {
  registerContracts(app, owner, routesOf(owner), handlers as unknown as Record<string, RouteEntry<RouteContract>>);
}

/** registerRoutes for an explicit list of contracts (the kit's own tests declare theirs). */
export function registerContracts(
  app: FastifyInstance,
  owner: string,
  owned: readonly RouteContract[],
  entries: Record<string, RouteEntry<RouteContract>>,
): void {
  const unknown = Object.keys(entries).filter((op) => !owned.some((route) => route.operation === op));
  if (unknown.length) throw new Error(`${owner} has handlers for operations it does not own: ${unknown.join(', ')}`);

  for (const route of owned) {
    const entry = entries[route.operation];
    if (!entry) throw new Error(`${owner} has no handler for ${route.operation} (${route.method} ${route.path})`);
    const handler = typeof entry === 'function' ? entry : entry.handler;
    const onRequest: onRequestHookHandler[] = [];
    if (route.access === 'admin') onRequest.push(adminOnly);
    if (route.access === 'clinic') onRequest.push(clinicOnly(route));
    if (typeof entry !== 'function') onRequest.push(entry.onRequest);
    const projections = projectionSerializers(route);

    const options: RouteOptions = {
      method: route.method,
      url: route.path,
      bodyLimit: route.bodyLimit,
      onRequest,
      ...(route.etag && { onSend: revalidated }),
      schema: {
        ...(route.params && { params: route.params }),
        ...(route.query && { querystring: route.query }),
        ...(route.body && { body: route.body }),
        response: responseSchemas(route),
      },
      config: { operation: route.operation },
      handler: async (request, reply) => {
        const input = { params: request.params, query: request.query, body: request.body } as RouteInput<RouteContract>;
        const result = (await handler(input, request, reply)) as unknown;
        if (route.file || route.redirect || reply.sent) return reply;
        // The handler may have chosen another status its row lists (a lead accepted to be stored later: 202).
        if (!route.otherStatuses?.includes(reply.statusCode as 201 | 202)) reply.status(route.status);
        if (route.status === 204) return reply.send();
        if (route.answer) return result;
        if (route.projections) {
          const { projection, data } = result as { projection: string; data: unknown };
          const serialize = projections.get(projection);
          if (!serialize) throw new Error(`${route.operation} has no projection "${projection}"`);
          return reply.type('application/json; charset=utf-8').serializer(serialize).send({ success: true, data });
        }
        return { success: true, data: result ?? null };
      },
    };
    if (!route.form) {
      app.route(options);
      continue;
    }
    // A browser's own form post (application/x-www-form-urlencoded) is parsed for this route only:
    // every other route still refuses that type (415), so no page elsewhere can post to it as a form.
    void app.register(async (scope) => {
      await scope.register(fastifyFormbody, { bodyLimit: route.bodyLimit });
      scope.route(options);
    });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route contract's operation (metrics label, logs). */
    operation?: string;
  }
}
