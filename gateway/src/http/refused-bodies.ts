import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_BODY_LIMIT, ErrorCode, errorEnvelope, Messages } from '@hap/contracts';
import type { RouteMatcher } from '../routing/route-table';
import { payloadTooLarge } from './read-body';

/** How a drained body ended: whole, past the limit (the rest left unread), or with the caller gone. */
export type Drained = 'whole' | 'too-large' | 'gone';

/**
 * Reads what is left of `payload` and throws it away, at most `limit` bytes:
 * stops (and leaves the rest unread) as soon as it grows past them. How long
 * it may take is bounded by the server's `requestTimeout`.
 */
export function drainBody(payload: IncomingMessage, limit: number): Promise<Drained> {
  if (payload.complete) return Promise.resolve('whole');
  if (payload.destroyed) return Promise.resolve('gone');
  return new Promise((resolve) => {
    let received = 0;
    const finish = (how: Drained) => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onGone);
      payload.off('close', onClose);
      resolve(how);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received <= limit) return;
      payload.pause();
      finish('too-large');
    }
    const onEnd = () => finish('whole');
    const onGone = () => finish('gone');
    const onClose = () => finish(payload.complete ? 'whole' : 'gone');
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onGone);
    payload.once('close', onClose);
    payload.resume();
  });
}

export interface RefusedBodiesOptions {
  matchRoute: RouteMatcher;
}

const TOO_LARGE = errorEnvelope(ErrorCode.PAYLOAD_TOO_LARGE, Messages.requestTooLarge);

/**
 * A refusal is read by the caller. The gateway refuses many
 * requests before reading their bodies (404, 401, 403, 415, 429…); answering
 * and closing then resets a connection the caller is still writing to, and
 * the caller sees EPIPE or "Failed to fetch" instead of the answer. So:
 *
 * - a declared `Content-Length` over the limit of the route (the route-table
 *   row's, else the Fastify route's) is a 413 at once, before any other
 *   check: such a body is never read, and its connection is cut after the 413;
 * - any other answer to a request whose body has not been read waits until it
 *   has been read and thrown away, so the caller has sent everything before
 *   the answer comes and the connection stays usable; a body without a length
 *   (chunked) that grows past the limit meanwhile is answered 413 instead, and
 *   its connection closed.
 */
export const refusedBodies = fp<RefusedBodiesOptions>(
  async (app, { matchRoute }) => {
    const limitOf = (request: FastifyRequest) =>
      matchRoute(request.method, request.url)?.bodyLimit ?? request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;

    app.addHook('onRequest', async (request) => {
      const declared = Number(request.headers['content-length']);
      if (declared > 0 && declared > limitOf(request)) throw payloadTooLarge();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.raw.complete) return payload;
      // Over the limit (declared, or read past it by the body parser): not read any further.
      if (reply.statusCode === 413) {
        reply.header('connection', 'close');
        return payload;
      }
      const drained = await drainBody(request.raw, limitOf(request));
      if (drained !== 'too-large') return payload;
      request.log.info({ status: reply.statusCode }, 'body grew past the limit while its refusal waited: answered 413');
      reply.removeHeader('retry-after');
      reply.code(413).header('connection', 'close').header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(TOO_LARGE);
    });
  },
  { name: 'refused-bodies' },
);
