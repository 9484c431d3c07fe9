/**
 * The demo templates' pictures: a hero image per seeded template and a before
 * and an after picture per before/after story. Tenant's seed draws them (SVG
 * in code, rendered with their WebP variants) into the uploads directory under
 * exactly these paths; the templates seed stores these paths in
 * `service_templates`. Pure constants, so both seeds agree without talking.
 *
 * The names carry their size (`sizeInPath`, `responsiveImage`) and a version:
 * files are cached for a year as immutable, so art that changes gets a new
 * version, never new bytes under an old name.
 */

/** Bump when the drawing changes: new names, so no browser keeps the old picture. */
export const DEMO_ART_VERSION = 1;

export const DEMO_HERO_SIZE = { width: 1920, height: 1080 } as const;
export const DEMO_BEFORE_AFTER_SIZE = { width: 960, height: 720 } as const;

/** The upload folder the demo art lives in: the template editor's own. */
export const DEMO_ART_FOLDER = 'templates';

/** The seeded templates that get art (id → slug), docs/public-site.md#what-a-page-shows / templates seed. */
export const DEMO_ART_TEMPLATES = [
  { id: 1, slug: 'trt' },
  { id: 2, slug: 'weight-loss' },
  { id: 3, slug: 'ed' },
  { id: 4, slug: 'plong' },
  { id: 5, slug: 'coolsculpting' },
  { id: 6, slug: 'semaglutide' },
  { id: 11, slug: 'weight-management' },
] as const;
export type DemoArtSlug = (typeof DEMO_ART_TEMPLATES)[number]['slug'];

/** Before/after stories per seeded template. */
export const DEMO_STORIES_PER_TEMPLATE = 2;

const artPath = (name: string, size: { width: number; height: number }) =>
  `/uploads/${DEMO_ART_FOLDER}/demo-${name}-v${DEMO_ART_VERSION}.${size.width}x${size.height}.jpg`;

export interface DemoTemplateArt {
  /** 1920×1080 JPEG. */
  hero: string;
  /** One pair per story, in the seed's story order; 960×720 JPEG each. */
  stories: Array<{ before: string; after: string }>;
}

/** Every seeded template's art paths, by slug. */
export const DEMO_TEMPLATE_ART: Readonly<Record<DemoArtSlug, DemoTemplateArt>> = Object.fromEntries(
  DEMO_ART_TEMPLATES.map(({ slug }) => [
    slug,
    {
      hero: artPath(`${slug}-hero`, DEMO_HERO_SIZE),
      stories: Array.from({ length: DEMO_STORIES_PER_TEMPLATE }, (_, i) => ({
        before: artPath(`${slug}-story${i + 1}-before`, DEMO_BEFORE_AFTER_SIZE),
        after: artPath(`${slug}-story${i + 1}-after`, DEMO_BEFORE_AFTER_SIZE),
      })),
    },
  ]),
) as Record<DemoArtSlug, DemoTemplateArt>;

/** Every demo art path, for checks ("is every one served?"). */
export const DEMO_ART_PATHS: readonly string[] = Object.values(DEMO_TEMPLATE_ART).flatMap((art) => [
  art.hero,
  ...art.stories.flatMap((s) => [s.before, s.after]),
]);
