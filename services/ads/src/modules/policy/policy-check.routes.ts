import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PolicyCheckService } from './policy-check.service';

/** `POST /api/ads/policy-check` (docs/campaigns.md#healthcare-policy-check). */
export const policyCheckHandlers = (policy: PolicyCheckService): Pick<RouteHandlers<'ads'>, 'checkAdsPolicy'> => ({
  checkAdsPolicy: ({ body }, request) => policy.check(actorOf(request), body),
});
