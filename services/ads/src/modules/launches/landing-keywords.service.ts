import type { DataSource } from 'typeorm';
import { settingsKeywords, type LandingKeywords, type LandingKeywordsQuery } from '@hap/contracts';
import { AppError, forbidden, isPrivileged, isService, type Actor } from '@hap/service-kit';
import type { TemplatesClient } from '../../clients/templates.client';
import type { CampaignRepository } from '../campaigns/campaign.repository';
import { LaunchRepository } from './launch.repository';

/** At most this many keywords are answered for one page (a campaign has at most a few thousand). */
const MAX_KEYWORDS = 5000;

/**
 * The keywords a clinic's service page may echo (docs/campaigns.md#message-match): what Google can pass as a
 * click's `{keyword}` once the service is launched (its launches' ad groups), and what the campaign preview
 * shows before it is (the service's active template campaigns, with its saved keywords, as a launch adds
 * them). The public shell asks, only for a visit whose URL carries `kw`, and keeps the answer a while.
 */
export class LandingKeywordsService {
  private readonly launches: LaunchRepository;

  constructor(
    dataSource: DataSource,
    private readonly campaigns: CampaignRepository,
    private readonly templates: TemplatesClient,
  ) {
    this.launches = new LaunchRepository(dataSource);
  }

  async keywords(actor: Actor, { clientId, serviceId }: LandingKeywordsQuery): Promise<LandingKeywords> {
    if (!isPrivileged(actor.identity) && !isService(actor.identity, 'public-shell')) throw forbidden('Only the public pages and our services may read a page’s keywords.');
    const [launched, planned] = await Promise.all([this.launches.launchedKeywords(clientId, serviceId), this.planned(clientId, serviceId, actor.requestId)]);
    return { keywords: [...new Set([...launched, ...planned])].slice(0, MAX_KEYWORDS) };
  }

  /** The service's template campaigns' keywords and its saved ones; none when the service is not the clinic's (or gone). */
  private async planned(clientId: number, serviceId: number, requestId: string): Promise<string[]> {
    let service;
    try {
      service = await this.templates.service(serviceId, requestId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return [];
      throw err;
    }
    if (service.clientId !== clientId) return [];
    const campaigns = (await this.campaigns.listByTemplate(service.templateId)).filter((c) => c.isActive);
    const saved = service.googleAdsSettings ? settingsKeywords(service.googleAdsSettings) : [];
    return [...campaigns.flatMap((c) => c.adGroups.flatMap((g) => g.keywords)), ...saved];
  }
}
