import request from 'supertest';
import type { FastifyInstance } from 'fastify';
import { createApiClient, routesOf, type ApiClient, type RouteOwner } from '@hap/contracts';
import { signIdentity, type Identity } from './identity';

/**
 * What every service's tests share (`@hap/service-kit/testing`): callers,
 * signed supertest clients, a started app and its route check.
 */
export const ADMIN: Identity = { kind: 'admin', userId: 4242, email: 'admin@test.local' };
export const ANONYMOUS: Identity = { kind: 'anonymous' };
export const GATEWAY: Identity = { kind: 'service', service: 'gateway' };
/** The public site's server: it signs its calls but renders visitors' input, so it is not privileged. */
export const PUBLIC_SHELL: Identity = { kind: 'service', service: 'public-shell' };

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** supertest calls signed as the gateway would sign them (default caller: anonymous). */
export function signedClient(app: FastifyInstance, secret: string) {
  const call = (method: Method) => (url: string, identity: Identity = ANONYMOUS): request.Test =>
    request(app.server)[method](url).set(signIdentity(secret, method.toUpperCase(), url, identity));
  return { get: call('get'), post: call('post'), patch: call('patch'), put: call('put'), delete: call('delete') };
}
export type SignedClient = ReturnType<typeof signedClient>;

/**
 * The contracts' typed client (`client.call(routes.x, { params, query, body })`)
 * over an in-process app, each call signed as `identity`: tests build no paths
 * and parse no answers by hand. Error answers throw ApiError (status, code, message).
 */
export function contractClient(app: FastifyInstance, secret: string, identity: Identity = ANONYMOUS): ApiClient {
  return createApiClient(async ({ method, url, body, headers }) => {
    const res = await app.inject({ method, url, payload: body, headers: { ...headers, ...signIdentity(secret, method, url, identity) } });
    return { status: res.statusCode, text: res.body };
  });
}

export interface StartedService<App extends FastifyInstance> {
  app: App;
  api: SignedClient;
  close: () => Promise<void>;
}

/** A service a test started on this run's database: its app, signed client, config and data source. */
export interface TestService<App extends FastifyInstance, Config, Source> extends StartedService<App> {
  config: Config;
  dataSource: Source;
}

/** Builds, readies and signs calls to a service app; `close` also runs `cleanup`. */
export async function startService<App extends FastifyInstance>(
  build: () => App,
  options: { internalSecret: string; cleanup?: () => Promise<void> },
): Promise<StartedService<App>> {
  const app = build();
  await app.ready();
  return {
    app,
    api: signedClient(app, options.internalSecret),
    close: async () => {
      await app.close();
      await options.cleanup?.();
    },
  };
}

/** The kit's own routes every service app has besides its contracts. */
const KIT_ROUTES = new Set(['GET /health', 'GET /ready']);

/**
 * The routes an app registered that are not the kit's own, and the
 * contracts `owner` answers, as sorted `METHOD path` lines: equal when the
 * service registers exactly its rows.
 */
export function routesVersusContracts(app: FastifyInstance & { registeredRoutes: Array<{ method: string; url: string }> }, owner: RouteOwner) {
  const registered = app.registeredRoutes
    .map((route) => `${route.method} ${route.url}`)
    .filter((line) => !KIT_ROUTES.has(line))
    .sort();
  const contracts = routesOf(owner)
    .map((route) => `${route.method} ${route.path}`)
    .sort();
  return { registered, contracts };
}
