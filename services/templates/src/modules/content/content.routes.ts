import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ContentService } from './content.service';

type ContentOperations = 'getTemplateMappings' | 'getUnifiedContent' | 'getServiceMeta' | 'getDirectTemplateContent' | 'getClientTestimonials' | 'getPageContent';

/** What service pages read (public spec §7). */
export const contentHandlers = (content: ContentService): Pick<RouteHandlers<'templates'>, ContentOperations> => ({
  getTemplateMappings: () => content.mappings(),
  getUnifiedContent: ({ params, query }, request) => content.unifiedContent(actorOf(request), params.servicePath, query.client),
  getServiceMeta: ({ params, query }, request) => content.serviceMeta(actorOf(request), params.path, query.client),
  getDirectTemplateContent: ({ params }) => content.directTemplateContent(params.templateId),
  getPageContent: ({ params, query }) => content.pageContent(params.clientId, query.service),
  getClientTestimonials: ({ params }, request) => content.clientTestimonials(actorOf(request), params.clientId, params.templateId),
});
