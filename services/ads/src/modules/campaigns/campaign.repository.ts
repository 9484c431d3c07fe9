import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository } from '@hap/service-kit';
import { AdCampaignTemplateEntity } from './campaign.entity';

/** Queries on ads.ad_campaign_templates. */
export class CampaignRepository extends ServiceRepository<AdCampaignTemplateEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, AdCampaignTemplateEntity);
  }

  /** Every campaign (a few per template), for the list's counts. */
  listAll(manager?: EntityManager): Promise<AdCampaignTemplateEntity[]> {
    return this.repo(manager).find({ order: { templateId: 'ASC', id: 'ASC' } });
  }

  /** A template's campaigns, newest first. */
  listByTemplate(templateId: number, manager?: EntityManager): Promise<AdCampaignTemplateEntity[]> {
    return this.repo(manager).find({ where: { templateId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
