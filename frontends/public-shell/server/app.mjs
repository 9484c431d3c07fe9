import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController } from 'fastify';
import { join } from 'node:path';
import { signIdentity } from '@hap/service-kit/identity';
import { etagOf, fillTemplate, isFresh } from './html.mjs';
import { clientDir } from './ssr-bundle.mjs';

const firstValue = (header) => (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

function readCookie(header, name) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Builds the public-shell server without listening: hashed assets with a
 * year-long immutable cache, and every other GET server-rendered.
 */
export async function buildServer(config, { template, ssr }) {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestIdHeader: 'x-request-id',
    // A line per page view is noise at info level; debug and trace keep them.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });

  // public spec §9: the session key of the chosen client (`currentClientId`, from @hap/contracts).
  const { SESSION_CLIENT_COOKIE } = ssr;

  // Pages are compressed per response (quick brotli settings: they are small and
  // rendered per visit); assets come pre-compressed from the build.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    // The build writes .br and .gz next to each text asset (vite.config.ts); the one the
    // request's Accept-Encoding prefers is sent with Content-Encoding, the plain file
    // otherwise, and every answer carries Vary: Accept-Encoding.
    preCompressed: true,
  });

  const runtimeConfig = { adminRemoteUrl: config.adminRemoteUrl ?? ssr.DEFAULT_ADMIN_REMOTE_URL };

  async function renderPage(request) {
    const url = new URL(request.url, 'http://localhost');
    const host = firstValue(request.headers['x-forwarded-host']) ?? request.headers.host ?? 'localhost';
    const kind = ssr.pageKindFor(url.pathname);
    if (kind === 'login') return { page: ssr.render(request.url, null), remember: null };

    const data = await ssr.loadPageState({
      gatewayUrl: config.gatewayUrl,
      host,
      path: url.pathname,
      client: url.searchParams.get('client'),
      session: readCookie(request.headers.cookie, SESSION_CLIENT_COOKIE),
      timeoutMs: config.apiTimeoutMs,
      forwardedFor: firstValue(request.headers['x-forwarded-for']),
      requestId: request.id,
      sign: (method, pathAndQuery) =>
        signIdentity(config.internalSecret, method, pathAndQuery, { kind: 'service', service: 'public-shell' }),
    });
    if (data.problems.length > 0) request.log.warn({ problems: data.problems, host }, 'page rendered with fallbacks');
    return { page: ssr.render(request.url, data.state), state: data.state, remember: data.rememberClientId };
  }

  app.get('/*', async (request, reply) => {
    let result;
    try {
      result = await renderPage(request);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed');
      result = { page: ssr.renderErrorPage(), state: null, remember: null };
    }
    const { page, state, remember } = result;

    if (page.redirect) return reply.redirect(page.redirect, 302);

    if (remember !== null) {
      const secure = firstValue(request.headers['x-forwarded-proto']) === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${SESSION_CLIENT_COOKIE}=${remember}; Path=/; SameSite=Lax${secure}`);
    }
    const body = fillTemplate(template, page, { state, config: runtimeConfig });
    const etag = etagOf(body);
    reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
    if (page.status === 200 && isFresh(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(page.status).send(body);
  });

  return app;
}
