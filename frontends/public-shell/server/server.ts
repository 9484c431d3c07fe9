/**
 * The public-shell server: `node dist/node/server.js` after `npm run build`
 * (this file compiles to dist/node/, next to the Vite builds in dist/).
 * Settings: server/config.ts (PORT, HOST, TENANT_URL, TEMPLATES_URL, GATEWAY_URL,
 * LEADS_URL, ADS_URL, BOOKING_TIMEOUT_MS, ADMIN_REMOTE_URL, API_TIMEOUT_MS, INTERNAL_SECRET, LOG_LEVEL, NODE_ENV, REDIS_URL,
 * REDIS_PREFIX, PAGE_CACHE_TTL_MS, PAGE_CACHE_MAX_BYTES, PAGE_CACHE_STALE_MS).
 */
import { fileURLToPath } from 'node:url';
import { runServer } from '@hap/service-kit/process';
import { adminRemoteAssets } from './admin-remote-assets.js';
import { buildServer } from './app.js';
import { createBookingLoader } from './booking-data.js';
import { readConfig } from './config.js';
import { pageCacheFromConfig } from './page-cache.js';
import { createPageContentLoader, createPageContextLoader, createPortalClinicLoader } from './page-context.js';
import { createPageViewCounter } from './page-views.js';
import { createLandingKeywordsLoader } from './landing-keywords.js';
import { buildDirs, loadSsrBundle } from './ssr-bundle.js';

async function main() {
  const config = readConfig();
  const dirs = buildDirs(fileURLToPath(new URL('../', import.meta.url)));
  const bundle = await loadSsrBundle(dirs);
  const app = await buildServer(config, {
    bundle,
    dirs,
    pageContext: createPageContextLoader(config),
    pageContent: createPageContentLoader(config),
    booking: createBookingLoader(config),
    portalClinic: createPortalClinicLoader(config),
    // Message match: the keywords a service page may echo, from ads, for visits whose URL carries kw.
    landingKeywords: createLandingKeywordsLoader(config),
    adminAssets: (log) =>
      adminRemoteAssets({ remoteUrl: config.ADMIN_REMOTE_URL ?? bundle.ssr.DEFAULT_ADMIN_REMOTE_URL, gatewayUrl: config.GATEWAY_URL, timeoutMs: config.API_TIMEOUT_MS, log }),
    // Rendered pages, invalidated by tenant's and templates' messages on REDIS_URL (page-cache.ts).
    pageCache: (app) => pageCacheFromConfig(app, config),
    // First-party page views into Redis, folded into PostgreSQL by the leads worker (page-views.ts); none with PAGE_VIEWS=off.
    pageViews: (app) =>
      config.PAGE_VIEWS === 'off' ? null : createPageViewCounter({ redis: { url: config.REDIS_URL, prefix: config.REDIS_PREFIX }, metrics: app.metrics, logger: app.log }),
  });
  // Listens; SIGTERM / SIGINT (or the launcher going away) close it after in-flight requests.
  await runServer({ app, host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
