import { randomUUID } from 'node:crypto';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { ErrorCode, Messages } from '@hap/contracts';
import { REQUEST_ID_HEADER, registerErrorHandling } from '@hap/service-kit';
import type { Config } from './config';
import { createTenantClient, type TenantClient } from './clients/tenant.client';
import { metricsPlugin } from './plugins/metrics';
import { queuesBoard } from './plugins/queues-board';
import { redisPlugin } from './plugins/redis';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { authRoutes } from './modules/auth/auth.routes';
import { LoginThrottle } from './modules/auth/login-throttle';
import { apiCacheControl, apiProxy } from './proxy/api-proxy';
import { pageProxy } from './proxy/page-proxy';
import { createRouteMatcher } from './routing/route-table';
import { adminRemote } from './static/admin-remote';

export interface GatewayDeps {
  /** A Redis connection owned by the caller (tests); otherwise one is opened from REDIS_URL. */
  redis?: Redis;
  /** Another way to reach tenant's credential check; defaults to HTTP at TENANT_URL. */
  tenant?: TenantClient;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** An incoming request id is kept (one id across hops) when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestIdOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();

/** Builds the gateway without listening (tests drive it in-process). */
export function buildApp(config: Config, deps: GatewayDeps = {}) {
  const app = fastify({
    logger: { level: config.LOG_LEVEL, base: { service: 'gateway' }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app as unknown as FastifyInstance);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  // External plugins, then ours, then routes (CONVENTIONS habit 4).
  app.register(metricsPlugin);
  app.register(redisPlugin, { url: config.REDIS_URL, client: deps.redis });
  app.register(securityPlugin, {
    internalSecret: config.INTERNAL_SECRET,
    production: config.NODE_ENV === 'production',
    allowedOrigins: config.ALLOWED_ORIGINS,
    adminRemoteOrigin: config.ADMIN_REMOTE_ORIGIN,
    ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
  });
  app.register(apiCacheControl);
  app.register(sessionPlugin, {
    redisPrefix: config.REDIS_PREFIX,
    cookieSecure: config.COOKIE_SECURE,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });

  app.register(async (scope) => {
    scope.get('/healthz', async () => ({ success: true as const, data: { service: 'gateway', status: 'ok' } }));
    scope.get('/readyz', async (_request, reply) => {
      try {
        await scope.redis.ping();
        return { success: true as const, data: { service: 'gateway', status: 'ready' } };
      } catch (err) {
        scope.log.warn({ err }, 'not ready');
        return reply.status(503).send({ success: false, code: ErrorCode.SERVICE_UNAVAILABLE, message: Messages.serviceUnavailable('gateway') });
      }
    });
  });

  const tenant =
    deps.tenant ??
    createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  app.register(async (scope) => {
    const throttle = new LoginThrottle(scope.redis, {
      redisPrefix: config.REDIS_PREFIX,
      maxPerIp: config.LOGIN_MAX_PER_IP,
      maxPerAccount: config.LOGIN_MAX_PER_ACCOUNT,
    });
    await scope.register(authRoutes, { tenant, throttle });
  });

  app.register(queuesBoard, { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  app.register(apiProxy, { config, matchRoute: createRouteMatcher() });
  app.register(adminRemote, { dir: config.ADMIN_REMOTE_DIR });
  app.register(pageProxy, { config });

  return app;
}

export type GatewayApp = ReturnType<typeof buildApp>;
