import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, Messages, PORTAL_OFFLINE_PATH, PORTAL_SCOPE, PORTAL_WORKER_URL, errorEnvelope } from '@hap/contracts';
import type { FastifyInstance } from 'fastify';
import { registerPortalManifest, type PortalManifestOptions } from './portal-manifest.js';

export type { PortalClinicLoader } from './portal-manifest.js';

/** A file of the client build's root, read once at start; null when the build has none. */
function buildFile(clientDir: string, name: string): Buffer | null {
  try {
    return readFileSync(join(clientDir, name));
  } catch {
    return null;
  }
}

/**
 * The clinic portal's service worker and its offline page
 * (docs/portal.md#installable-portal), both files of public/ that Vite copies
 * to the client build's root:
 * - `GET /portal-sw.js` (public/portal-sw.js) shows pushes of new enquiries
 *   (docs/leads.md#delivery), keeps the app shell and the offline page. It
 *   lives at the site's root and controls /portal/ (`Service-Worker-Allowed`
 *   says so should a browser ask); `no-cache` makes every update check
 *   revalidate it, so a new worker reaches browsers at once.
 * - `GET /portal/offline` (public/portal-offline.html): 'You are offline',
 *   no clinic's data, revalidated so a new worker keeps the newest.
 * A build without one answers the JSON 404. The manifest and its icons: portal-manifest.ts.
 */
export function registerPortalWorker(app: FastifyInstance, clientDir: string, manifest: PortalManifestOptions): void {
  registerPortalManifest(app, manifest);
  const files = [
    { path: PORTAL_WORKER_URL, body: buildFile(clientDir, 'portal-sw.js'), type: 'text/javascript; charset=utf-8', scope: PORTAL_SCOPE },
    { path: PORTAL_OFFLINE_PATH, body: buildFile(clientDir, 'portal-offline.html'), type: 'text/html; charset=utf-8' },
  ];
  for (const { path, body, type, scope } of files) {
    app.get(path, async (_request, reply) => {
      if (!body) return reply.code(404).send(errorEnvelope(ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (GET ${path})`));
      reply.header('content-type', type).header('cache-control', 'no-cache');
      if (scope) reply.header('service-worker-allowed', scope);
      return reply.send(body);
    });
  }
}
