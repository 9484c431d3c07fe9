import {
  activeTemplateOf,
  DEFAULT_OFFER,
  filled,
  toBeforeAfterStories,
  toFaqs,
  toProcessSteps,
  toSymptoms,
  toTestimonials,
  toTitledItems,
  type ActiveTemplate,
  type ClientService,
  type ClientServiceSummary,
  type Service,
  type ServiceUpdate,
  type UnifiedContent,
} from '@hap/contracts';
import { placementNames } from '../catalogue/catalogue.dto';
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
    customHeadline: row.customHeadline,
    customOffer: row.customOffer,
    custom_offer: row.customOffer,
    customOfferDescription: row.customOfferDescription,
    customDescription: row.customDescription,
    formEmbedCode: row.formEmbedCode,
    heroBackgroundPath: row.heroBackgroundPath,
    customSymptoms: toSymptoms(row.customSymptoms, true),
    customBenefits: toTitledItems(row.customBenefits, true),
    customProcess: toProcessSteps(row.customProcess, true),
    customFaqs: toFaqs(row.customFaqs, true),
    customTestimonials: toTestimonials(row.customTestimonials, true),
    beforeAfterImages: toBeforeAfterStories(row.beforeAfterImages, true),
    pageSections: row.pageSections ?? null,
    googleAdsSettings: row.googleAdsSettings,
    demographicExclusions: row.demographicExclusions,
    review1: row.review1,
    review2: row.review2,
    review3: row.review3,
    offerValue: row.offerValue,
    googleAdsScript: row.googleAdsScript,
    facebookPixelScript: row.facebookPixelScript,
  };
}

/** A client service as its landing page reads it (UnifiedContent's `service`): public fields only. */
export function toUnifiedServiceDto(row: ClientServiceEntity, template: ServiceTemplateEntity): UnifiedContent['service'] {
  return {
    id: row.id,
    clientId: row.clientId,
    templateId: row.templateId,
    name: row.customTitle ?? template.name,
    path: row.customPath ?? template.slug,
    isActive: row.isActive,
    customTitle: row.customTitle,
    formEmbedCode: row.formEmbedCode,
    heroBackgroundPath: row.heroBackgroundPath,
    offer: filled(row.customOffer) ?? filled(template.offer) ?? DEFAULT_OFFER,
    offerValue: row.offerValue,
    offerDescription: row.customOfferDescription,
    sections: row.pageSections ?? null,
  };
}

/** A client service as the Services Management screen reads it (admin only: it carries the scripts). */
export function toServiceDto(row: ClientServiceEntity, template: ServiceTemplateEntity): Service {
  return {
    ...toUnifiedServiceDto(row, template),
    review1: row.review1,
    review2: row.review2,
    review3: row.review3,
    offerName: row.customOffer,
    googleAdsScript: row.googleAdsScript,
    facebookPixelScript: row.facebookPixelScript,
    customTestimonials: toTestimonials(row.customTestimonials, true),
    beforeAfterImages: toBeforeAfterStories(row.beforeAfterImages, true),
    googleAdsSettings: row.googleAdsSettings,
  };
}

/** The service form body as client_services columns (see packages/contracts/src/templates/service-form.ts). */
export function serviceFormColumns(input: ServiceUpdate): Partial<ClientServiceEntity> {
  const columns: Partial<ClientServiceEntity> = {
    clientId: input.clientId,
    templateId: input.templateId,
    isActive: input.isActive,
    customPath: input.path,
    // customTitle wins; the form's name fills it otherwise; a cleared customTitle alone clears it.
    customTitle: input.customTitle ?? input.name ?? input.customTitle,
    formEmbedCode: input.formEmbedCode,
    review1: input.review1,
    review2: input.review2,
    review3: input.review3,
    heroBackgroundPath: input.heroBackgroundPath,
    customOffer: input.offerName,
    offerValue: input.offerValue,
    customOfferDescription: input.offerDescription,
    googleAdsScript: input.googleAdsScript,
    facebookPixelScript: input.facebookPixelScript,
    customTestimonials: input.customTestimonials,
    beforeAfterImages: input.beforeAfterImages,
    googleAdsSettings: input.googleAdsSettings,
  };
  // Only what the form sent: an absent field leaves its column as it is.
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<ClientServiceEntity>;
}

/** What anonymous pages get of a client service (docs/public-site.md#what-a-page-shows Client service). */
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
  return activeTemplateOf({ ...template, ...placementNames(placement) }, row);
}
