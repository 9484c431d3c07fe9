import type { FastifyInstance } from 'fastify';
import { MEDICAL_SERVICE_TYPES } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { SIBLINGS_START_TIMEOUT_MS as START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createClientService, templateBySlug } from '@hap/test-kit/factories/templates';
import { shellOnServices } from '../helpers/shell';

/**
 * What search engines read, and where the fallback cards lead, through the shell's server with
 * its real loaders and SSR entry over the real tenant and templates (this run's database, the
 * demo catalogue seeded).
 *
 * - docs/public-site.md#what-a-page-shows "MedicalProcedure data varies by service type": a service page carries
 *   schema.org JSON-LD, a MedicalProcedure typed from its template's category, and the clinic as
 *   a MedicalClinic with its address and phone; the home page carries the clinic. Checked against
 *   the vocabulary's properties below, and escaped so clinic data cannot end the script element.
 * - docs/public-site.md#pages-and-routes reading B: a clinic with no active service shows the six fallback service
 *   cards; every card's link answers a page (the shared template's, in the clinic's branding), never 404.
 */
/**
 * The slice of schema.org (https://schema.org, version 29) these pages use: each type's
 * properties (its own and those it inherits from MedicalOrganization / LocalBusiness /
 * Organization / Place, MedicalEntity, StructuredValue and Thing), and what a page needs of each.
 */
const VOCABULARY: Record<string, { properties: readonly string[]; required: readonly string[] }> = {
  MedicalClinic: {
    properties: ['@id', 'name', 'url', 'telephone', 'email', 'address', 'logo', 'image', 'availableService', 'medicalSpecialty', 'description', 'sameAs'],
    required: ['name', 'url'],
  },
  MedicalProcedure: {
    properties: ['@id', 'name', 'description', 'url', 'image', 'additionalType', 'relevantSpecialty', 'procedureType', 'bodyLocation', 'howPerformed'],
    required: ['name', 'url', 'description'],
  },
  PostalAddress: { properties: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'], required: ['streetAddress'] },
};
/** schema.org's MedicalSpecialty enumeration members. */
const MEDICAL_SPECIALTIES = ['Anesthesia', 'Cardiovascular', 'CommunityHealth', 'Dentistry', 'Dermatology', 'DietNutrition', 'Emergency', 'Endocrine', 'Gastroenterologic', 'Genetic', 'Geriatric', 'Gynecologic', 'Hematologic', 'Infectious', 'LaboratoryScience', 'Midwifery', 'Musculoskeletal', 'Neurologic', 'Nursing', 'Obstetric', 'Oncologic', 'Optometric', 'Otolaryngologic', 'Pathology', 'Pediatric', 'PharmacySpecialty', 'Physiotherapy', 'PlasticSurgery', 'Podiatric', 'PrimaryCare', 'Psychiatric', 'PublicHealth', 'Pulmonary', 'Radiography', 'Renal', 'RespiratoryTherapy', 'Rheumatologic', 'SpeechPathology', 'Surgical', 'Toxicologic', 'Urologic'];

type Node = Record<string, unknown> & { '@type'?: string };

/** Every problem of one node against the vocabulary, in words. */
function vocabularyProblems(node: Node, where: string): string[] {
  const type = node['@type'];
  const spec = type ? VOCABULARY[type] : undefined;
  if (!spec) return [`${where}: @type ${String(type)} is not one of ${Object.keys(VOCABULARY).join(', ')}`];
  const problems: string[] = [];
  for (const key of Object.keys(node)) if (key !== '@type' && key !== '@context' && !spec.properties.includes(key)) problems.push(`${where}: ${type} has no property ${key}`);
  for (const key of spec.required) if (typeof node[key] !== 'string' || !(node[key] as string).trim()) problems.push(`${where}: ${type} needs ${key}`);
  for (const key of ['url', 'logo', 'image']) if (typeof node[key] === 'string' && !/^https?:\/\//.test(node[key] as string)) problems.push(`${where}: ${key} must be an absolute URL`);
  if (node.address) problems.push(...vocabularyProblems(node.address as Node, `${where}.address`));
  if (type === 'MedicalProcedure') {
    if (node.additionalType !== undefined && !MEDICAL_SERVICE_TYPES.includes(node.additionalType as never)) problems.push(`${where}: additionalType ${String(node.additionalType)} is not a service type of the spec`);
    if (node.relevantSpecialty !== undefined && !MEDICAL_SPECIALTIES.map((s) => `https://schema.org/${s}`).includes(node.relevantSpecialty as string)) problems.push(`${where}: relevantSpecialty is not a MedicalSpecialty`);
  }
  return problems;
}

/** The page's JSON-LD blocks, parsed, and the raw text of each. */
function jsonLdOf(html: string): { raw: string[]; data: Array<Record<string, unknown>> } {
  const raw = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return { raw, data: raw.map((text) => JSON.parse(text) as Record<string, unknown>) };
}

/** The nodes of one JSON-LD block (a lone node or an @graph), with the block's @context checked. */
function nodesOf(block: Record<string, unknown>): Node[] {
  expect(block['@context']).toBe('https://schema.org');
  return (Array.isArray(block['@graph']) ? block['@graph'] : [block]) as Node[];
}

describe('structured data and fallback cards on the public pages', () => {
  let services: SiblingTemplates;
  let shell: FastifyInstance;
  let closeShell: (() => Promise<void>) | undefined;
  const hostile = 'Harbor </script><script>alert(1)</script> & Co';
  let clinicId: number;
  let emptyClinic: { id: number; name: string };
  const slugs = { HormoneTherapy: 'trt', SexualHealth: 'ed', MaleEnhancement: 'plong', WeightManagement: 'weight-loss', MedicalAesthetics: 'coolsculpting' } as const;

  beforeAll(async () => {
    services = await startTemplatesWithTenant();
    const templatesUrl = services.url;
    const created = await services.tenant.api.post('/api/clients', ADMIN).send({
      name: hostile,
      address: '1450 Larimer Street, Suite 200, Denver, CO 80202',
      phone: '(303) 555-0142',
      email: 'front@harbor.example.com',
      logoPath: '/uploads/harbor-logo.png',
    });
    expect(created.status).toBe(201);
    clinicId = created.body.data.id as number;
    for (const slug of Object.values(slugs)) {
      const found = await templateBySlug(services.dataSource, slug);
      await createClientService(services.dataSource, clinicId, found.id);
    }
    const empty = await services.tenant.api.post('/api/clients', ADMIN).send({ name: 'Quiet Cove Clinic', address: '9 Cove Lane', phone: '555-0199' });
    expect(empty.status).toBe(201);
    emptyClinic = { id: empty.body.data.id as number, name: 'Quiet Cove Clinic' };

    ({ shell, close: closeShell } = await shellOnServices(services, templatesUrl, { distPrefix: 'public-shell-ld-' }));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await closeShell?.();
    await services?.close();
  });

  const page = (url: string) => shell.inject({ url, headers: { 'x-forwarded-host': 'harbor.example.com' } });
  const origin = 'http://harbor.example.com';

  it('describes the clinic on its home page as a MedicalClinic with its address, phone and logo, escaped', async () => {
    const home = await page(`/?client=${clinicId}`);
    expect(home.statusCode).toBe(200);
    const { raw, data } = jsonLdOf(home.body);
    expect(data).toHaveLength(1);
    // Nothing of the clinic's name can end the script element or open another.
    for (const text of raw) expect(text).not.toMatch(/[<>]/);
    expect(home.body).not.toContain('<script>alert(1)</script>');
    const [clinic] = nodesOf(data[0]!);
    expect(vocabularyProblems(clinic!, 'home')).toEqual([]);
    expect(clinic).toMatchObject({
      '@type': 'MedicalClinic',
      name: hostile,
      url: `${origin}/?client=${clinicId}`,
      telephone: '(303) 555-0142',
      email: 'front@harbor.example.com',
      logo: `${origin}/uploads/harbor-logo.png`,
      address: { '@type': 'PostalAddress', streetAddress: '1450 Larimer Street, Suite 200', addressLocality: 'Denver', addressRegion: 'CO', postalCode: '80202' },
    });
  });

  it.each(Object.entries(slugs))('types the %s service page’s MedicalProcedure from its template’s category, offered by the clinic', async (type, slug) => {
    const res = await page(`/${slug}?client=${clinicId}`);
    expect(res.statusCode).toBe(200);
    const { raw, data } = jsonLdOf(res.body);
    expect(data).toHaveLength(1);
    for (const text of raw) expect(text).not.toMatch(/[<>]/);
    const nodes = nodesOf(data[0]!);
    expect(nodes.flatMap((node, i) => vocabularyProblems(node, `${slug}[${i}]`))).toEqual([]);
    const clinic = nodes.find((n) => n['@type'] === 'MedicalClinic');
    const procedure = nodes.find((n) => n['@type'] === 'MedicalProcedure');
    expect(clinic).toMatchObject({ name: hostile, telephone: '(303) 555-0142', address: { streetAddress: '1450 Larimer Street, Suite 200', addressLocality: 'Denver' } });
    expect(procedure).toMatchObject({ additionalType: type, url: `${origin}/${slug}` });
    expect(clinic!.availableService).toEqual({ '@id': procedure!['@id'] });
  });

  it('says nothing for pages that are no clinic’s service: not-found, thanks', async () => {
    expect(jsonLdOf((await page(`/no-such-service?client=${clinicId}`)).body).data).toEqual([]);
    expect(jsonLdOf((await page(`/thanks?client=${clinicId}`)).body).data).toEqual([]);
  });

  it('leads every fallback card of a clinic with no active service to a page in its branding, never a 404', async () => {
    const landing = await page(`/standalone-client-home?client=${emptyClinic.id}`);
    expect(landing.statusCode).toBe(200);
    const hrefs = [...landing.body.matchAll(/<a class="service-card__link" href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs).toEqual(['trt', 'weight-loss', 'coolsculpting', 'ed', 'plong', 'semaglutide'].map((slug) => `/${slug}?client=${emptyClinic.id}`));
    for (const href of hrefs) {
      const res = await page(href);
      expect({ href, status: res.statusCode }).toEqual({ href, status: 200 });
      expect(res.body).toContain(emptyClinic.name);
      expect(res.body).toContain('555-0199');
      // Not the clinic's own service: no lead form that would reach no one, not indexed, no procedure data.
      expect(res.body).toContain('data-fallback-service');
      expect(res.body).not.toContain('type="submit"');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(jsonLdOf(res.body).data).toEqual([]);
    }
    // The shared template's content, e.g. the TRT template's name.
    expect((await page(`/trt?client=${emptyClinic.id}`)).body).toContain('Testosterone Replacement Therapy (TRT)');
    // A clinic that has services keeps the not-found page for a path it does not offer.
    expect((await page(`/semaglutide?client=${clinicId}`)).statusCode).toBe(404);
  });
});
