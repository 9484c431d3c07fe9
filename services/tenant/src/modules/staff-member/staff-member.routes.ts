import { z } from 'zod';
import {
  ClientIdParamSchema,
  DeletedResultSchema,
  IdParamSchema,
  StaffMemberCreateSchema,
  StaffMemberSchema,
  StaffMemberUpdateSchema,
  successEnvelope,
} from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { actorOf } from '../../shared/actor';
import { ok } from '../../shared/http';
import type { StaffMemberService } from './staff-member.service';

/** /api/staff-members… (admin spec §7). */
export function staffMemberRoutes(app: ServiceApp, staff: StaffMemberService): void {
  app.get(
    '/api/staff-members/client/:clientId',
    { schema: { params: ClientIdParamSchema, response: { 200: successEnvelope(z.array(StaffMemberSchema)) } } },
    async (request) => ok(await staff.listForClient(request.params.clientId)),
  );

  app.post(
    '/api/staff-members',
    { schema: { body: StaffMemberCreateSchema, response: { 201: successEnvelope(StaffMemberSchema) } } },
    async (request, reply) => reply.status(201).send(ok(await staff.create(actorOf(request), request.body))),
  );

  app.patch(
    '/api/staff-members/:id',
    { schema: { params: IdParamSchema, body: StaffMemberUpdateSchema, response: { 200: successEnvelope(StaffMemberSchema) } } },
    async (request) => ok(await staff.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/staff-members/:id',
    { schema: { params: IdParamSchema, response: { 200: successEnvelope(DeletedResultSchema) } } },
    async (request) => ok(await staff.remove(actorOf(request), request.params.id)),
  );
}
