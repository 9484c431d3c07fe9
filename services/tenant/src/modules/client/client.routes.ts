import { z } from 'zod';
import {
  ClientBrandingSchema,
  ClientCreateSchema,
  ClientPublicSchema,
  ClientQuerySchema,
  ClientSchema,
  ClientUpdateSchema,
  DeletedResultSchema,
  IdParamSchema,
  successEnvelope,
  TrackingSettingsSchema,
} from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { actorOf } from '../../shared/actor';
import { ok } from '../../shared/http';
import type { ClientService } from './client.service';

const DeletedSchema = successEnvelope(DeletedResultSchema);

/** /api/clients… (admin spec §7, public spec §7). */
export function clientRoutes(app: ServiceApp, clients: ClientService): void {
  app.get(
    '/api/clients',
    { schema: { response: { 200: successEnvelope(z.array(ClientSchema)) } } },
    async (request) => ok(await clients.list(actorOf(request))),
  );

  app.get(
    '/api/clients/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: ClientQuerySchema,
        // Tried in order: the service has already projected for the caller.
        response: { 200: successEnvelope(z.union([ClientSchema, ClientPublicSchema, ClientBrandingSchema])) },
      },
    },
    async (request) => ok(await clients.get(actorOf(request), request.params.id, request.query.optimized)),
  );

  app.get(
    '/api/clients/:id/tracking-settings',
    { schema: { params: IdParamSchema, response: { 200: successEnvelope(TrackingSettingsSchema) } } },
    async (request) => ok(await clients.trackingSettings(request.params.id)),
  );

  app.post(
    '/api/clients',
    { schema: { body: ClientCreateSchema, response: { 201: successEnvelope(ClientSchema) } } },
    async (request, reply) => reply.status(201).send(ok(await clients.create(actorOf(request), request.body))),
  );

  app.patch(
    '/api/clients/:id',
    { schema: { params: IdParamSchema, body: ClientUpdateSchema, response: { 200: successEnvelope(ClientSchema) } } },
    async (request) => ok(await clients.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/clients/:id',
    { schema: { params: IdParamSchema, response: { 200: DeletedSchema } } },
    async (request) => ok(await clients.remove(actorOf(request), request.params.id)),
  );
}
