import { IDEMPOTENCY_HEADER } from '@hap/contracts';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { CrmProvisioning } from '../crm/crm-provisioning';
import type { OnboardingService } from './onboarding.service';

/** POST /api/onboarding (public spec §2) and Create CRM Account (admin spec §2.4). */
export const onboardingHandlers = (
  onboarding: OnboardingService,
  crm: CrmProvisioning,
): Pick<RouteHandlers<'tenant'>, 'submitOnboarding' | 'createCrmAccount'> => ({
  submitOnboarding: ({ body }, request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return onboarding.submit(body, { actor: actorOf(request), idempotencyKey: Array.isArray(key) ? key[0] : key, log: request.log });
  },
  createCrmAccount: ({ params }, request) => crm.createForAdmin(actorOf(request), params.id),
});
