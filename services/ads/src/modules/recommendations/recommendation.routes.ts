import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { RecommendationService } from './recommendation.service';

/** Recommendations you confirm: the list, apply and undo (docs/campaigns.md#recommendations). */
export const recommendationHandlers = (
  recommendations: RecommendationService,
): Pick<RouteHandlers<'ads'>, 'listGoogleAdsRecommendations' | 'applyGoogleAdsRecommendation' | 'undoGoogleAdsRecommendation'> => ({
  listGoogleAdsRecommendations: ({ query }, request) => recommendations.list(actorOf(request), query.clientId),
  applyGoogleAdsRecommendation: ({ body }, request) => recommendations.apply(actorOf(request), body),
  undoGoogleAdsRecommendation: ({ params }, request) => recommendations.undo(actorOf(request), params.actionId),
});
