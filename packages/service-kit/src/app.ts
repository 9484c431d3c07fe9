import { randomUUID } from 'node:crypto';
import fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, errorEnvelope, Messages } from '@hap/contracts';
import { registerErrorHandling } from './error-handler';
import { REQUEST_ID_HEADER, verifyIdentity, type Identity } from './identity';
import { AppError } from './errors';
import { instrumentRequests } from './metrics';
import { requestLoggerOptions } from './request-log';
import { refuseNulInUrl } from './url-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, as the gateway signed it. */
    identity: Identity;
  }
  interface FastifyInstance {
    /** Every route this app registered (method and URL pattern), in order; HEAD twins left out. */
    registeredRoutes: Array<{ method: string; url: string }>;
  }
}

export interface ServiceAppOptions {
  /** Service name, used in logs. */
  name: string;
  /** Secret shared with the gateway. */
  internalSecret: string;
  logLevel?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
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
    // URLs logged without OAuth answers, tokens or search text; secret headers never (request-log.ts).
    logger: requestLoggerOptions({ level: options.logLevel ?? 'info', base: { service: options.name }, stream: options.logStream }),
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  const registered: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app as unknown as FastifyInstance);
  instrumentRequests(app as unknown as FastifyInstance, { service: options.name });

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
  // After the signature (strangers learn nothing more), before validation, handlers and the database.
  app.addHook('onRequest', refuseNulInUrl);
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
      return reply.status(503).send(errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable(options.name)));
    }
  });

  return app;
}

