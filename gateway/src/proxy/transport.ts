import type { FastifyReplyFromHooks, FastifyReplyFromOptions } from '@fastify/reply-from';

const IDEMPOTENT = new Set(['GET', 'HEAD']);
/** A kept-alive socket the upstream just closed: worth exactly one more try. */
const STALE_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * How the gateway talks to upstreams (undici): connect, headers and body each
 * bounded by `timeoutMs`; no retries on an upstream's own 503 (reply-from
 * would otherwise retry a GET up to ten times), one retry of an idempotent
 * call on a stale kept-alive socket.
 */
export function proxyTransport(timeoutMs: number): {
  plugin: Pick<FastifyReplyFromOptions, 'undici' | 'destroyAgent' | 'disableRequestLogging'>;
  reply: Pick<FastifyReplyFromHooks, 'timeout' | 'retryDelay'>;
} {
  return {
    plugin: {
      undici: { connections: 128, pipelining: 1, connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      destroyAgent: true,
      // Fastify already logs each request and its completion with the request id.
      disableRequestLogging: true,
    },
    reply: {
      timeout: timeoutMs,
      retryDelay: ({ err, req, attempt }) =>
        err && attempt === 0 && IDEMPOTENT.has(req.method) && STALE_SOCKET.has((err as NodeJS.ErrnoException).code ?? '') ? 1 : null,
    },
  };
}
