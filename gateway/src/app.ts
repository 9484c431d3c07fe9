import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { REQUEST_ID_HEADER, RETRY_AFTER_SECONDS, registerErrorHandling, requestLoggerOptions } from '@hap/service-kit';
import { connectionTimeoutMs, upstreamUrls, type Config } from './config';
import { createTenantClient, type TenantClient } from './clients/tenant.client';
import { apiDocs } from './docs/docs.plugin';
import { clientErrorHandler, frameworkErrors, ownBodyParsers } from './http/malformed';
import { refusedBodies } from './http/refused-bodies';
import { metricsPlugin } from './plugins/metrics';
import { queuesBoard } from './plugins/queues-board';
import { redisPlugin } from './plugins/redis';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { authRoutes } from './modules/auth/auth.routes';
import { DeviceCookies } from './modules/auth/device-cookie';
import { LoginThrottle } from './modules/auth/login-throttle';
import { MfaChallenges } from './modules/auth/mfa-challenges';
import { PasskeyCeremonies } from './modules/auth/passkey-ceremonies';
import { healthRoutes } from './modules/health/health.routes';
import { apiCacheControl, apiProxy } from './proxy/api-proxy';
import { pageProxy } from './proxy/page-proxy';
import { createRouteMatcher, routedServices } from './routing/route-table';
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

/** A readiness check of one upstream may take this long; a slower one counts as down. */
const READY_CHECK_TIMEOUT_MS = 2_000;

/**
 * Node checks for requests past `requestTimeout` every this many ms (its
 * default, 30 s, would let a 30 s limit run to a minute): a tenth of the
 * limit, between 100 ms and 5 s.
 */
const checkingInterval = (requestTimeoutMs: number) => Math.min(5_000, Math.max(100, Math.round(requestTimeoutMs / 10)));

/** Builds the gateway without listening (tests drive it in-process). */
export function buildApp(config: Config, deps: GatewayDeps = {}) {
  const app = fastify({
    // URLs logged without OAuth answers, tokens or search text; cookies never (service-kit request-log.ts).
    logger: requestLoggerOptions({ level: config.LOG_LEVEL, base: { service: 'gateway' }, stream: deps.logStream }),
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
    // Slow clients (ARCHITECTURE.md#auth-and-sessions): headers and body within REQUEST_TIMEOUT_MS or 408 and close.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: connectionTimeoutMs(config),
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: checkingInterval(config.REQUEST_TIMEOUT_MS),
    },
    // What Fastify and Node refuse before any route sees it still gets the product's envelope.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app as unknown as FastifyInstance);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    // A caller told to come back later is told when (a service's own 503 included).
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_SECONDS);
    done();
  });

  // External plugins, then ours, then routes (CONVENTIONS habit 4).
  // Cookies first: its onRequest hook parses them before any hook that reads the session.
  app.register(fastifyCookie);
  app.register(metricsPlugin);
  const matchRoute = createRouteMatcher();
  // First: a body over its route's limit is refused before anything else, and every other
  // answer waits until the caller has sent its body (src/http/refused-bodies.ts).
  app.register(refusedBodies, { matchRoute });
  app.register(redisPlugin, { url: config.REDIS_URL, client: deps.redis });
  app.register(securityPlugin, {
    production: config.NODE_ENV === 'production',
    allowedOrigins: config.ALLOWED_ORIGINS,
    adminRemoteOrigin: config.ADMIN_REMOTE_ORIGIN,
    ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
    leadRatePerMinute: config.LEAD_RATE_LIMIT_PER_MINUTE,
    redisPrefix: config.REDIS_PREFIX,
  });
  app.register(apiCacheControl);
  app.register(ownBodyParsers);
  app.register(sessionPlugin, {
    redisPrefix: config.REDIS_PREFIX,
    cookieSecure: config.COOKIE_SECURE,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });

  const upstreams = upstreamUrls(config);
  app.register(healthRoutes, {
    upstreams: {
      ...Object.fromEntries(routedServices().map((service) => [service, new URL('/ready', upstreams[service]).href])),
      // The page renderer has no /ready of its own: it loads its bundle before it listens, and renders
      // (with the default branding) even when the API does not answer, so answering /healthz is ready.
      'public-shell': new URL('/healthz', config.PUBLIC_SHELL_URL).href,
    },
    timeoutMs: Math.min(READY_CHECK_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS),
  });

  const tenant =
    deps.tenant ??
    createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  app.register(async (scope) => {
    const throttle = new LoginThrottle(scope.redis, {
      redisPrefix: config.REDIS_PREFIX,
      maxPerIp: config.LOGIN_MAX_PER_IP,
      maxPerAccountAndIp: config.LOGIN_MAX_PER_ACCOUNT_AND_IP,
      maxPerAccount: config.LOGIN_MAX_PER_ACCOUNT_PER_HOUR,
      maxPerDevice: config.LOGIN_MAX_PER_DEVICE,
    });
    const devices = new DeviceCookies({ secret: config.INTERNAL_SECRET, secure: config.COOKIE_SECURE });
    const challenges = new MfaChallenges(scope.redis, config.REDIS_PREFIX);
    const ceremonies = new PasskeyCeremonies(scope.redis, config.REDIS_PREFIX, { secret: config.INTERNAL_SECRET });
    await authRoutes(scope as unknown as FastifyInstance, { tenant, throttle, devices, challenges, ceremonies, adminMfaRequired: config.adminMfaRequired });
  });
  app.register(apiDocs, { production: config.NODE_ENV === 'production' });

  app.register(queuesBoard, { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });

  app.register(apiProxy, { config, matchRoute });
  app.register(adminRemote, { dir: config.ADMIN_REMOTE_DIR });
  app.register(pageProxy, { config });

  return app;
}

export type GatewayApp = ReturnType<typeof buildApp>;
