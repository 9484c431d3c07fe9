import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, Messages, errorEnvelope } from '@hap/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /portal-sw.js`: the clinic portal's service worker (public/portal-sw.js,
 * copied to the client build's root by Vite), which shows pushes of new
 * enquiries and opens their link (docs/leads.md#delivery). It lives at the
 * site's root and controls /portal/ (`Service-Worker-Allowed` says so should a
 * browser ask); `no-cache` makes every update check revalidate it, so a new
 * worker reaches browsers at once. Read once at start; a build without it
 * answers the JSON 404.
 */
export function registerPortalWorker(app: FastifyInstance, clientDir: string): void {
  let worker: Buffer | null = null;
  try {
    worker = readFileSync(join(clientDir, 'portal-sw.js'));
  } catch {
    worker = null;
  }
  app.get('/portal-sw.js', async (_request, reply) => {
    if (!worker) return reply.code(404).send(errorEnvelope(ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (GET /portal-sw.js)`));
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/portal/')
      .send(worker);
  });
}
