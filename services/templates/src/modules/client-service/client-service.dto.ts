import {
  DEFAULT_TEMPLATE_CATEGORY,
  DEFAULT_TEMPLATE_SUBCATEGORY,
  toBeforeAfterStories,
  toFaqs,
  toProcessSteps,
  toSymptoms,
  toTestimonials,
  toTitledItems,
  type ActiveTemplate,
  type ClientService,
  type ClientServiceSummary,
} from '@hap/contracts';
import type { ServiceTemplateEntity } from '../catalogue/catalogue.entity';
import type { PlacedSubcategory } from '../catalogue/catalogue.repository';
import type { ClientServiceEntity } from './client-service.entity';

/** The admin view of a client service: its own fields plus the name, path and description pages use. */
export function toClientServiceDto(row: ClientServiceEntity, template: ServiceTemplateEntity): ClientService {
  return {
    id: row.id,
    clientId: row.clientId,
    templateId: row.templateId,
    isActive: row.isActive,
    activatedAt: row.activatedAt.toISOString(),
    name: row.customTitle ?? template.name,
    path: row.customPath ?? template.slug,
    template_slug: template.slug,
    description: row.customDescription ?? template.description,
    customPath: row.customPath,
    customTitle: row.customTitle,
    customOffer: row.customOffer,
    custom_offer: row.customOffer,
    customOfferDescription: row.customOfferDescription,
    customDescription: row.customDescription,
    formEmbedCode: row.formEmbedCode,
    heroBackgroundPath: row.heroBackgroundPath,
    customSymptoms: toSymptoms(row.customSymptoms),
    customBenefits: toTitledItems(row.customBenefits),
    customProcess: toProcessSteps(row.customProcess),
    customFaqs: toFaqs(row.customFaqs),
    customTestimonials: toTestimonials(row.customTestimonials),
    beforeAfterImages: toBeforeAfterStories(row.beforeAfterImages),
    googleAdsSettings: row.googleAdsSettings,
    demographicExclusions: row.demographicExclusions,
  };
}

/** What anonymous pages get of a client service (public spec §3 Client service). */
export function toClientServiceSummary(dto: ClientService): ClientServiceSummary {
  return {
    id: dto.id,
    clientId: dto.clientId,
    name: dto.name,
    customTitle: dto.customTitle,
    path: dto.path,
    template_slug: dto.template_slug,
    templateId: dto.templateId,
    description: dto.description,
    customDescription: dto.customDescription,
    custom_offer: dto.custom_offer,
    heroBackgroundPath: dto.heroBackgroundPath,
    isActive: dto.isActive,
  };
}

export function toActiveTemplateDto(row: ClientServiceEntity, template: ServiceTemplateEntity, placement: PlacedSubcategory | undefined): ActiveTemplate {
  return {
    id: row.id,
    templateId: template.id,
    name: template.name,
    slug: template.slug,
    description: template.description,
    offer: template.offer,
    heroImage: template.heroImage,
    category: placement?.categoryName ?? DEFAULT_TEMPLATE_CATEGORY,
    subcategory: placement?.subcategory.name ?? DEFAULT_TEMPLATE_SUBCATEGORY,
    customTitle: row.customTitle,
    customDescription: row.customDescription,
    heroBackgroundPath: row.heroBackgroundPath,
  };
}
