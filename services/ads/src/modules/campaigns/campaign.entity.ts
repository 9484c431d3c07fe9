import type { AdGroup, CampaignExtensions } from '@hap/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TimestampColumns } from '@hap/service-kit';

/** docs/admin.md#records Google Ads template campaign: one of a service template's campaigns. */
@Entity({ name: 'ad_campaign_templates' })
export class AdCampaignTemplateEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** templates.service_templates(id), in the templates service. */
  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'description', type: 'text', default: '' })
  description: string;

  @Column({ name: 'keyword_theme', type: 'text', default: '' })
  keywordTheme: string;

  @Column({ name: 'target_audience', type: 'text', default: '' })
  targetAudience: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'ad_groups', type: 'jsonb', default: () => "'[]'" })
  adGroups: AdGroup[];

  @Column({ name: 'extensions', type: 'jsonb', default: () => `'{"sitelinks": [], "callouts": []}'` })
  extensions: CampaignExtensions;

  /** The ads.generate job that wrote it (null for campaigns written otherwise). */
  @Column({ name: 'generation_id', type: 'text', nullable: true })
  generationId: string | null;
}
