import { randomUUID } from 'node:crypto';
import fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, Messages } from '@hap/contracts';
import { registerErrorHandling } from './error-handler';
import { REQUEST_ID_HEADER, verifyIdentity, type Identity } from './identity';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, as the gateway signed it. */
    identity: Identity;
  }
}

export interface ServiceAppOptions {
  /** Service name, used in logs. */
  name: string;
  /** Secret shared with the gateway. */
  internalSecret: string;
  logLevel?: string;
  /** Paths answered without a signature (health checks). */
  unsignedPaths?: string[];
  /** Extra Fastify options (body limit, trust proxy…). */
  fastify?: FastifyServerOptions;
  /** Readiness probe: resolves when the service's dependencies answer. */
  ready?: () => Promise<void>;
}

export type ServiceApp = ReturnType<typeof createServiceApp>;

const UNSIGNED_DEFAULT = ['/health', '/ready'];

/**
 * A Fastify instance with the shared conventions: zod type provider, one
 * error envelope, request ids carried across hops, signed identity required.
 */
export function createServiceApp(options: ServiceAppOptions) {
  const unsigned = new Set([...UNSIGNED_DEFAULT, ...(options.unsignedPaths ?? [])]);
  const app = fastify({
    logger: { level: options.logLevel ?? 'info', base: { service: options.name } },
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app as unknown as FastifyInstance);

  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    if (unsigned.has(path)) {
      request.identity = { kind: 'anonymous' };
      return;
    }
    const identity = verifyIdentity(options.internalSecret, request.method, request.url, request.headers);
    if (!identity) {
      throw new AppError(401, ErrorCode.INVALID_SIGNATURE, 'This service only answers signed calls from the gateway.');
    }
    request.identity = identity;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.get('/health', async () => ({ success: true as const, data: { service: options.name, status: 'ok' } }));
  app.get('/ready', async (_request, reply) => {
    try {
      await options.ready?.();
      return { success: true as const, data: { service: options.name, status: 'ready' } };
    } catch (err) {
      app.log.warn({ err }, 'not ready');
      return reply
        .status(503)
        .send({ success: false, code: ErrorCode.SERVICE_UNAVAILABLE, message: Messages.serviceUnavailable(options.name) });
    }
  });

  return app;
}

/**
 * Backend processes that may act with an admin's reach. The public shell also
 * signs its calls (as `public-shell`) but renders visitors' input: it is not here.
 */
export const BACKEND_SERVICES: ReadonlySet<string> = new Set(['gateway', 'tenant', 'leads', 'templates', 'ads']);

/** An admin, or one of our backend services acting for one. */
export const isPrivileged = (identity: Identity): boolean =>
  identity.kind === 'admin' || (identity.kind === 'service' && BACKEND_SERVICES.has(identity.service ?? ''));

/** The caller is the named backend service (e.g. only the gateway checks passwords). */
export const isService = (identity: Identity, service: string): boolean =>
  identity.kind === 'service' && identity.service === service;

/** Throws 401 unless the signed caller is an admin or a backend service. */
export function requireAdmin(identity: Identity): void {
  if (isPrivileged(identity)) return;
  throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
}
