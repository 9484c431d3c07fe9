import httpProxy from '@fastify/http-proxy';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import { ErrorCode, Messages, type ServiceName } from '@hap/contracts';
import { AppError, signIdentity, type Identity } from '@hap/service-kit';
import { upstreamUrls, type Config } from '../config';
import type { RouteMatcher } from '../routing/route-table';
import { forwardHeaders, forwardedUrl, type ProxiedRequest } from './forward-headers';
import { proxyTransport } from './transport';
import { replyServiceUnavailable } from './upstream-errors';

/** Where an allowed API request goes and as whom. */
export interface UpstreamTarget {
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

const routeNotFound = (request: FastifyRequest) =>
  new AppError(404, ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (${request.method} ${request.url.split('?')[0]})`);

const targetOf = (request: ProxiedRequest): UpstreamTarget => {
  if (!request.upstreamTarget) throw new Error('API request reached the proxy without a route-table decision');
  return request.upstreamTarget;
};

/**
 * Every `/api/*` and `/uploads/*` request the gateway does not answer itself.
 * Default deny: no route-table row → 404; an `admin` row without an admin
 * session → 401; otherwise the row's owner gets the request unchanged plus a
 * signed identity. One @fastify/http-proxy registration picks the service per
 * request (`getUpstream`), so the route table is the only routing truth.
 */
export const apiProxy: FastifyPluginAsync<ApiProxyOptions> = async (app, { config, matchRoute }) => {
  const upstreams = upstreamUrls(config);
  const transport = proxyTransport(config.UPSTREAM_TIMEOUT_MS);

  app.decorateRequest('upstreamTarget', null);
  // preHandler: after the rate limit and the Origin check (onRequest); proxied bodies are not parsed.
  app.addHook('preHandler', async (request) => {
    const row = matchRoute(request.method, request.url);
    if (!row || row.owner === 'gateway') throw routeNotFound(request);
    const current = await app.sessions.current(request);
    const admin = current?.session.isAdmin ? current.session : null;
    if (row.access === 'admin' && !admin) {
      throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
    }
    request.upstreamTarget = {
      service: row.owner,
      identity: admin ? { kind: 'admin', userId: admin.userId, email: admin.email } : { kind: 'anonymous' },
    };
  });

  await app.register(httpProxy, {
    // Empty upstream + getUpstream: the service is chosen per request.
    upstream: '',
    routes: ['/api', '/api/*', '/uploads/*'],
    ...transport.plugin,
    replyOptions: {
      ...transport.reply,
      getUpstream: (request) => upstreams[targetOf(request).service],
      rewriteRequestHeaders: (request, headers) => ({
        ...forwardHeaders(request, headers),
        ...signIdentity(config.INTERNAL_SECRET, request.method, forwardedUrl(request.url), targetOf(request).identity),
      }),
      onResponse: (_request, reply, res) => sendUpstreamBody(reply, res.stream),
      onError: (reply, { error }) => replyServiceUnavailable(reply, targetOf(reply.request).service, error),
    },
  });
};
