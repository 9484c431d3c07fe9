/**
 * Image helpers pages and services share: pure, with no schema library, so a
 * public page can import them without zod reaching the browser (docs/public-site.md#page-speed).
 * The upload contract (tenant/upload.ts) declares the schemas around them.
 */

/**
 * The widths (px) of the WebP re-encodings written next to every uploaded
 * image: the sizes public pages ask for, phone to wide desktop (docs/public-site.md#page-speed).
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** One WebP re-encoding of an uploaded image. */
export interface ImageVariant {
  width: number;
  height: number;
  /** Served back from here, like the original. */
  path: string;
}

/**
 * The variant widths for an original `width` px wide: every standard width
 * below it, plus the original width itself when it is not wider than the
 * widest standard one. Never wider than the original (no upscaling).
 */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  const widest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
  if (width <= widest) widths.push(width);
  return widths;
}

/** `/uploads/images/<name>.png` → `/uploads/images/<name>-640w.webp`: where a variant of `path` is served. */
export function variantPathOf(path: string, width: number): string {
  return `${path.replace(/\.[a-z0-9]+$/i, '')}-${width}w.webp`;
}

/**
 * The variants of an image stored at `path` of `width`×`height`, derived by
 * the same rule the store writes them with: pages that know an image's size
 * can build its `srcset` without asking.
 */
export function variantsOf(path: string, width: number, height: number): ImageVariant[] {
  return variantWidthsFor(width).map((w) => ({
    width: w,
    height: Math.max(1, Math.round((height * w) / width)),
    path: variantPathOf(path, w),
  }));
}

/** The `srcset` attribute of a set of variants: `"/a-320w.webp 320w, /a-640w.webp 640w"`, narrowest first. */
export function srcSetOf(variants: readonly Pick<ImageVariant, 'width' | 'path'>[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.path} ${v.width}w`)
    .join(', ');
}

/**
 * The variant to put in `src` for a slot `slotWidth` CSS px wide: the
 * narrowest at least that wide, else the widest there is; null when there are none.
 */
export function pickVariant<T extends Pick<ImageVariant, 'width'>>(variants: readonly T[], slotWidth: number): T | null {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return sorted.find((v) => v.width >= slotWidth) ?? sorted[sorted.length - 1] ?? null;
}

/**
 * An image as a page puts it in `<img>`: `src`, and when its size is known a
 * `srcSet` of its WebP variants with `width`/`height` (no layout shift).
 */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/**
 * Stored originals carry their size in the name: `<folder>/<32 hex>.<w>x<h>.<ext>`
 * (the upload store and the demo seed write them so), which lets a page that
 * has only the path build the srcset (variantsOf) without asking.
 */
const SIZED_NAME = /\.(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i;

/** `/uploads/clients/ab…cd.960x240.png` → 960×240; null for a path without a size. */
export function sizeInPath(path: string): { width: number; height: number } | null {
  const match = SIZED_NAME.exec(path.split('?')[0] ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The `<img>` attributes of a stored image path for a slot `slotWidth` CSS px
 * wide: `src` is the variant fitting the slot, `srcSet` every variant. A path
 * without a size in its name (an outside URL, an older upload) is used as it is.
 */
export function responsiveImage(path: string, slotWidth: number): ResponsiveImage {
  const size = sizeInPath(path);
  if (!size || !path.startsWith('/uploads/')) return { src: path };
  const variants = variantsOf(path, size.width, size.height);
  const src = pickVariant(variants, slotWidth);
  return { src: src?.path ?? path, srcSet: srcSetOf(variants), width: size.width, height: size.height };
}
