import { DEFAULT_TEMPLATE_CATEGORY, DEFAULT_TEMPLATE_SUBCATEGORY, toTemplateContentLists, type ServiceTemplate, type TemplateSubcategory } from '@hap/contracts';
import type { ServiceTemplateEntity, TemplateSubcategoryEntity } from './catalogue.entity';
import type { PlacedSubcategory } from './catalogue.repository';

/** The category and subcategory names of a template's placement; the defaults when it has none (docs/admin.md#records). */
export const placementNames = (placement: PlacedSubcategory | undefined) => ({
  category: placement?.categoryName ?? DEFAULT_TEMPLATE_CATEGORY,
  subcategory: placement?.subcategory.name ?? DEFAULT_TEMPLATE_SUBCATEGORY,
});

/** A stored template as the API answers it: lists normalised, category and subcategory named. */
export function toServiceTemplateDto(row: ServiceTemplateEntity, placement: PlacedSubcategory | undefined): ServiceTemplate {
  return {
    id: row.id,
    subcategoryId: row.subcategoryId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    headline: row.headline,
    metaDescription: row.metaDescription,
    offer: row.offer,
    heroImage: row.heroImage,
    ...toTemplateContentLists(row),
    ghlSnapshotId: row.ghlSnapshotId,
    version: row.version,
    rollout: row.rollout,
    ...placementNames(placement),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toSubcategoryDto = (row: TemplateSubcategoryEntity): TemplateSubcategory => ({
  id: row.id,
  categoryId: row.categoryId,
  name: row.name,
  slug: row.slug,
  description: row.description,
  iconPath: row.iconPath,
  displayOrder: row.displayOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
