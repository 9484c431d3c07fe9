import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { DomainMappingService } from './domain-mapping.service';

type DomainMappingOperations = 'listDomainMappings' | 'createDomainMapping' | 'deleteDomainMapping';

/** /api/domain-mappings… (admin only). */
export const domainMappingHandlers = (
  mappings: DomainMappingService,
): Pick<RouteHandlers<'tenant'>, DomainMappingOperations> => ({
  listDomainMappings: (_input, request) => mappings.list(actorOf(request)),
  createDomainMapping: ({ body }, request) => mappings.create(actorOf(request), body),
  deleteDomainMapping: ({ params }, request) => mappings.remove(actorOf(request), params.id),
});
