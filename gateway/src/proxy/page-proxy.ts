import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import { isPreviewUrl } from '@hap/contracts';
import { PREVIEW_GRANT_HEADER, signPreviewGrant } from '@hap/service-kit';
import type { Config } from '../config';
import { answerHeaders, forwardHeaders } from './forward-headers';
import { proxyTransport } from './transport';
import { replyPageUnavailable } from './upstream-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** An admin's `?preview=1` page request: the grant the shell shows back on its catalogue calls. */
    previewGrant: string | null;
  }
}

/**
 * GET/HEAD of every other path goes to the public shell, which renders the
 * page (and serves its hashed /assets). It picks the clinic from
 * x-forwarded-host. Pages carry no identity, with one exception: a
 * `?preview=1` page asked for with an admin session carries a preview grant
 * (service-kit identity.ts), so the admin sees an inactive service or a
 * template the clinic has not activated (DESIGN §9.3). Other methods fall
 * through to the JSON 404.
 */
export const pageProxy: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const transport = proxyTransport(config.UPSTREAM_TIMEOUT_MS);
  app.decorateRequest('previewGrant', null);
  // Only a preview looks the session up: every other page view stays as cheap as before.
  app.addHook('onRequest', async (request) => {
    if (!isPreviewUrl(request.url)) return;
    try {
      const admin = (await request.server.sessions.current(request))?.session;
      if (admin?.isAdmin) request.previewGrant = signPreviewGrant(config.INTERNAL_SECRET, { kind: 'admin', userId: admin.userId, email: admin.email });
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
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = forwardHeaders(request, headers);
        if (request.previewGrant) forwarded[PREVIEW_GRANT_HEADER] = request.previewGrant;
        return forwarded;
      },
      onError: (reply, { error }) => replyPageUnavailable(reply, error),
    },
  });
};
