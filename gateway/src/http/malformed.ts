import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorEnvelope, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import { readBody } from './read-body';

/**
 * Requests Fastify refuses before any route or hook sees them: an undecodable
 * URL (`/api/%c0%ae`), a path parameter over the router's length limit. Fastify
 * answers them with its own error shape unless `frameworkErrors` does.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code, status }, 'malformed request');
  const body = errorEnvelope(ErrorCode.BAD_REQUEST, Messages.malformedRequest);
  void reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(body);
}

/** Sockets carry their in-flight response here (Node's own bookkeeping, not typed). */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } };

const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: ErrorCode.REQUEST_TIMEOUT, message: Messages.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: ErrorCode.BAD_REQUEST, message: Messages.malformedRequest },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', code: ErrorCode.BAD_REQUEST, message: Messages.malformedRequest };

/**
 * What Node's HTTP parser refuses (an unknown method, a broken header, a
 * request that did not fully arrive within `requestTimeout`) is answered on
 * the socket with the product's envelope, then the connection is closed.
 * Nothing is written when the caller is gone or an answer is already under way.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as HttpSocket)._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, reason, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify(errorEnvelope(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The body parsers of the gateway's own routes (login): JSON only, read
 * within the route's body limit. An empty body is no body (the route's schema
 * says what is missing); text that is not JSON is a 400 and any other content
 * type a 415, each with the product's sentence instead of Fastify's. A request
 * for a path nobody answers is left unread: it gets its 404.
 */
export const ownBodyParsers = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: IncomingMessage) => {
      if (request.is404) return undefined;
      const text = (await readBody(request, payload, request.routeOptions.bodyLimit)).toString('utf8');
      if (!text.trim()) return undefined;
      return new Promise((resolve, reject) =>
        parseJson(request, text, (err, body) =>
          err ? reject(new AppError(400, ErrorCode.BAD_REQUEST, Messages.invalidJson)) : resolve(body),
        ),
      );
    });
    app.addContentTypeParser('*', async (request: FastifyRequest) => {
      if (request.is404) return undefined;
      throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, Messages.jsonRequired);
    });
  },
  { name: 'own-body-parsers' },
);
