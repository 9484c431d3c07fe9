import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_ART_PATHS, DEMO_BEFORE_AFTER_SIZE, DEMO_HERO_SIZE, DEMO_TEMPLATE_ART, sizeInPath, variantsOf } from '@hap/contracts';
import { seed } from '../../src/db/seed';
import { SEED_CLIENTS, SEED_STAFF } from '../../src/db/seed-data';
import { seedDemoImages } from '../../src/db/seed-images';
import { seedTemplateArt } from '../../src/db/seed-template-art';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/database';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { uniq } from '../helpers/factories';
import { storedFiles, asBuffer } from '../helpers/files';

interface ClinicImages {
  id: number;
  logoPath: string | null;
  officeImagePath: string | null;
}

// Drawing and encoding every image takes a few seconds (more when other suites share the CPU).
// The templates' art doubles the first draw; under a full parallel run it has taken ~50 s.
jest.setTimeout(150_000);

describe('seed: demo imagery', () => {
  let db: ScratchDatabase;
  let t: TestTenant;
  const clinics = async () =>
    t.dataSource.query<ClinicImages[]>(
      `SELECT "id", "logo_path" AS "logoPath", "office_image_path" AS "officeImagePath" FROM "tenant"."clients" ORDER BY "id"`,
    );
  const staff = async () =>
    new Map(
      (
        await t.dataSource.query<Array<{ name: string; imagePath: string | null }>>(
          `SELECT "name", "image_path" AS "imagePath" FROM "tenant"."staff_members"`,
        )
      ).map((s) => [s.name, s.imagePath]),
    );
  const download = (path: string) => t.api.get(path).buffer(true).parse(asBuffer);

  beforeAll(async () => {
    db = await createScratchDatabase();
    t = await startTenant({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it("draws every demo clinic's logo and office and every seeded portrait once, keeping an admin's uploads", async () => {
    await seed(t.dataSource, { adminEmail: `img-${uniq()}@example.com`, adminPassword: 'x-password', uploadDir: null });
    expect((await clinics()).every((c) => c.logoPath === null && c.officeImagePath === null)).toBe(true);
    // An admin has already uploaded Apex's logo and Dr. Reed's photo.
    const upload = await t.api.post('/api/upload', ADMIN).attach('image', pngBytes(8), 'apex.png');
    const adminPath: string = upload.body.data.path;
    await t.dataSource.query(`UPDATE "tenant"."clients" SET "logo_path" = $1 WHERE "id" = 2`, [adminPath]);
    await t.dataSource.query(`UPDATE "tenant"."staff_members" SET "image_path" = $1 WHERE "name" = 'Dr. Marcus Reed'`, [adminPath]);

    const started = Date.now();
    const first = await seed(t.dataSource, { adminEmail: `img2-${uniq()}@example.com`, adminPassword: 'x-password', uploadDir: t.uploadDir });
    const took = Date.now() - started;
    const filesAfterFirst = await storedFiles(t.uploadDir);
    const second = await seed(t.dataSource, { adminEmail: `img3-${uniq()}@example.com`, adminPassword: 'x-password', uploadDir: t.uploadDir });

    // Logos 960 px (3 variants), offices 1920 px (5), portraits 800 px (3); one original each.
    const expected = (SEED_CLIENTS.length - 1) * 4 + SEED_CLIENTS.length * 6 + (SEED_STAFF.length - 1) * 4;
    expect(first.demoImagesWritten).toBe(expected);
    expect(second.demoImagesWritten).toBe(0);
    // The templates' art: 7 heroes (1920 px: 5 variants) and 28 before/after pictures (960 px: 3), drawn once.
    expect(first.templateArtWritten).toBe(7 * 6 + 28 * 4);
    expect(second.templateArtWritten).toBe(0);
    expect(await storedFiles(t.uploadDir)).toEqual(filesAfterFirst);
    console.info(`demo imagery: ${expected} files in ${took} ms`);

    const rows = await clinics();
    expect(rows.map((c) => c.id)).toEqual(SEED_CLIENTS.map((c) => c.id));
    for (const c of rows) {
      // Sized names: pages build each picture's srcset from its path alone (sizeInPath).
      expect(c.logoPath).toMatch(c.id === 2 ? adminPath : /^\/uploads\/clients\/[0-9a-f]{32}\.960x240\.png$/);
      expect(c.officeImagePath).toMatch(/^\/uploads\/clients\/[0-9a-f]{32}\.1920x1080\.jpg$/);
      expect(sizeInPath(c.officeImagePath!)).toEqual({ width: 1920, height: 1080 });
    }
    const portraits = await staff();
    for (const s of SEED_STAFF) {
      expect(portraits.get(s.name)).toMatch(s.name === 'Dr. Marcus Reed' ? adminPath : /^\/uploads\/staff\/[0-9a-f]{32}\.800x1000\.jpg$/);
    }
    // Different clinics, different art.
    expect(new Set(rows.map((c) => c.officeImagePath)).size).toBe(rows.length);
  });

  it.each([
    ['a logo', 'png', 960, 240, 'logoPath'],
    ['an office picture', 'jpeg', 1920, 1080, 'officeImagePath'],
  ] as const)('serves %s and its WebP variants', async (_what, format, width, height, column) => {
    const path = (await clinics()).find((c) => c.id === 1)![column]!;
    const original = await download(path);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe(`image/${format}`);
    expect(await sharp(original.body as Buffer).metadata()).toMatchObject({ format, width, height });
    for (const variant of variantsOf(path, width, height)) {
      const res = await download(variant.path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: variant.width, height: variant.height });
    }
  });

  it('serves each portrait at 800×1000 with its variants', async () => {
    const path = (await staff()).get('Dr. Elena Marquez')!;
    const res = await download(path);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 800, height: 1000 });
    expect(variantsOf(path, 800, 1000).map((v) => v.width)).toEqual([320, 640, 800]);
    expect((await download(variantsOf(path, 800, 1000)[0].path)).status).toBe(200);
  });

  it("serves every template's hero and before/after pictures at the paths the templates seed stores, with their variants", async () => {
    for (const path of DEMO_ART_PATHS) {
      const size = sizeInPath(path)!;
      const res = await download(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', ...size });
      for (const variant of variantsOf(path, size.width, size.height)) expect((await t.api.get(variant.path)).status).toBe(200);
    }
    const hero = await sharp((await download(DEMO_TEMPLATE_ART.trt.hero)).body as Buffer).metadata();
    expect({ width: hero.width, height: hero.height }).toEqual(DEMO_HERO_SIZE);
    // Before and after differ (the "after" is in the template's palette, the "before" washed out), and so do the stories.
    const [one, two] = DEMO_TEMPLATE_ART.ed.stories;
    const bytes = await Promise.all([one.before, one.after, two.before].map(async (p) => (await download(p)).body as Buffer));
    expect(new Set(bytes.map((b) => b.toString('base64'))).size).toBe(3);
    expect(await sharp(bytes[0]).metadata()).toMatchObject(DEMO_BEFORE_AFTER_SIZE);
  });

  it('draws a missing template picture again, and only that one', async () => {
    const hero = join(t.uploadDir, DEMO_TEMPLATE_ART.plong.hero.replace(/^\/uploads\//, ''));
    await rm(hero);
    const written = await seedTemplateArt(t.uploadDir);
    expect(written).toBe(6);
    expect((await download(DEMO_TEMPLATE_ART.plong.hero)).status).toBe(200);
  });

  it('names the art by its content: drawing it again writes the same files, not copies', async () => {
    const before = await storedFiles(t.uploadDir);
    const logo = (await clinics()).find((c) => c.id === 1)!.logoPath;
    await t.dataSource.query(`UPDATE "tenant"."clients" SET "logo_path" = NULL WHERE "id" = 1`);

    const written = await t.dataSource.transaction((manager) => seedDemoImages(manager, t.uploadDir));

    expect(written).toBe(4);
    expect((await clinics()).find((c) => c.id === 1)!.logoPath).toBe(logo);
    expect(await storedFiles(t.uploadDir)).toEqual(before);
  });
});
