import { AppError, assertAdmin, notFound, type Actor } from '@hap/service-kit';
import { checkCampaignPolicy, ErrorCode, Messages, validateCampaignStructure, withLaunchReadiness, type PolicySite, type ServiceCampaignPreview } from '@hap/contracts';
import { DEFAULT_BID_STRATEGY, DEFAULT_NETWORK_SETTING, DEFAULT_RADIUS_MILES, defaultDailyBudget, defaultExclusions } from '../../campaign/campaign-defaults';
import { buildCampaignPreview } from '../../campaign/campaign-preview';
import { landingSiteOf, PlatformOriginMissingError, policySiteOf } from '../../campaign/landing-url';
import { excludesFemale } from '../../campaign/launch-plan';
import type { TemplatesClient } from '../../clients/templates.client';
import type { TenantClient } from '../../clients/tenant.client';
import type { GoogleAdsAccess } from '../launches/launch.service';
import { toTemplateCampaignDto } from './campaign.dto';
import { launchReadiness, platformOriginUnavailable } from './launch-readiness';
import type { CampaignRepository } from './campaign.repository';


/**
 * The Google Ads Campaign Preview of a clinic's service (docs/campaigns.md#campaign-dialogs, docs/admin.md#records): the service (templates), its clinic (tenant), one of its template's
 * campaigns (here), made into the preview data with the launch defaults and
 * the structure check. Nothing is sent to Google.
 */
export class CampaignPreviewService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly templates: TemplatesClient,
    private readonly tenant: TenantClient,
    private readonly access: GoogleAdsAccess,
    /** PUBLIC_BASE_URL (config.ts platformOriginOf): clinics without their own domain have their pages there. */
    private readonly platformOrigin: string | null,
  ) {}

  async preview(actor: Actor, query: { serviceId: number; campaignId?: number; styleParam?: 'B' }): Promise<ServiceCampaignPreview> {
    assertAdmin(actor);
    const service = await this.templates.service(query.serviceId, actor.requestId);
    const [clinic, template, livePaths] = await Promise.all([
      this.tenant.clinic(service.clientId, actor.requestId),
      this.templates.template(service.templateId, actor.requestId),
      this.templates.livePaths(service.clientId, actor.requestId),
    ]);
    const rows = (await this.campaigns.listByTemplate(service.templateId)).filter((c) => c.isActive);
    if (rows.length === 0) throw new AppError(409, ErrorCode.CONFLICT, Messages.noServiceCampaigns);
    const chosen = query.campaignId === undefined ? rows[0]! : rows.find((c) => c.id === query.campaignId);
    if (!chosen) throw notFound(Messages.campaignNotFound(query.campaignId!));
    const campaign = toTemplateCampaignDto(chosen);
    let preview;
    let policySite: PolicySite;
    try {
      const site = landingSiteOf(clinic, this.platformOrigin);
      policySite = policySiteOf(site);
      preview = buildCampaignPreview({ ...clinic, site }, { name: service.name, path: service.path }, campaign, { styleParam: query.styleParam ?? null });
    } catch (err) {
      if (err instanceof PlatformOriginMissingError) throw platformOriginUnavailable(err);
      throw err;
    }
    const readiness = await launchReadiness(clinic, this.access, this.platformOrigin);
    // The launch's own check (launch.service.ts policyFindingsOf): the same texts, landing URL, site and live pages.
    const findings = checkCampaignPolicy(campaign, preview.landingUrl, policySite, livePaths);
    return {
      preview,
      clientId: service.clientId,
      campaignId: campaign.id,
      campaigns: rows.map((c) => ({ id: c.id, name: c.name })),
      defaults: {
        dailyBudget: service.googleAdsSettings?.dailyBudget ?? defaultDailyBudget(template.slug),
        radiusMiles: service.googleAdsSettings?.targetRadius ?? DEFAULT_RADIUS_MILES,
        exclusions: defaultExclusions(excludesFemale(campaign.targetAudience)),
        bidStrategy: DEFAULT_BID_STRATEGY,
        networkSetting: DEFAULT_NETWORK_SETTING,
      },
      validation: withLaunchReadiness(validateCampaignStructure(campaign), readiness),
      policy: { findings, blocked: findings.some((f) => f.severity === 'block') },
      readiness,
      googleAdsAccountId: clinic.googleAdsAccountId?.trim() || null,
    };
  }
}
