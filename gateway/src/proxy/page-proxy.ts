import { Agent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isPreviewUrl, PORTAL_ICONS_PREFIX, PORTAL_MANIFEST_PATH, PORTAL_OFFLINE_PATH } from '@hap/contracts';
import { signIdentity, type Identity } from '@hap/service-kit';
import type { Config } from '../config';
import { isFullAdmin, sessionIdOf } from '../plugins/session';
import { adminIdentityOf, clinicIdentityOf, routeNotFound } from './api-proxy';
import { answerHeaders, forwardHeaders, forwardedUrl, HOP_BY_HOP } from './forward-headers';
import { replyPageUnavailable } from './upstream-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** A page asked for with an admin session (a `?preview=1` or any page): the admin, signed onto the request to the shell. */
    pageAdmin: Identity | null;
    /** The portal's manifest asked for with a clinic user's session: that user, signed onto the request to the shell. */
    pageClinicUser: Identity | null;
  }
}

/**
 * Answers up to this size (every page, every asset the shell serves today) are
 * read whole and sent with their length; a larger one is streamed through.
 */
const READ_WHOLE_MAX_BYTES = 1_048_576;
/** Statuses that carry no body (RFC 9110 §6.4.1). */
const NO_BODY = new Set([204, 304]);
/** A kept-alive socket the shell had just closed: worth exactly one more try (GET and HEAD only come here). */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** The shell's answer whole, within the time budget; rejects when the shell stops sending. */
function readWhole(answer: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    answer.on('error', reject);
    answer.on('aborted', () => reject(new Error('the public shell stopped sending its answer')));
  });
}

/**
 * A larger answer (or one of unknown length), streamed: its first bytes are
 * awaited before anything goes to the visitor, so a shell that dies before
 * them still gets the 503 page; after them the visitor has the head, and a
 * shell that dies then cannot be answered for again: the visitor's connection
 * is cut (a browser sees an incomplete answer, never a second one glued to it).
 */
async function streamOf(answer: IncomingMessage, reply: FastifyReply): Promise<PassThrough> {
  const first = await new Promise<Buffer | null>((resolve, reject) => {
    const settle = (done: () => void) => {
      answer.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      done();
    };
    const onData = (chunk: Buffer) => settle(() => (answer.pause(), resolve(chunk)));
    const onEnd = () => settle(() => resolve(null));
    const onError = (error: Error) => settle(() => reject(error));
    const onAborted = () => onError(new Error('the public shell stopped sending its answer'));
    answer.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
  const out = new PassThrough();
  if (first) out.write(first);
  let ended = first === null;
  answer.once('end', () => void (ended = true));
  const cut = (error?: Error) => {
    if (ended) return;
    ended = true;
    reply.request.log.warn({ service: 'public-shell', reason: error?.message ?? 'closed' }, 'the public shell stopped in the middle of an answer: the visitor’s connection is cut');
    reply.raw.destroy();
    out.destroy();
  };
  answer.on('error', cut).on('aborted', () => cut(new Error('the public shell stopped sending its answer')));
  answer.on('close', () => (answer.readableEnded ? undefined : cut()));
  if (first === null) out.end();
  else answer.pipe(out);
  return out;
}

/**
 * GET/HEAD of every other path goes to the public shell, which renders the
 * page (and serves its hashed /assets). It picks the clinic from
 * x-forwarded-host. Pages carry no identity, with two exceptions: the
 * portal's manifest asked for with a clinic user's session carries that user
 * (the shell writes it in their clinic's name and colours;
 * docs/portal.md#installable-portal), and a page asked
 * for with an admin session reaches the shell with the admin's identity signed
 * onto it, in the same headers every service call carries (service-kit
 * identity.ts). The shell verifies it, renders the page afresh rather than
 * from its page cache (docs/public-site.md#page-speed: an admin sees the page as it is now) and, on
 * a `?preview=1` page, reads the catalogue as that admin, so the admin sees an
 * inactive service or a template the clinic has not activated (docs/public-site.md#page-styles).
 * Only a request that carries the session cookie looks the session up: a
 * visitor's page costs no Redis call. Other methods fall through to the JSON
 * 404.
 *
 * Pages are the busiest path (an ad spike), so it is proxied with Node's own
 * HTTP client on kept-alive sockets and the answer read whole and sent with its
 * length: @fastify/http-proxy's streaming cost about a third of the gateway's
 * time per page (infra/bench, capacity.mjs). The same rules as the API proxy:
 * the headers of forwardHeaders, the URL of forwardedUrl, hop-by-hop answer
 * headers dropped, UPSTREAM_TIMEOUT_MS without a byte from the shell is a 503
 * page, one retry on a stale kept-alive socket, the shell's own 503 passed on.
 */
const PORTAL_LOGIN_PATH = '/portal/login';
/**
 * The portal's addresses a visitor without a session opens: its login, the pages of e-mailed
 * links, and what installing it fetches (the manifest, the offline page; the icons below).
 */
const PORTAL_OPEN_PAGES = new Set(['/portal/login', '/portal/accept-invite', '/portal/reset-password', '/portal/forgot-password', PORTAL_OFFLINE_PATH, PORTAL_MANIFEST_PATH]);

/** A portal screen that shows a clinic's data: without a session it can only send the visitor to the login. */
export const needsPortalSession = (url: string): boolean => {
  const path = url.split('?', 1)[0]!.toLowerCase();
  if (path !== '/portal' && !path.startsWith('/portal/')) return false;
  return !PORTAL_OPEN_PAGES.has(path.replace(/\/+$/, '')) && !path.startsWith(PORTAL_ICONS_PREFIX);
};

/** The manifest's request (docs/portal.md#installable-portal): the one page request a clinic user's identity is signed onto. */
const isPortalManifest = (url: string) => url.split('?', 1)[0] === PORTAL_MANIFEST_PATH;

export const pageProxy: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const upstream = new URL(config.PUBLIC_SHELL_URL);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  app.addHook('onClose', async () => agent.destroy());
  app.decorateRequest('pageAdmin', null);
  app.decorateRequest('pageClinicUser', null);
  // Only a request with a session cookie looks the session up: a visitor's page view stays as cheap as before.
  app.addHook('onRequest', async (request) => {
    if (sessionIdOf(request) === undefined) return;
    try {
      const current = await request.server.sessions.current(request);
      if (current && isFullAdmin(current.session)) request.pageAdmin = adminIdentityOf(config.INTERNAL_SECRET, current);
      else if (current?.session.clientId && !current.session.isAdmin && isPortalManifest(request.url)) request.pageClinicUser = clinicIdentityOf(current.session);
    } catch (err) {
      // The session store is down: the admin gets what a visitor gets.
      request.log.warn({ err, preview: isPreviewUrl(request.url) }, 'session store unavailable: page rendered as a visitor’s page');
    }
  });

  /** One request to the shell; resolves with its answer's head, rejects when it cannot be had in time. */
  function ask(request: FastifyRequest, reply: FastifyReply, path: string, headers: OutgoingHttpHeaders, retried = false): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const call = httpRequest(
        { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: request.method, path, headers, agent, timeout: config.UPSTREAM_TIMEOUT_MS },
        resolve,
      );
      call.on('timeout', () => call.destroy(new Error(`the public shell did not answer within ${config.UPSTREAM_TIMEOUT_MS} ms`)));
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && call.reusedSocket && STALE_SOCKET.has(error.code ?? '')) {
          ask(request, reply, path, headers, true).then(resolve, reject);
          return;
        }
        reject(error);
      });
      // The visitor hung up: nothing more to ask for.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) call.destroy();
      });
      call.end();
    });
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    // The clinic portal's screens without a session cookie: its login at once (a 302, no Redis call), so a
    // clinic user's first paint is the server-painted login rather than a frame waiting for a 401.
    if (sessionIdOf(request) === undefined && needsPortalSession(request.url)) return reply.redirect(PORTAL_LOGIN_PATH, 302);
    const path = forwardedUrl(request.url);
    const headers: OutgoingHttpHeaders = { host: upstream.host };
    // The connection to the shell is the gateway's (kept alive): a caller's `Connection: close` stays with the caller.
    for (const [name, value] of Object.entries(forwardHeaders(request, request.headers))) {
      if (value !== undefined && name !== 'host' && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // forwardHeaders drops any x-hap-* a caller sent: only the gateway signs an identity onto a page.
    const identity = request.pageAdmin ?? request.pageClinicUser;
    if (identity) Object.assign(headers, signIdentity(config.INTERNAL_SECRET, request.method, path, identity));
    let answer: IncomingMessage;
    let body: Buffer | PassThrough | undefined;
    try {
      answer = await ask(request, reply, path, headers);
      const length = Number(answer.headers['content-length']);
      if (request.method === 'HEAD' || NO_BODY.has(answer.statusCode ?? 0)) answer.on('error', () => undefined).resume();
      else body = length <= READ_WHOLE_MAX_BYTES ? await readWhole(answer) : await streamOf(answer, reply);
    } catch (error) {
      // Nothing has gone to the visitor yet: the 503 page, once. The handler returns the reply, so
      // Fastify does not send again when the page's onSend hooks finish after it returned.
      replyPageUnavailable(reply, error as Error);
      return reply;
    }
    reply.code(answer.statusCode ?? 502).headers(answerHeaders(answer.headers));
    return reply.send(body);
  }

  for (const url of ['/', '/*']) app.route({ method: ['GET', 'HEAD'], url, handler: forward });
  // The services' internal rows (/internal/*) are never a page: the JSON 404, as for a POST there, without asking the shell.
  for (const url of ['/internal', '/internal/*'])
    app.route({
      method: ['GET', 'HEAD'],
      url,
      handler: async (request) => {
        throw routeNotFound(request);
      },
    });
};
