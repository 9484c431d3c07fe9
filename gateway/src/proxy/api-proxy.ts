import httpProxy from '@fastify/http-proxy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import fp from 'fastify-plugin';
import { clinicRoleRefusal, clinicRolesOf, ErrorCode, Messages, ViewAsSchema, viewAsKey, type Access, type RouteContract, type ServiceName } from '@hap/contracts';
import { AppError, forbidden, sessionTagOf, signIdentity, type Identity } from '@hap/service-kit';
import { upstreamUrls, type Config } from '../config';
import { readBody } from '../http/read-body';
import { orStoreUnavailable, SessionStoreUnavailableError } from '../plugins/redis';
import { isFullAdmin, sessionIdOf, type CurrentSession, type Session } from '../plugins/session';
import type { RouteMatcher } from '../routing/route-table';
import { answerHeaders, forwardHeaders, forwardedUrl, type ProxiedRequest } from './forward-headers';
import { proxyTransport } from './transport';
import { replyServiceUnavailable } from './upstream-errors';

/** Where an allowed API request goes and as whom. */
export interface UpstreamTarget {
  /** The route-table row it matched. */
  route: RouteContract;
  service: ServiceName;
  identity: Identity;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the route table allowed an API request. */
    upstreamTarget: UpstreamTarget | null;
  }
}

export interface ApiProxyOptions {
  config: Config;
  matchRoute: RouteMatcher;
}

/** Bodies up to this size are sent with their headers in one write. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Small JSON answers (nearly all of them) are buffered and sent in one write
 * with the headers instead of streamed chunk by chunk: fewer syscalls per
 * proxied request (infra/bench). Large or unsized bodies still stream.
 */
function sendUpstreamBody(reply: FastifyReply<RouteGenericInterface, RawServerBase>, stream: Readable): void {
  const length = Number(reply.getHeader('content-length'));
  if (reply.request.method === 'HEAD' || !(length > 0 && length <= SMALL_BODY_BYTES)) {
    reply.send(stream);
    return;
  }
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.once('error', (err) => reply.send(err));
  stream.once('end', () => reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
}

export const routeNotFound = (request: FastifyRequest) =>
  new AppError(404, ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (${request.method} ${request.url.split('?')[0]})`);

const targetOf = (request: ProxiedRequest): UpstreamTarget => {
  if (!request.upstreamTarget) throw new Error('API request reached the proxy without a route-table decision');
  return request.upstreamTarget;
};

/**
 * The caller's session. Redis failing is a 503 for an admin or clinic row; a public row
 * goes on as anonymous (the visitor's page keeps working, an admin using it
 * sees the public projection meanwhile).
 */
async function sessionOrAnonymous(request: FastifyRequest, access: Access): Promise<CurrentSession | null> {
  try {
    return await request.server.sessions.current(request);
  } catch (err) {
    if (access !== 'public' || !(err instanceof SessionStoreUnavailableError)) throw err;
    request.log.warn({ err: err.cause }, 'session store unavailable: public call forwarded as anonymous');
    return null;
  }
}

/**
 * The identity an admin's session is signed onto an upstream request as (an API call, an
 * admin's preview page): the session as a tag, never its id, so a service can bind a step to
 * this login (the Google Ads OAuth state).
 */
export const adminIdentityOf = (secret: string, { id, session }: CurrentSession): Identity => ({
  kind: 'admin',
  userId: session.userId,
  email: session.email,
  session: sessionTagOf(secret, id),
});

/** The identity a clinic user's session is signed onto an upstream request as. */
export const clinicIdentityOf = (session: Session): Identity => ({
  kind: 'clinic',
  userId: session.userId,
  email: session.email,
  name: session.name,
  clientId: session.clientId,
  role: session.role,
});

/**
 * The clinic an admin's session is viewing read-only (tenant's
 * `POST /api/admin/view-as` writes it under the session's tag), or null.
 */
async function viewedClinic(request: FastifyRequest, config: Config, admin: CurrentSession): Promise<number | null> {
  const raw = await orStoreUnavailable(request.server.redis.get(viewAsKey(config.REDIS_PREFIX, sessionTagOf(config.INTERNAL_SECRET, admin.id))));
  if (!raw) return null;
  try {
    const view = ViewAsSchema.safeParse(JSON.parse(raw));
    return view.success ? view.data.clientId : null;
  } catch {
    return null;
  }
}

/** An admin viewing a clinic, as a clinic GET is signed: the admin's own user, role viewer, marked `viewAs`. */
export const viewingIdentityOf = ({ session }: CurrentSession, clientId: number): Identity => ({
  kind: 'clinic',
  userId: session.userId,
  email: session.email,
  name: session.name,
  clientId,
  role: 'viewer',
  viewAs: true,
});

/** `/api` and `/api/*`, query or not (not `/uploads/*`, whose owner sets its own long cache). */
const isApiPath = (url: string) => {
  const path = url.split('?', 1)[0];
  return path === '/api' || path.startsWith('/api/');
};

/**
 * API answers depend on the caller's session and must not be stored by a
 * browser or shared cache (an admin projection could otherwise be served to a
 * visitor): `Cache-Control: no-store` unless the service set its own
 * Cache-Control, in which case `Vary: Cookie` is added, since the session
 * cookie (not a header the service sees) decides the identity it answered for.
 * Covers the gateway's own answers (auth routes, 401, 404, 429, 503) too.
 */
export const apiCacheControl = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
        return;
      }
      const vary = reply.getHeader('vary');
      const varies = String(vary ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase());
      if (!varies.includes('cookie') && !varies.includes('*')) reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
    });
  },
  { name: 'api-cache-control' },
);

/** The body read whole by the parser below, when the request had one. */
const bufferedBody = (request: ProxiedRequest) => (Buffer.isBuffer(request.body) ? request.body : undefined);

/**
 * Every `/api/*` and `/uploads/*` request the gateway does not answer itself.
 * Default deny: no route-table row (or an `internal` one) → 404; an `admin`
 * row without an admin session → 401; both decided before the body is read.
 * Otherwise the body is read whole, within the row's `bodyLimit` (413 past
 * it, with `Connection: close`), and only then is the row's owner called with
 * the request unchanged plus a signed identity: a slow or oversized upload
 * never holds a connection to a service, and a service never cuts a body off
 * mid-way. One @fastify/http-proxy registration picks the service per request
 * (`getUpstream`), so the route table is the only routing truth.
 */
export const apiProxy: FastifyPluginAsync<ApiProxyOptions> = async (app, { config, matchRoute }) => {
  const upstreams = upstreamUrls(config);
  const transport = proxyTransport(config.UPSTREAM_TIMEOUT_MS);

  app.decorateRequest('upstreamTarget', null);
  // onRequest: after the rate limit and the Origin check (the root's onRequest hooks), before the body.
  app.addHook('onRequest', async (request) => {
    const row = matchRoute(request.method, request.url);
    if (!row || row.owner === 'gateway') throw routeNotFound(request);
    const current = await sessionOrAnonymous(request, row.access);
    const signedInAdmin = current?.session.isAdmin ? current : null;
    // An admin who must turn on two-factor sign-in first is no admin yet.
    const admin = signedInAdmin && isFullAdmin(signedInAdmin.session) ? signedInAdmin : null;
    const clinic = !signedInAdmin && current?.session.clientId ? current : null;
    // Signed in as the other kind of user: 403. A session cookie that opens nothing is a session
    // that ended (an upload outlived it): "log in again".
    const expiredOrNone = () =>
      new AppError(
        401,
        ErrorCode.UNAUTHENTICATED,
        sessionIdOf(request) ? Messages.sessionExpired : row.access === 'clinic' ? Messages.portalUnauthenticated : Messages.unauthenticated,
      );
    if (row.access === 'admin' && !admin) {
      if (signedInAdmin) throw new AppError(403, ErrorCode.MFA_SETUP_REQUIRED, Messages.mfaSetupRequired);
      throw clinic ? forbidden(Messages.notAdmin) : expiredOrNone();
    }
    if (row.access === 'clinic' && admin) {
      // An admin's read-only view of a clinic: its GETs as that clinic, nothing else.
      const viewing = await viewedClinic(request, config, admin);
      if (!viewing) throw forbidden(Messages.notClinicUser);
      if (request.method !== 'GET' && request.method !== 'HEAD') throw forbidden(Messages.readOnlyView);
      if (!clinicRolesOf(row).includes('viewer')) throw forbidden(clinicRoleRefusal(clinicRolesOf(row)));
      request.upstreamTarget = { route: row, service: row.owner, identity: viewingIdentityOf(admin, viewing) };
      return;
    }
    if (row.access === 'clinic' && !clinic) throw signedInAdmin ? forbidden(Messages.notClinicUser) : expiredOrNone();
    // The row's roles (docs/portal.md#roles): a viewer's write, a front desk's user management, 403 here.
    if (row.access === 'clinic' && clinic && !clinicRolesOf(row).includes(clinic.session.role ?? 'viewer')) throw forbidden(clinicRoleRefusal(clinicRolesOf(row)));
    request.upstreamTarget = {
      route: row,
      service: row.owner,
      identity: admin
        ? adminIdentityOf(config.INTERNAL_SECRET, admin)
        : clinic && row.access !== 'public'
          ? clinicIdentityOf(clinic.session)
          : { kind: 'anonymous' },
    };
  });

  // Any content type, as bytes: the service parses it by its own row.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request: FastifyRequest, payload: IncomingMessage) => readBody(request, payload, targetOf(request).route.bodyLimit));

  await app.register(httpProxy, {
    // Empty upstream + getUpstream: the service is chosen per request.
    upstream: '',
    routes: ['/api', '/api/*', '/uploads/*'],
    // The body is the Buffer read above, sent with its length once it is all here.
    proxyPayloads: false,
    handler: (request, reply, dest, options) => {
      const body = bufferedBody(request);
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      return reply.from(dest, body ? { ...options, body, contentType } : options);
    },
    ...transport.plugin,
    replyOptions: {
      ...transport.reply,
      getUpstream: (request) => upstreams[targetOf(request).service],
      rewriteHeaders: (headers) => answerHeaders(headers),
      rewriteRequestHeaders: (request, headers) => ({
        ...forwardHeaders(request, headers, { hasBody: bufferedBody(request) !== undefined }),
        ...signIdentity(config.INTERNAL_SECRET, request.method, forwardedUrl(request.url), targetOf(request).identity),
      }),
      onResponse: (_request, reply, res) => sendUpstreamBody(reply, res.stream),
      onError: (reply, { error }) => replyServiceUnavailable(reply, targetOf(reply.request).service, error),
    },
  });
};
