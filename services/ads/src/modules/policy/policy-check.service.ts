import { checkAdPolicy, type PolicyCheck, type PolicyCheckResult, type PolicySite } from '@hap/contracts';
import type { Actor } from '@hap/service-kit';
import type { TemplatesClient } from '../../clients/templates.client';
import type { TenantClient } from '../../clients/tenant.client';
import { landingSiteOf, PlatformOriginMissingError, policySiteOf } from '../../campaign/landing-url';
import { platformOriginUnavailable } from '../campaigns/launch-readiness';

/**
 * The healthcare ad policy check (docs/campaigns.md#healthcare-policy-check): the rules are
 * contracts' ad-policy.ts; this service knows where the clinic's pages are (tenant's site: its
 * own domain and whether it passes its check, else the platform's origin with `?client=`) and
 * which of its service pages are live (templates: its active services' paths), which the final
 * URL must be one of. Nothing is stored and Google is not called.
 */
export class PolicyCheckService {
  constructor(
    private readonly tenant: TenantClient,
    private readonly templates: TemplatesClient,
    /** PUBLIC_BASE_URL (config.ts platformOriginOf): clinics without their own domain have their pages there. */
    private readonly platformOrigin: string | null,
  ) {}

  async check(actor: Actor, body: PolicyCheck): Promise<PolicyCheckResult> {
    const [clinic, livePaths] = await Promise.all([
      this.tenant.clinic(body.clientId, actor.requestId),
      body.finalUrl === null ? null : this.templates.livePaths(body.clientId, actor.requestId),
    ]);
    let site: PolicySite | null = null;
    if (body.finalUrl !== null) {
      try {
        site = policySiteOf(landingSiteOf(clinic, this.platformOrigin));
      } catch (err) {
        if (err instanceof PlatformOriginMissingError) throw platformOriginUnavailable(err);
        throw err;
      }
    }
    const findings = checkAdPolicy(body, body.finalUrl, site, livePaths);
    return { findings, blocked: findings.some((f) => f.severity === 'block') };
  }
}
