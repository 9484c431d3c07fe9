import sharp from 'sharp';
import { DEMO_ART_FOLDER, DEMO_ART_TEMPLATES, DEMO_TEMPLATE_ART, type DemoArtSlug } from '@hap/contracts';
import { storeImageBytes } from '../modules/upload/image-store';
import { UPLOADS_PREFIX } from '../modules/upload/upload.service';
import { uploadStorageFor } from '../modules/upload/upload.storage';
import { uploadS3FromEnv } from './seed-storage';
import { TEMPLATE_PALETTES, beforeAfterSvg, heroSvg } from './demo-images/template-art';

/** Faster WebP encoding than uploads get, like the clinics' demo art. */
const SEED_WEBP_EFFORT = 2;

const jpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();

/** `/uploads/templates/demo-trt-hero-v1.1920x1080.jpg` → `demo-trt-hero-v1` (the fixed name the store keeps). */
const baseNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.\d+x\d+\.jpg$/, '');


interface Picture {
  path: string;
  draw: () => string;
}

function pictures(slug: DemoArtSlug): Picture[] {
  const art = DEMO_TEMPLATE_ART[slug];
  const palette = TEMPLATE_PALETTES[slug];
  return [
    { path: art.hero, draw: () => heroSvg(slug, palette) },
    ...art.stories.flatMap((pair, i) => [
      { path: pair.before, draw: () => beforeAfterSvg(slug, palette, i, 'before') },
      { path: pair.after, draw: () => beforeAfterSvg(slug, palette, i, 'after') },
    ]),
  ];
}

/**
 * Draws the seeded templates' hero and before/after pictures into `uploadDir`
 * under the fixed paths of `DEMO_TEMPLATE_ART` (the templates seed stores
 * those paths), each with its WebP variants. A picture whose original is
 * already there is skipped, so this runs on every seed: a fresh upload
 * directory, or one from before the art existed, gets it; others are left
 * alone. Returns how many files (originals and variants) were written.
 */
export async function seedTemplateArt(uploadDir: string): Promise<number> {
  const storage = uploadStorageFor(uploadDir, uploadS3FromEnv());
  const missing: Picture[] = [];
  for (const { slug } of DEMO_ART_TEMPLATES) {
    for (const picture of pictures(slug)) {
      if (!(await storage.has(picture.path.slice(UPLOADS_PREFIX.length + 1)))) missing.push(picture);
    }
  }
  const settled = await Promise.allSettled(
    missing.map(async ({ path, draw }) => {
      const stored = await storeImageBytes(storage, await jpeg(draw()), DEMO_ART_FOLDER, 'jpg', SEED_WEBP_EFFORT, baseNameOf(path));
      // The drawing and the constant must agree on the size, or pages would build a wrong srcset.
      if (stored.path !== path) throw new Error(`demo art drawn at ${stored.path}, expected ${path}`);
      return 1 + stored.variants.length;
    }),
  );
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
}
