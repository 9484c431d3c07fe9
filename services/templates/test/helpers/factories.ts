import { randomBytes, randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ADMIN } from '@hap/service-kit/testing';
import type { TestTemplates } from './app';
import { ServiceTemplateEntity } from '../../src/modules/catalogue/catalogue.entity';
import { ClientServiceEntity } from '../../src/modules/client-service/client-service.entity';

/** A short hex token that keeps each test's rows apart in the shared database. */
export const uniq = () => `${Date.now().toString(16)}${randomBytes(3).toString('hex')}`;

/**
 * A client id no demo clinic and (very likely) no other test uses: clients
 * live in tenant, here it is a number. For rows written straight to the
 * database; the API's writes need a clinic that exists (createClinic).
 */
export const uniqueClientId = () => randomInt(100_000, 2_000_000_000);

/** A clinic in the real tenant the app asks (POST /api/clients as an admin): its id. */
export async function createClinic(t: TestTemplates, name = `Test Clinic ${uniq()}`): Promise<number> {
  if (!t.tenant) throw new Error('this templates app has no tenant to create clinics in');
  const res = await t.tenant.api.post('/api/clients', ADMIN).send({ name, address: '1 Test Street, Springfield', phone: '(555) 010-0100' });
  if (res.status !== 201) throw new Error(`tenant refused the clinic: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { id: number } }).data.id;
}

/** A template of its own (subcategory 1 of the demo catalogue). */
export async function createTemplate(dataSource: DataSource, overrides: Partial<ServiceTemplateEntity> = {}): Promise<ServiceTemplateEntity> {
  const repo = dataSource.getRepository(ServiceTemplateEntity);
  const token = uniq();
  return repo.save(
    repo.create({
      subcategoryId: 1,
      name: `Test Therapy ${token}`,
      slug: `test-therapy-${token}`,
      description: 'A test therapy.',
      headline: 'Feel better with test therapy',
      offer: 'Free Consultation',
      benefits: [{ title: 'Benefit', description: 'Good' }],
      process: [{ title: 'Step', description: 'Do it' }],
      symptoms: [{ title: 'Tired', description: 'Very', icon: 'Battery' }],
      faqs: [{ question: 'Q?', answer: 'A.' }],
      testimonials: [{ text: 'Great', rating: 4, name: 'Pat' }],
      beforeAfterImages: [],
      ...overrides,
    }),
  );
}

export async function createClientService(
  dataSource: DataSource,
  clientId: number,
  templateId: number,
  overrides: Partial<ClientServiceEntity> = {},
): Promise<ClientServiceEntity> {
  const repo = dataSource.getRepository(ClientServiceEntity);
  return repo.save(repo.create({ clientId, templateId, isActive: true, ...overrides }));
}

export async function auditRows(dataSource: DataSource, entity: string, entityId: number) {
  return dataSource.query<Array<{ action: string; actor_user_id: number | null; changes: unknown }>>(
    `SELECT "action", "actor_user_id", "changes" FROM "templates"."audit_log" WHERE "entity" = $1 AND "entity_id" = $2 ORDER BY "id"`,
    [entity, String(entityId)],
  );
}
