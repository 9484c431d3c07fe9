import { insertRow, uniq, type Queryable } from './rows';

export { uniq, uniqueClientId } from './rows';

/**
 * The templates service's rows, written in SQL on the run's database (schema "templates") for tests of
 * other services; templates' own tests keep services/templates/test/helpers.
 */

/** A service template as written (camelCase columns). */
export interface TemplateRow {
  id: number;
  subcategoryId: number;
  name: string;
  slug: string;
  description: string;
  headline: string;
  offer: string;
  isActive: boolean;
  heroImage: string | null;
  [column: string]: unknown;
}

/** A clinic's service as written (camelCase columns). */
export interface ClientServiceRow {
  id: number;
  clientId: number;
  templateId: number;
  isActive: boolean;
  customPath: string | null;
  customTitle: string | null;
  [column: string]: unknown;
}

/** A template of its own (subcategory 1 of the demo catalogue, seeded by global setup). */
export function createTemplate(db: Queryable, overrides: Record<string, unknown> = {}): Promise<TemplateRow> {
  const token = uniq();
  return insertRow<TemplateRow>(db, 'templates', 'service_templates', {
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
  });
}

/** Clinic `clientId`'s service on template `templateId`, active unless `overrides` say otherwise. */
export function createClientService(db: Queryable, clientId: number, templateId: number, overrides: Record<string, unknown> = {}): Promise<ClientServiceRow> {
  return insertRow<ClientServiceRow>(db, 'templates', 'client_services', { clientId, templateId, isActive: true, ...overrides });
}

/** The audit rows templates wrote for one entity row, oldest first. */
export function templatesAuditRows(db: Queryable, entity: string, entityId: number) {
  return db.query<Array<{ action: string; actor_user_id: number | null; changes: unknown }>>(
    `SELECT "action", "actor_user_id", "changes" FROM "templates"."audit_log" WHERE "entity" = $1 AND "entity_id" = $2 ORDER BY "id"`,
    [entity, String(entityId)],
  );
}

/** A template of the demo catalogue (seeded by global setup) by its slug; throws when there is none. */
export async function templateBySlug(db: Queryable, slug: string): Promise<{ id: number; slug: string }> {
  const [found] = await db.query<Array<{ id: number; slug: string }>>(`SELECT "id", "slug" FROM "templates"."service_templates" WHERE "slug" = $1`, [slug]);
  if (!found) throw new Error(`no template with slug ${slug}`);
  return found;
}
