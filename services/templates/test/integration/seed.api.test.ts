import { DEMO_ART_TEMPLATES, DEMO_TEMPLATE_ART, sizeInPath, type DemoArtSlug } from '@hap/contracts';
import { seed } from '../../src/db/seed';
import { SEED_ACTIVATIONS } from '../../src/db/seed-activations';
import { SEED_TEMPLATES } from '../../src/db/seed-templates';
import { START_TIMEOUT_MS, startTemplates } from '../helpers/app';
import { sharedService } from '@hap/test-kit/shared-service';

describe('seed', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  it('writes the demo catalogue once per database', async () => {
    expect(await seed(t.dataSource)).toEqual({ demoDataSeeded: false, demoArtTemplates: 0 });
    const history = await t.dataSource.query<Array<{ name: string }>>('SELECT "name" FROM "templates"."seed_history" ORDER BY "name"');
    expect(history.map((r) => r.name)).toEqual(['demo-catalogue-v1', 'demo-template-art-v1']);
  });

  it("gives every demo template the demo art's hero and each story its before and after pictures", async () => {
    const rows = await t.dataSource.query<Array<{ id: number; slug: string; heroImage: string | null; stories: Array<{ beforeImage: string; afterImage: string }> }>>(
      `SELECT "id", "slug", "hero_image" AS "heroImage", "before_after_images" AS "stories" FROM "templates"."service_templates" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
      [DEMO_ART_TEMPLATES.map((x) => x.id)],
    );
    expect(rows.map((r) => [r.id, r.slug])).toEqual(DEMO_ART_TEMPLATES.map((x) => [x.id, x.slug]));
    for (const row of rows) {
      const art = DEMO_TEMPLATE_ART[row.slug as DemoArtSlug];
      expect(row.heroImage).toBe(art.hero);
      expect(row.stories.map((s) => ({ before: s.beforeImage, after: s.afterImage }))).toEqual(art.stories);
    }
    // Pages read them through the content answers, sized for a srcset.
    const content = await t.api.get('/api/direct-template-content/1');
    expect(content.body.data.heroImage).toBe(DEMO_TEMPLATE_ART.trt.hero);
    expect(sizeInPath(content.body.data.beforeAfterImages[0].beforeImage)).toEqual({ width: 960, height: 720 });
  });

  it("fills only empty pictures of a database seeded before the art existed, never an admin's", async () => {
    await t.dataSource.query(`DELETE FROM "templates"."seed_history" WHERE "name" = 'demo-template-art-v1'`);
    const before = await t.dataSource.query<Array<{ id: number; hero: string | null; stories: unknown }>>(
      `SELECT "id", "hero_image" AS "hero", "before_after_images" AS "stories" FROM "templates"."service_templates" WHERE "id" IN (2, 3)`,
    );
    try {
      // Template 2 as the older seed left it (no pictures); template 3 with an admin's hero.
      await t.dataSource.query(
        `UPDATE "templates"."service_templates" SET "hero_image" = NULL,
           "before_after_images" = (SELECT jsonb_agg(s - 'beforeImage' - 'afterImage') FROM jsonb_array_elements("before_after_images") s) WHERE "id" = 2`,
      );
      await t.dataSource.query(`UPDATE "templates"."service_templates" SET "hero_image" = '/uploads/templates/mine.png' WHERE "id" = 3`);

      expect(await seed(t.dataSource)).toEqual({ demoDataSeeded: false, demoArtTemplates: 1 });

      const [two, three] = await t.dataSource.query<Array<{ hero: string; stories: Array<{ beforeImage: string; title: string }> }>>(
        `SELECT "hero_image" AS "hero", "before_after_images" AS "stories" FROM "templates"."service_templates" WHERE "id" IN (2, 3) ORDER BY "id"`,
      );
      expect(two.hero).toBe(DEMO_TEMPLATE_ART['weight-loss'].hero);
      expect(two.stories.map((s) => s.beforeImage)).toEqual(DEMO_TEMPLATE_ART['weight-loss'].stories.map((s) => s.before));
      expect(two.stories[0].title).toBe('Steady progress');
      expect(three.hero).toBe('/uploads/templates/mine.png');
      expect(await seed(t.dataSource)).toEqual({ demoDataSeeded: false, demoArtTemplates: 0 });
    } finally {
      for (const row of before) {
        await t.dataSource.query(`UPDATE "templates"."service_templates" SET "hero_image" = $2, "before_after_images" = $3 WHERE "id" = $1`, [
          row.id,
          row.hero,
          JSON.stringify(row.stories),
        ]);
      }
    }
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
