import type { DataSource, EntityManager } from 'typeorm';
import type { CampaignProposal, WrittenCampaign } from '@hap/contracts';
import { CampaignJobEntity } from './campaign-job.entity';
import { AdCampaignTemplateEntity } from './campaign.entity';
import { toStoredCampaign } from './campaign.dto';

/** The worker's reads and writes of one request. */
export class CampaignJobStore {
  constructor(private readonly dataSource: DataSource) {}

  task(id: string): Promise<CampaignJobEntity | null> {
    return this.dataSource.getRepository(CampaignJobEntity).findOneBy({ id });
  }

  campaign(id: number): Promise<AdCampaignTemplateEntity | null> {
    return this.dataSource.getRepository(AdCampaignTemplateEntity).findOneBy({ id });
  }

  async running(id: string): Promise<void> {
    await this.dataSource.getRepository(CampaignJobEntity).update({ id }, { status: 'running', error: null });
  }

  /** `final`: no retry follows, the request failed; otherwise it stays running with the last error shown. */
  async failed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource
      .getRepository(CampaignJobEntity)
      .update({ id }, final ? { status: 'failed', error, finishedAt: new Date() } : { status: 'running', error });
  }

  /**
   * Stores generated campaigns and marks the request done, in one
   * transaction; a job that runs again after its campaigns were stored finds
   * them by the request's id instead of writing them twice.
   */
  async saveGenerated(id: string, templateId: number, campaigns: readonly WrittenCampaign[]): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(AdCampaignTemplateEntity);
      const existing = await repo.find({ where: { generationId: id }, order: { id: 'ASC' } });
      const saved = existing.length ? existing : await repo.save(campaigns.map((c) => repo.create({ ...toStoredCampaign(c), templateId, generationId: id })));
      const ids = saved.map((c) => c.id);
      await this.finish(manager, id, ids);
      return ids;
    });
  }

  /**
   * Stores the rewrite on the request as its proposal (the campaign itself is
   * not touched: it stays what launches use until the admin keeps the
   * proposal) and marks the request done.
   */
  async saveProposal(id: string, campaignId: number, written: WrittenCampaign): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { name: _name, ...content } = toStoredCampaign(written);
      await this.finish(manager, id, [campaignId], content);
    });
  }

  private async finish(manager: EntityManager, id: string, campaignIds: number[], proposal: CampaignProposal | null = null): Promise<void> {
    await manager.getRepository(CampaignJobEntity).update({ id }, { status: 'succeeded', error: null, campaignIds, proposal, finishedAt: new Date() });
  }

  /** A template's campaign, or null. */
  campaignOf(templateId: number, campaignId: number): Promise<AdCampaignTemplateEntity | null> {
    return this.dataSource.getRepository(AdCampaignTemplateEntity).findOneBy({ id: campaignId, templateId });
  }

  /** A template's optimize proposals waiting for Keep or Discard, newest first. */
  pendingProposals(templateId: number): Promise<CampaignJobEntity[]> {
    return this.dataSource
      .getRepository(CampaignJobEntity)
      .createQueryBuilder('job')
      .where('job.templateId = :templateId', { templateId })
      .andWhere("job.kind = 'optimize' AND job.status = 'succeeded' AND job.decision IS NULL AND job.proposal IS NOT NULL")
      .orderBy('job.createdAt', 'DESC')
      .getMany();
  }

  /** The request, locked until `manager`'s transaction ends. */
  lockedTask(id: string, manager: EntityManager): Promise<CampaignJobEntity | null> {
    return manager.getRepository(CampaignJobEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The campaign, locked until `manager`'s transaction ends. */
  lockedCampaign(id: number, manager: EntityManager): Promise<AdCampaignTemplateEntity | null> {
    return manager.getRepository(AdCampaignTemplateEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  saveCampaign(campaign: AdCampaignTemplateEntity, manager: EntityManager): Promise<AdCampaignTemplateEntity> {
    return manager.getRepository(AdCampaignTemplateEntity).save(campaign);
  }

  async decide(id: string, decision: 'kept' | 'discarded', decidedAt: Date, manager: EntityManager): Promise<void> {
    await manager.getRepository(CampaignJobEntity).update({ id }, { decision, decidedAt });
  }

  insertTask(values: Partial<CampaignJobEntity>, manager: EntityManager): Promise<CampaignJobEntity> {
    const repo = manager.getRepository(CampaignJobEntity);
    return repo.save(repo.create(values));
  }
}

