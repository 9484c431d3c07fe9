import type { PageSections } from '@hap/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TimestampColumns } from '@hap/service-kit';

/** docs/admin.md#records client_services: one per client and template. */
@Entity({ name: 'client_services' })
export class ClientServiceEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** A tenant client id; no foreign key across schemas (ARCHITECTURE.md#who-owns-what). */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  /** References service_templates(id) ON DELETE CASCADE. */
  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'activated_at', type: 'timestamptz', default: () => 'now()' })
  activatedAt: Date;

  @Column({ name: 'custom_path', type: 'text', nullable: true })
  customPath: string | null;

  @Column({ name: 'custom_title', type: 'text', nullable: true })
  customTitle: string | null;

  @Column({ name: 'custom_offer', type: 'text', nullable: true })
  customOffer: string | null;

  @Column({ name: 'custom_offer_description', type: 'text', nullable: true })
  customOfferDescription: string | null;

  @Column({ name: 'custom_description', type: 'text', nullable: true })
  customDescription: string | null;

  @Column({ name: 'form_embed_code', type: 'text', nullable: true })
  formEmbedCode: string | null;

  @Column({ name: 'hero_background_path', type: 'text', nullable: true })
  heroBackgroundPath: string | null;

  @Column({ name: 'custom_symptoms', type: 'jsonb', nullable: true })
  customSymptoms: unknown;

  @Column({ name: 'custom_benefits', type: 'jsonb', nullable: true })
  customBenefits: unknown;

  @Column({ name: 'custom_process', type: 'jsonb', nullable: true })
  customProcess: unknown;

  @Column({ name: 'custom_faqs', type: 'jsonb', nullable: true })
  customFaqs: unknown;

  @Column({ name: 'custom_testimonials', type: 'jsonb', nullable: true })
  customTestimonials: unknown;

  @Column({ name: 'before_after_images', type: 'jsonb', nullable: true })
  beforeAfterImages: unknown;

  @Column({ name: 'google_ads_settings', type: 'jsonb', nullable: true })
  googleAdsSettings: Record<string, unknown> | null;

  @Column({ name: 'demographic_exclusions', type: 'jsonb', nullable: true })
  demographicExclusions: Record<string, unknown> | null;

  /** The Services Management form's reviews (docs/admin.md#records Service review1..3). */
  @Column({ name: 'review_1', type: 'text', nullable: true })
  review1: string | null;

  @Column({ name: 'review_2', type: 'text', nullable: true })
  review2: string | null;

  @Column({ name: 'review_3', type: 'text', nullable: true })
  review3: string | null;

  @Column({ name: 'offer_value', type: 'text', nullable: true })
  offerValue: string | null;

  /** Admin-supplied script: stored for admins, never in a public answer, never rendered on a page (ARCHITECTURE.md#auth-and-sessions). */
  @Column({ name: 'google_ads_script', type: 'text', nullable: true })
  googleAdsScript: string | null;

  /** Admin-supplied script: stored for admins, never in a public answer, never rendered on a page (ARCHITECTURE.md#auth-and-sessions). */
  @Column({ name: 'facebook_pixel_script', type: 'text', nullable: true })
  facebookPixelScript: string | null;

  /** The style the plain URL shows when no experiment assigns one (docs/results-and-experiments.md: an experiment's winner). */
  @Column({ name: 'default_style', type: 'text', default: 'A' })
  defaultStyle: 'A' | 'B' | 'C';

  /** The template version the clinic's page is on (docs/template-rollout.md#versions). */
  @Column({ name: 'template_version', type: 'integer', default: 1 })
  templateVersion: number;

  /** Kept on its version: a template's saves and pushes to all pass it by. */
  @Column({ name: 'version_pinned', type: 'boolean', default: false })
  versionPinned: boolean;

  /** The clinic's own headline, over the template's (docs/template-rollout.md#merge-rules). */
  @Column({ name: 'custom_headline', type: 'text', nullable: true })
  customHeadline: string | null;

  /** The clinic's section layout of its page (docs/page-editor.md#sections); null: the style's own. */
  @Column({ name: 'page_sections', type: 'jsonb', nullable: true })
  pageSections: PageSections | null;
}
