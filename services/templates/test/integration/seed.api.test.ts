import { seed } from '../../src/db/seed';
import { SEED_ACTIVATIONS } from '../../src/db/seed-activations';
import { SEED_TEMPLATES } from '../../src/db/seed-templates';
import { startTemplates, type TestTemplates } from '../helpers/app';

describe('seed', () => {
  let t: TestTemplates;

  beforeAll(async () => {
    t = await startTemplates();
  });
  afterAll(() => t.close());

  it('writes the demo catalogue once per database', async () => {
    expect(await seed(t.dataSource)).toEqual({ demoDataSeeded: false });
    const history = await t.dataSource.query<Array<{ name: string }>>('SELECT "name" FROM "templates"."seed_history"');
    expect(history.map((r) => r.name)).toEqual(['demo-catalogue-v1']);
  });

  it('holds complete templates: 6 symptoms, 6 benefits, 3 steps without "Step N:", 5+ FAQs, 3+ testimonials, stories', () => {
    expect(SEED_TEMPLATES.map((x) => [x.id, x.slug])).toEqual(
      expect.arrayContaining([
        [1, 'trt'],
        [4, 'plong'],
        [11, 'weight-management'],
      ]),
    );
    for (const x of SEED_TEMPLATES) {
      expect([x.headline, x.description, x.metaDescription, x.offer].every(Boolean)).toBe(true);
      expect(x.symptoms).toHaveLength(6);
      expect(x.benefits).toHaveLength(6);
      expect(x.process).toHaveLength(3);
      expect(x.process.some((p) => /^step\s*\d/i.test(p.title))).toBe(false);
      expect(x.faqs.length).toBeGreaterThanOrEqual(5);
      expect(x.testimonials.length).toBeGreaterThanOrEqual(3);
      expect(x.beforeAfterImages.length).toBeGreaterThanOrEqual(1);
      // Careful health marketing: no promises of cures or guaranteed results.
      expect(JSON.stringify(x)).not.toMatch(/\bcures?\b|guaranteed results|100% effective/i);
    }
  });

  it('activates several services for clinics 1–3 (some with custom content) and one or more for every other clinic', () => {
    for (let clientId = 1; clientId <= 11; clientId++) {
      const mine = SEED_ACTIVATIONS.filter((a) => a.clientId === clientId);
      expect(mine.length).toBeGreaterThanOrEqual(clientId <= 3 ? 3 : 1);
      if (clientId <= 3) expect(mine.some((a) => a.customTitle || a.customDescription || a.customOffer || a.customBenefits)).toBe(true);
    }
  });

  it('moves the id sequences past the fixed ids', async () => {
    const [{ id }] = await t.dataSource.query<Array<{ id: number }>>(`SELECT nextval('"templates"."service_templates_id_seq"')::int AS id`);
    expect(id).toBeGreaterThan(11);
  });
});
