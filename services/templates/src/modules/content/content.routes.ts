import type { PageContent } from '@hap/contracts';
import { actorOf, isPrivileged, type ContentCache, type RouteHandlers } from '@hap/service-kit';
import type { ContentService } from './content.service';

type ContentOperations = 'getTemplateMappings' | 'getUnifiedContent' | 'getServiceMeta' | 'getDirectTemplateContent' | 'getClientTestimonials' | 'getPageContent';

/**
 * GET /api/page-content's cache key: the clinic and the service path as the
 * lookup reads it (matchServicePath ignores case; none and '' are the same page).
 */
export const pageContentKey = (clientId: number, servicePath?: string) => `page:${clientId}:${(servicePath ?? '').toLowerCase()}`;

/**
 * What service pages read (docs/public-site.md#calls). GET /api/page-content, read by
 * every public page view, is answered from `pageCache` when one is given: it
 * is cleared after any audited templates write (template, client service,
 * activation) commits, in every process.
 */
export const contentHandlers = (content: ContentService, pageCache: ContentCache | null = null): Pick<RouteHandlers<'templates'>, ContentOperations> => ({
  getTemplateMappings: () => content.mappings(),
  getUnifiedContent: ({ params, query }, request) => content.unifiedContent(actorOf(request), params.servicePath, query.client),
  getServiceMeta: ({ params, query }, request) => content.serviceMeta(actorOf(request), params.path, query.client),
  getDirectTemplateContent: ({ params }) => content.directTemplateContent(params.templateId),
  getPageContent: ({ params, query }, request) => {
    const actor = actorOf(request);
    // An admin's preview is read fresh and never cached: the cache holds what visitors see.
    if (query.preview && isPrivileged(actor.identity)) return content.pageContent(params.clientId, query.service, { actor, preview: true });
    const load = (): Promise<PageContent> => content.pageContent(params.clientId, query.service);
    return pageCache ? pageCache.get(pageContentKey(params.clientId, query.service), load) : load();
  },
  getClientTestimonials: ({ params }, request) => content.clientTestimonials(actorOf(request), params.clientId, params.templateId),
});
