import { IDEMPOTENCY_HEADER } from '@hap/contracts';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import { linkContextOf } from '../clinic-user/clinic-user.routes';
import type { CrmProvisioning } from '../crm/crm-provisioning';
import type { OnboardingService } from './onboarding.service';

/** POST /api/onboarding (docs/public-site.md#pages-and-routes), Create CRM Account (docs/admin.md#clients) and the public spec's two CRM calls (admin-only). */
export const onboardingHandlers = (
  onboarding: OnboardingService,
  crm: CrmProvisioning,
): Pick<RouteHandlers<'tenant'>, 'submitOnboarding' | 'createCrmAccount' | 'ghlCreateSubaccount' | 'ghlLoadServiceSnapshots'> => ({
  submitOnboarding: ({ body }, request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return onboarding.submit(body, {
      actor: actorOf(request),
      idempotencyKey: Array.isArray(key) ? key[0] : key,
      log: request.log,
      link: linkContextOf(request),
    });
  },
  createCrmAccount: ({ params }, request) => crm.createForAdmin(actorOf(request), params.id),
  ghlCreateSubaccount: ({ body }, request) => crm.createSubaccount(actorOf(request), body),
  ghlLoadServiceSnapshots: ({ body }, request) => crm.loadServiceSnapshots(actorOf(request), body),
});
