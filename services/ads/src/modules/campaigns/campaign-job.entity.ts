import type { CampaignProposal, OptimizationGoal, ProposalDecision } from '@hap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@hap/service-kit';

export type CampaignJobKind = 'generate' | 'optimize';
export type CampaignJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** One AI request on a template's campaigns (ads.generate, ads.optimize); its id is the job's. */
@Entity({ name: 'ad_campaign_jobs' })
export class CampaignJobEntity extends CreatedAtColumn {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'kind', type: 'text' })
  kind: CampaignJobKind;

  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @Column({ name: 'campaign_id', type: 'integer', nullable: true })
  campaignId: number | null;

  @Column({ name: 'goal', type: 'text', nullable: true })
  goal: OptimizationGoal | null;

  /** generate: what the admin said about the service. */
  @Column({ name: 'brief', type: 'text', default: '' })
  brief: string;

  @Column({ name: 'status', type: 'text', default: 'queued' })
  status: CampaignJobStatus;

  @Column({ name: 'error', type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'campaign_ids', type: 'jsonb', default: () => "'[]'" })
  campaignIds: number[];

  /** optimize: the rewrite, kept beside the campaign until the admin keeps or discards it. */
  @Column({ name: 'proposal', type: 'jsonb', nullable: true })
  proposal: CampaignProposal | null;

  @Column({ name: 'decision', type: 'text', nullable: true })
  decision: ProposalDecision | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'requested_by', type: 'integer', nullable: true })
  requestedBy: number | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
