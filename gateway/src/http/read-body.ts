import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';

export const payloadTooLarge = () => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Messages.requestTooLarge);

/**
 * The whole body of `request`, at most `limit` bytes. A declared length over
 * the limit is refused before a byte is read; a body that grows past it
 * (chunked) is refused as soon as it does. Either way the rest is not read
 * here: Fastify answers a parser error with `Connection: close`, so the
 * connection ends with the answer instead of staying half-read. How long the
 * body may take to arrive is bounded by the server's `requestTimeout`.
 */
export function readBody(request: FastifyRequest, payload: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(payloadTooLarge());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limit) {
        stop();
        reject(payloadTooLarge());
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      stop();
      // A copy, never a view of the socket's read buffer (as Fastify's own parsers do).
      resolve(Buffer.concat(chunks, received));
    }
    function onError(err: Error) {
      stop();
      // The caller hung up mid-body (or the request timed out): nobody to answer, and not our fault.
      const aborted = new AppError(400, ErrorCode.BAD_REQUEST, Messages.malformedRequest);
      aborted.cause = err;
      reject(aborted);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}
