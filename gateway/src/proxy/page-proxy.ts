import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { answerHeaders, forwardHeaders } from './forward-headers';
import { proxyTransport } from './transport';
import { replyPageUnavailable } from './upstream-errors';

/**
 * GET/HEAD of every other path goes to the public shell, which renders the
 * page (and serves its hashed /assets). It picks the clinic from
 * x-forwarded-host; pages carry no identity. Other methods fall through to
 * the JSON 404.
 */
export const pageProxy: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const transport = proxyTransport(config.UPSTREAM_TIMEOUT_MS);
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
      rewriteRequestHeaders: (request, headers) => forwardHeaders(request, headers),
      onError: (reply, { error }) => replyPageUnavailable(reply, error),
    },
  });
};
