import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ContentService } from '../content/content.service';
import type { CatalogueService } from './catalogue.service';

type CatalogueOperations = 'listServiceTemplates' | 'listAllServiceTemplates' | 'updateServiceTemplate' | 'listTemplateSubcategories';

/** /api/service-templates… and /api/template-subcategories (docs/admin.md#calls). */
export const catalogueHandlers = (catalogue: CatalogueService, content: ContentService): Pick<RouteHandlers<'templates'>, CatalogueOperations> => ({
  listServiceTemplates: () => catalogue.listTemplates(),
  listAllServiceTemplates: () => catalogue.listCatalogue(),
  listTemplateSubcategories: () => catalogue.listSubcategories(),
  updateServiceTemplate: async ({ params, body }, request) => {
    const updated = await catalogue.updateTemplate(actorOf(request), params.id, body);
    // A slug may have changed: the mappings are read again on the next call.
    content.invalidateMappings();
    return updated;
  },
});
