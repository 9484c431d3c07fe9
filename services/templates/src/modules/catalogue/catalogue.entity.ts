import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TimestampColumns } from '@hap/service-kit';

/**
 * The columns a category and a subcategory share (docs/admin.md#records): TypeORM gives each
 * entity that extends this class these columns in its own table.
 */
abstract class CategoryColumns extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'slug', type: 'text' })
  slug: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'icon_path', type: 'text', nullable: true })
  iconPath: string | null;

  @Column({ name: 'display_order', type: 'integer', default: 0 })
  displayOrder: number;
}

/** docs/admin.md#records template_categories. */
@Entity({ name: 'template_categories' })
export class TemplateCategoryEntity extends CategoryColumns {}

/** docs/admin.md#records template_subcategories (shown as Category in the admin). */
@Entity({ name: 'template_subcategories' })
export class TemplateSubcategoryEntity extends CategoryColumns {
  /** References template_categories(id) ON DELETE CASCADE. */
  @Column({ name: 'category_id', type: 'integer' })
  categoryId: number;
}

/** docs/admin.md#records service_templates; list content is stored as jsonb arrays. */
@Entity({ name: 'service_templates' })
export class ServiceTemplateEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** References template_subcategories(id) ON DELETE RESTRICT. */
  @Column({ name: 'subcategory_id', type: 'integer' })
  subcategoryId: number;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'slug', type: 'text' })
  slug: string;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @Column({ name: 'headline', type: 'text', nullable: true })
  headline: string | null;

  @Column({ name: 'meta_description', type: 'text', nullable: true })
  metaDescription: string | null;

  @Column({ name: 'offer', type: 'text', nullable: true })
  offer: string | null;

  @Column({ name: 'hero_image', type: 'text', nullable: true })
  heroImage: string | null;

  @Column({ name: 'benefits', type: 'jsonb', default: () => "'[]'" })
  benefits: unknown;

  @Column({ name: 'process', type: 'jsonb', default: () => "'[]'" })
  process: unknown;

  @Column({ name: 'symptoms', type: 'jsonb', default: () => "'[]'" })
  symptoms: unknown;

  @Column({ name: 'faqs', type: 'jsonb', default: () => "'[]'" })
  faqs: unknown;

  @Column({ name: 'testimonials', type: 'jsonb', default: () => "'[]'" })
  testimonials: unknown;

  @Column({ name: 'before_after_images', type: 'jsonb', default: () => "'[]'" })
  beforeAfterImages: unknown;

  @Column({ name: 'ghl_snapshot_id', type: 'text', nullable: true })
  ghlSnapshotId: string | null;

  /** The number of its latest version, whose content this row holds (docs/template-rollout.md#versions). */
  @Column({ name: 'version', type: 'integer', default: 1 })
  version: number;

  /** 'latest': every clinic not pinned follows each save; 'staged': a save reaches only the clinics it is pushed to. */
  @Column({ name: 'rollout', type: 'text', default: 'latest' })
  rollout: 'latest' | 'staged';
}
