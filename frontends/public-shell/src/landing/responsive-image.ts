import type { ResponsiveImage } from '@hap/contracts';

/*
 * `responsiveImage` of @hap/contracts (tenant/upload.ts), restated: that module
 * also declares the upload schemas, so importing any value from it puts zod in
 * the landing page's bundle (DESIGN §7). test/unit/landing-rules.test.ts checks
 * both give the same answer; once the contracts keep their image helpers in a
 * zod-free module, this file goes.
 */

const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const SIZED_NAME = /\.(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i;

/** The `<img>` attributes of a stored image path for a slot `slotWidth` CSS px wide. */
export function responsiveImage(path: string, slotWidth: number): ResponsiveImage {
  const match = SIZED_NAME.exec(path.split('?')[0] ?? '');
  const width = Number(match?.[1] ?? 0);
  const height = Number(match?.[2] ?? 0);
  if (!(width > 0 && height > 0) || !path.startsWith('/uploads/')) return { src: path };
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= widest) widths.push(width);
  const base = path.replace(/\.[a-z0-9]+$/i, '');
  const variants = widths.map((w) => ({ width: w, path: `${base}-${w}w.webp` }));
  const src = variants.find((v) => v.width >= slotWidth) ?? variants[variants.length - 1];
  return {
    src: src?.path ?? path,
    srcSet: variants.map((v) => `${v.path} ${v.width}w`).join(', '),
    width,
    height,
  };
}
