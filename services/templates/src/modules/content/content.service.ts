import {
  buildTemplateContent,
  dedupeServicesBySlug,
  DEFAULT_META_TITLE,
  DEFAULT_SERVICE_DESCRIPTION,
  DEFAULT_TREATMENT_DESCRIPTION,
  defaultTemplateContent,
  FALLBACK_SERVICES,
  filled,
  medicalServiceType,
  mergeTemplateMappings,
  Messages,
  serviceLink,
  toTestimonials,
  type PageContent,
  type PageExperiment,
  type PageServiceCard,
  type ServiceMeta,
  type TemplateContent,
  type TemplateMappings,
  type Testimonial,
  type UnifiedClientContent,
  type UnifiedContent,
} from '@hap/contracts';
import { isPrivileged, notFound, type Actor } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { ServiceTemplateEntity } from '../catalogue/catalogue.entity';
import type { ServiceTemplateRepository } from '../catalogue/catalogue.repository';
import { toClientServiceDto, toClientServiceSummary, toUnifiedServiceDto } from '../client-service/client-service.dto';
import { ClientServiceEntity } from '../client-service/client-service.entity';
import type { ClientServiceService, ServiceWithTemplate } from '../client-service/client-service.service';

/** docs/public-site.md#fixed-figures: template mappings are cached 5 minutes. */
export const MAPPINGS_TTL_MS = 5 * 60 * 1000;

/**
 * Which of a client's services a page path names: its custom path, else its
 * template's slug, else (digits) its template id. Case does not matter.
 */
export function matchServicePath(services: readonly ServiceWithTemplate[], path: string): ServiceWithTemplate | null {
  const wanted = path.toLowerCase();
  return (
    services.find((s) => s.service.customPath?.toLowerCase() === wanted) ??
    services.find((s) => s.template.slug.toLowerCase() === wanted) ??
    (/^\d+$/.test(wanted) ? services.find((s) => String(s.template.id) === wanted) : undefined) ??
    null
  );
}

/**
 * A template as a clinic that has not activated it would get it: no custom
 * content, not active, no row (id 0). Only an admin's preview reads one.
 */
const notActivated = (clientId: number, template: ServiceTemplateEntity): ServiceWithTemplate => ({
  service: Object.assign(new ClientServiceEntity(), {
    id: 0,
    clientId,
    templateId: template.id,
    isActive: false,
    customPath: null,
    customTitle: null,
    customHeadline: null,
    customOffer: null,
    customOfferDescription: null,
    offerValue: null,
    customDescription: null,
    formEmbedCode: null,
    heroBackgroundPath: null,
    customSymptoms: null,
    customBenefits: null,
    customProcess: null,
    customFaqs: null,
    customTestimonials: null,
    beforeAfterImages: null,
  }),
  template,
});

/**
 * docs/public-site.md#pages-and-routes reading B: a fallback service card whose template the catalogue does not have
 * (TRT 999 … Semaglutide 994): the spec's content for a service without a template, 'Advanced
 * {name} Treatment' with empty lists (docs/public-site.md#what-a-page-shows).
 */
const fallbackTemplate = (fallback: (typeof FALLBACK_SERVICES)[number]): ServiceTemplateEntity => {
  const content = defaultTemplateContent(fallback.name ?? `Service ${fallback.id}`);
  return Object.assign(new ServiceTemplateEntity(), {
    id: fallback.id,
    subcategoryId: 0,
    name: fallback.name ?? `Service ${fallback.id}`,
    slug: fallback.template_slug ?? fallback.path,
    ...content,
  });
};

/** Template content as a page renders it, without a client's customisation. */
const templateOnlyContent = (template: ServiceTemplateEntity): TemplateContent => buildTemplateContent(template, { name: template.name });

/** What service pages read: mappings, unified content, meta, a template's content, testimonials. */
export class ContentService {
  private mappingsCache: { value: TemplateMappings; at: number } | null = null;
  /** A service's running experiment (experiment.service.ts), read with its page; none without it. */
  private runningExperiment: (clientServiceId: number) => Promise<PageExperiment | null> = async () => null;
  /** Where a page that moved is now (docs/admin.md#page-paths; page-path.service.ts); none without it. */
  private movedPath: (clientId: number, path: string, pages: readonly ServiceWithTemplate[]) => Promise<string | null> = async () => null;

  constructor(
    private readonly templates: ServiceTemplateRepository,
    private readonly clientServices: ClientServiceService,
    /** The clinic's public fields for unified content. */
    private readonly tenant: Pick<TenantClient, 'publicClient'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Where a page's former paths are read (app.ts wires the page-path module). */
  readMovedPathsWith(lookup: (clientId: number, path: string, pages: readonly ServiceWithTemplate[]) => Promise<string | null>): void {
    this.movedPath = lookup;
  }

  /** Where a service page's running experiment is read (app.ts wires the experiments module). */
  readExperimentsWith(lookup: (clientServiceId: number) => Promise<PageExperiment | null>): void {
    this.runningExperiment = lookup;
  }

  /**
   * The table's id → slug plus the built-in three, cached 5 minutes; when the
   * database fails, the stale cache is answered, else the built-in three.
   */
  async mappings(): Promise<TemplateMappings> {
    const cached = this.mappingsCache;
    if (cached && this.now() - cached.at < MAPPINGS_TTL_MS) return cached.value;
    try {
      const rows = await this.templates.slugsById();
      const value = mergeTemplateMappings(Object.fromEntries(rows.map((r) => [String(r.id), r.slug])));
      this.mappingsCache = { value, at: this.now() };
      return value;
    } catch {
      return cached?.value ?? mergeTemplateMappings({});
    }
  }

  /** A template was changed: the next mappings call reads the table again. */
  invalidateMappings(): void {
    this.mappingsCache = null;
  }

  private async findService(actor: Actor, clientId: number, path: string): Promise<ServiceWithTemplate | null> {
    return matchServicePath(await this.clientServices.withTemplates(clientId, actor), path);
  }

  /**
   * The spec's unified content: the clinic (its public fields, from tenant),
   * the service and its template. A path the clinic does not offer is the
   * spec's 404 whatever tenant says; tenant not answering is a 503.
   */
  async unifiedContent(actor: Actor, servicePath: string, clientId: number): Promise<UnifiedClientContent> {
    const clinic = this.tenant.publicClient(clientId, actor.requestId);
    // Settled now, awaited below: a 404 for the path must not leave its rejection unhandled.
    clinic.catch(() => undefined);
    const found = await this.findService(actor, clientId, servicePath);
    if (!found) throw notFound(Messages.unifiedContentNotFound(servicePath));
    return { ...this.unifiedContentOf(clientId, found), client: await clinic };
  }

  /** `keepIds`: an admin's preview, which the page editor drives by its items' ids (docs/page-editor.md#marks). */
  private unifiedContentOf(clientId: number, { service, template }: ServiceWithTemplate, keepIds = false): UnifiedContent {
    return {
      client: { id: clientId },
      service: toUnifiedServiceDto(service, template),
      template: buildTemplateContent(template, { ...service, name: template.name }, { keepIds }),
    };
  }

  /**
   * One public page's catalogue data in one answer: the clinic's active
   * services as linked cards (de-duplicated by slug, docs/public-site.md#states-and-fallbacks) and, when
   * `servicePath` is given, that service page's unified content and meta
   * (null when the clinic has no active service there). The cards are always
   * the public view. With `preview` and an admin `actor` (docs/public-site.md#page-styles), the
   * landing part may also be an inactive service of the clinic or, when it
   * has none there, a template it has not activated.
   */
  async pageContent(clientId: number, servicePath?: string, { actor, preview = false }: { actor?: Actor; preview?: boolean } = {}): Promise<PageContent> {
    const visitor: Actor = { identity: { kind: 'anonymous' }, requestId: 'page-content' };
    const [services, mappings] = await Promise.all([this.clientServices.withTemplates(clientId, visitor, true), this.mappings()]);
    const byId = new Map(services.map((s) => [s.service.id, s]));
    const summaries = dedupeServicesBySlug(
      services.map(({ service, template }) => toClientServiceSummary(toClientServiceDto(service, template))),
      mappings,
    );
    const cards = summaries.flatMap((summary): PageServiceCard[] => {
      const found = byId.get(summary.id);
      if (!found) return [];
      const { service, template } = found;
      return [
        {
          id: service.id,
          name: filled(service.customTitle) ?? template.name,
          description: filled(service.customDescription) ?? filled(template.description) ?? DEFAULT_SERVICE_DESCRIPTION,
          slug: serviceLink(summary, mappings),
          offer: filled(service.customOffer) ?? filled(template.offer),
          image: filled(service.heroBackgroundPath) ?? filled(template.heroImage),
        },
      ];
    });
    if (!servicePath) return { services: cards, landing: null };
    let found = matchServicePath(services, servicePath) ?? (preview && actor && isPrivileged(actor.identity) ? await this.previewed(actor, clientId, servicePath) : null);
    let fallback = false;
    if (!found) {
      // A page that had this path before (its template's slug or its own path changed): where it is now, for a 301.
      const movedTo = await this.movedPath(clientId, servicePath, services);
      if (movedTo) return { services: cards, landing: null, movedTo };
      // A clinic with no active service shows the spec's fallback cards: each leads to its shared template's page.
      found = cards.length === 0 ? await this.fallbackService(clientId, servicePath) : null;
      fallback = found !== null;
    }
    if (!found) return { services: cards, landing: null };
    // A preview shows what it is asked for: no experiment assigns its style.
    const experiment = found.service.isActive && found.service.id > 0 && !preview ? await this.runningExperiment(found.service.id) : null;
    return {
      services: cards,
      landing: {
        content: this.unifiedContentOf(clientId, found, preview),
        meta: this.metaOf(found),
        defaultStyle: found.service.defaultStyle ?? 'A',
        experiment,
        serviceType: await this.serviceTypeOf(found.template),
        ...(fallback && { fallback: true }),
        // Only the route's admin asks with `preview` (content.routes.ts); the page editor needs a clinic's own service.
        ...(preview && found.service.id > 0 && { editable: true }),
      },
    };
  }

  /** The spec's service type of a template, from its category (and its own name where the category holds several). */
  private async serviceTypeOf(template: ServiceTemplateEntity) {
    const placement = template.subcategoryId ? (await this.templates.placements()).get(template.subcategoryId) : undefined;
    return medicalServiceType({ name: template.name, slug: template.slug, subcategory: placement?.subcategory.name, category: placement?.categoryName });
  }

  /** One of the spec's fallback services at `servicePath`: its shared template as the clinic would get it, else the spec's default content. */
  private async fallbackService(clientId: number, servicePath: string): Promise<ServiceWithTemplate | null> {
    const wanted = servicePath.toLowerCase();
    const card = FALLBACK_SERVICES.find((s) => (s.template_slug ?? s.path) === wanted);
    if (!card) return null;
    return notActivated(clientId, (await this.templates.findByPath(wanted)) ?? fallbackTemplate(card));
  }

  /** What an admin previews at a path the clinic has no active service on: an inactive one, else the template. */
  private async previewed(admin: Actor, clientId: number, servicePath: string): Promise<ServiceWithTemplate | null> {
    const inactive = matchServicePath(await this.clientServices.withTemplates(clientId, admin, false), servicePath);
    if (inactive) return inactive;
    const template = await this.templates.findByPath(servicePath);
    return template ? notActivated(clientId, template) : null;
  }

  /** A page's meta; an unknown path gets the defaults ('Professional Medical Services'), never an error. */
  async serviceMeta(actor: Actor, path: string, clientId: number): Promise<ServiceMeta> {
    const found = await this.findService(actor, clientId, path);
    if (!found) {
      return { title: DEFAULT_META_TITLE, description: DEFAULT_TREATMENT_DESCRIPTION, keywords: '', canonicalUrl: `/${path}` };
    }
    return this.metaOf(found);
  }

  private metaOf({ service, template }: ServiceWithTemplate): ServiceMeta {
    const name = filled(service.customTitle) ?? template.name;
    const keywords = [...new Set([template.name, template.slug.replaceAll('-', ' '), name].map((k) => k.toLowerCase()))];
    return {
      title: name,
      description: filled(template.metaDescription) ?? filled(service.customDescription) ?? filled(template.description) ?? DEFAULT_TREATMENT_DESCRIPTION,
      keywords: keywords.join(', '),
      canonicalUrl: `/${service.customPath ?? template.slug}`,
    };
  }

  async directTemplateContent(templateId: number): Promise<TemplateContent & { id: number; name: string; slug: string }> {
    const template = await this.templates.findById(templateId);
    if (!template) throw notFound(Messages.serviceTemplateNotFound(templateId));
    return { id: template.id, name: template.name, slug: template.slug, ...templateOnlyContent(template) };
  }

  /** The client's own testimonials for a template (rating 5 when none); none is an empty list. */
  async clientTestimonials(actor: Actor, clientId: number, templateId: number): Promise<Testimonial[]> {
    const services = await this.clientServices.withTemplates(clientId, actor);
    const found = services.find((s) => s.template.id === templateId);
    return found ? toTestimonials(found.service.customTestimonials) : [];
  }
}
