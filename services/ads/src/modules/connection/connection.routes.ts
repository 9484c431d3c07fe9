import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { GoogleAdsConnectionService } from './connection.service';

/** /api/google-ads/auth-status, /auth and /oauth/callback (admin spec §7). */
export const connectionHandlers = (
  connection: GoogleAdsConnectionService,
): Pick<RouteHandlers<'ads'>, 'getGoogleAdsAuthStatus' | 'startGoogleAdsAuth' | 'googleAdsAuthCallback'> => ({
  getGoogleAdsAuthStatus: (_input, request) => connection.status(actorOf(request)),
  startGoogleAdsAuth: async (_input, request, reply) => {
    await reply.header('cache-control', 'no-store').redirect(connection.consentUrl(actorOf(request)), 302);
  },
  googleAdsAuthCallback: async ({ query }, request, reply) => {
    const target = await connection.callback(actorOf(request), query, request.log);
    await reply.header('cache-control', 'no-store').redirect(target, 302);
  },
});
