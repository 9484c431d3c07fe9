import type { ResponsiveImage } from '@hap/contracts';

/*
 * A copy of `responsiveImage` of @hap/contracts (tenant/upload.ts), kept here
 * because that module also declares the upload schemas: importing any value
 * from it puts zod (≈ 85 kB) in the public pages' bundle (DESIGN §7). The unit
 * test home-responsive-image.test.ts checks that both give the same answer;
 * once the contracts move the image helpers to a module of their own, this
 * file can import them instead.
 */

/** The widths of the WebP variants the upload store writes (contracts IMAGE_VARIANT_WIDTHS). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const SIZED_NAME = /\.(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i;

function sizeInPath(path: string): { width: number; height: number } | null {
  const match = SIZED_NAME.exec(path.split('?')[0] ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

function variantWidthsFor(width: number): number[] {
  const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]) widths.push(width);
  return widths;
}

const variantPathOf = (path: string, width: number) => `${path.replace(/\.[a-z0-9]+$/i, '')}-${width}w.webp`;

/**
 * The `<img>` attributes of a stored image path for a slot `slotWidth` CSS px
 * wide: `src` the narrowest variant at least that wide, `srcSet` every
 * variant, and the original's size. A path without a size in its name (an
 * outside URL, an older upload) is used as it is.
 */
export function responsiveImage(path: string, slotWidth: number): ResponsiveImage {
  const size = sizeInPath(path);
  if (!size || !path.startsWith('/uploads/')) return { src: path };
  const variants = variantWidthsFor(size.width).map((w) => ({ width: w, path: variantPathOf(path, w) }));
  const src = variants.find((v) => v.width >= slotWidth) ?? variants[variants.length - 1];
  return {
    src: src?.path ?? path,
    srcSet: variants.map((v) => `${v.path} ${v.width}w`).join(', '),
    width: size.width,
    height: size.height,
  };
}
