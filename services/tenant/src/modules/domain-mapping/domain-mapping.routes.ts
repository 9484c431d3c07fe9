import { z } from 'zod';
import {
  DeletedResultSchema,
  DomainMappingCreateSchema,
  DomainMappingSchema,
  IdParamSchema,
  successEnvelope,
} from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { actorOf } from '../../shared/actor';
import { ok } from '../../shared/http';
import type { DomainMappingService } from './domain-mapping.service';

/** /api/domain-mappings… (admin only). */
export function domainMappingRoutes(app: ServiceApp, mappings: DomainMappingService): void {
  app.get(
    '/api/domain-mappings',
    { schema: { response: { 200: successEnvelope(z.array(DomainMappingSchema)) } } },
    async (request) => ok(await mappings.list(actorOf(request))),
  );

  app.post(
    '/api/domain-mappings',
    { schema: { body: DomainMappingCreateSchema, response: { 201: successEnvelope(DomainMappingSchema) } } },
    async (request, reply) => reply.status(201).send(ok(await mappings.create(actorOf(request), request.body))),
  );

  app.delete(
    '/api/domain-mappings/:id',
    { schema: { params: IdParamSchema, response: { 200: successEnvelope(DeletedResultSchema) } } },
    async (request) => ok(await mappings.remove(actorOf(request), request.params.id)),
  );
}
