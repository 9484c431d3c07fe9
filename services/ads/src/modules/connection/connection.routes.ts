import { GOOGLE_ADS_AUTH_ERROR_TEXT } from '@hap/contracts';
import { actorOf, sendFormProblem, type RouteHandlers } from '@hap/service-kit';
import type { GoogleAdsConnectionService } from './connection.service';

/** /api/google-ads/auth-status, /auth, /oauth/callback (docs/admin.md#calls) and DELETE /connection. */
export const connectionHandlers = (
  connection: GoogleAdsConnectionService,
): Pick<RouteHandlers<'ads'>, 'getGoogleAdsAuthStatus' | 'startGoogleAdsAuth' | 'googleAdsAuthCallback' | 'disconnectGoogleAds'> => ({
  getGoogleAdsAuthStatus: (_input, request) => connection.status(actorOf(request)),
  disconnectGoogleAds: (_input, request) => connection.disconnect(actorOf(request), request.log),
  startGoogleAdsAuth: async (_input, request, reply) => {
    await reply.header('cache-control', 'no-store').redirect(await connection.consentUrl(actorOf(request)), 302);
  },
  googleAdsAuthCallback: async ({ query }, request, reply) => {
    const outcome = await connection.callback(actorOf(request), query, request.log);
    if (!outcome.refused) {
      await reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
      return;
    }
    // A browser navigation: a page that says so and goes on to the auth page's 'Connection Failed'.
    await sendFormProblem(reply, 400, {
      title: 'Connection Failed',
      lead: GOOGLE_ADS_AUTH_ERROR_TEXT[outcome.reason],
      back: outcome.authPage,
      backLabel: 'Back to Google Ads Authentication',
      forward: outcome.authPage,
    });
  },
});
