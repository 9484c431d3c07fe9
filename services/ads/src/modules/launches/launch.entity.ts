import type { CampaignLaunch, LaunchStatus, PolicyViolation } from '@hap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LaunchSpec } from '../../campaign/campaign-operations';

/** docs/admin.md#records campaign_launch_logs: one launch, its id the ads.launch job's. */
@Entity({ name: 'campaign_launch_logs' })
export class CampaignLaunchEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  /** As created in Google Ads: the campaign's name and the launch's reference (names are unique in an account). */
  @Column({ name: 'campaign_name', type: 'text' })
  campaignName: string;

  @Column({ name: 'customer_id', type: 'text' })
  customerId: string;

  @Column({ name: 'login_customer_id', type: 'text', nullable: true })
  loginCustomerId: string | null;

  @Column({ name: 'google_ads_campaign_id', type: 'text', nullable: true })
  googleAdsCampaignId: string | null;

  @Column({ name: 'status', type: 'text' })
  status: LaunchStatus;

  @Column({ name: 'successful_ad_groups', type: 'integer', default: 0 })
  successfulAdGroups: number;

  @Column({ name: 'failed_ad_groups', type: 'integer', default: 0 })
  failedAdGroups: number;

  @Column({ name: 'total_ad_groups', type: 'integer', default: 0 })
  totalAdGroups: number;

  @Column({ name: 'ad_group_ids', type: 'jsonb', default: () => "'[]'" })
  adGroupIds: string[];

  @Column({ name: 'failed_keywords', type: 'jsonb', default: () => "'[]'" })
  failedKeywords: CampaignLaunch['failedKeywords'];

  @Column({ name: 'policy_violations', type: 'jsonb', default: () => "'[]'" })
  policyViolations: PolicyViolation[];

  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode: string | null;

  @Column({ name: 'error_details', type: 'text', nullable: true })
  errorDetails: string | null;

  /** The planned campaign the worker sends. */
  @Column({ name: 'request', type: 'jsonb', nullable: true })
  request: LaunchSpec | null;

  @Column({ name: 'request_policy_exemption', type: 'boolean', default: false })
  requestPolicyExemption: boolean;

  /** How often a lost launch was queued again (launch.job.ts recoverStuckLaunches). */
  @Column({ name: 'recoveries', type: 'integer', default: 0 })
  recoveries: number;

  @Column({ name: 'launched_by', type: 'text' })
  launchedBy: string;

  @Column({ name: 'launched_at', type: 'timestamptz' })
  launchedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
