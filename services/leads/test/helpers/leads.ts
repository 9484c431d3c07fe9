import { randomUUID } from 'node:crypto';
import { ADMIN } from '@hap/service-kit/testing';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { ANONYMOUS, type TestLeads } from './app';

/** A clinic made through tenant's API with `fields`, and an active service of it on a new template: their ids. */
export async function clinicWithService(t: TestLeads, fields: Record<string, unknown>): Promise<{ clientId: number; serviceId: number }> {
  const clinic = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send(fields);
  const clientId = clinic.body.data.id as number;
  const template = await createTemplate(t.templates!.dataSource);
  const serviceId = (await createClientService(t.templates!.dataSource, clientId, template.id, { isActive: true })).id;
  return { clientId, serviceId };
}

/** A lead sent as a visitor sends it (a new e-mail address, `fields` added), answered 201: its row's id. */
export async function submittedLeadId(t: TestLeads, fields: Record<string, unknown>): Promise<string> {
  const res = await t.api.post('/api/leads', ANONYMOUS).send({ email: `${randomUUID()}@example.com`, consentText: 'I agree to be contacted.', ...fields });
  expect(res.status).toBe(201);
  const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
  return row.id;
}
