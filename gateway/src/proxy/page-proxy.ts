import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import { isPreviewUrl } from '@hap/contracts';
import { signIdentity, type Identity } from '@hap/service-kit';
import type { Config } from '../config';
import { adminIdentityOf } from './api-proxy';
import { answerHeaders, forwardHeaders, forwardedUrl } from './forward-headers';
import { proxyTransport } from './transport';
import { replyPageUnavailable } from './upstream-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** An admin's `?preview=1` page request: the admin, signed onto the request to the shell. */
    previewAdmin: Identity | null;
  }
}

/**
 * GET/HEAD of every other path goes to the public shell, which renders the
 * page (and serves its hashed /assets). It picks the clinic from
 * x-forwarded-host. Pages carry no identity, with one exception: a
 * `?preview=1` page asked for with an admin session reaches the shell with
 * the admin's identity signed onto it, in the same headers every service call
 * carries (service-kit identity.ts); the shell verifies it and reads the
 * catalogue as that admin, so the admin sees an inactive service or a template
 * the clinic has not activated (DESIGN §9.3). Other methods fall through to
 * the JSON 404.
 */
export const pageProxy: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const transport = proxyTransport(config.UPSTREAM_TIMEOUT_MS);
  app.decorateRequest('previewAdmin', null);
  // Only a preview looks the session up: every other page view stays as cheap as before.
  app.addHook('onRequest', async (request) => {
    if (!isPreviewUrl(request.url)) return;
    try {
      const current = await request.server.sessions.current(request);
      if (current?.session.isAdmin) request.previewAdmin = adminIdentityOf(config.INTERNAL_SECRET, current);
    } catch (err) {
      // The session store is down: the preview shows what a visitor sees.
      request.log.warn({ err }, 'session store unavailable: preview rendered as a visitor’s page');
    }
  });
  await app.register(httpProxy, {
    upstream: config.PUBLIC_SHELL_URL,
    routes: ['/', '/*'],
    httpMethods: ['GET', 'HEAD'],
    // GET and HEAD carry no body to forward.
    proxyPayloads: false,
    ...transport.plugin,
    replyOptions: {
      ...transport.reply,
      rewriteHeaders: (headers) => answerHeaders(headers),
      // forwardHeaders drops any x-hap-* a caller sent: only the gateway signs an identity onto a page.
      rewriteRequestHeaders: (request, headers) => ({
        ...forwardHeaders(request, headers),
        ...(request.previewAdmin && signIdentity(config.INTERNAL_SECRET, request.method, forwardedUrl(request.url), request.previewAdmin)),
      }),
      onError: (reply, { error }) => replyPageUnavailable(reply, error),
    },
  });
};
