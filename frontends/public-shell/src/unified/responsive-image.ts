/**
 * The `<img>` attributes of an uploaded image: a copy of the contracts'
 * `responsiveImage` (packages/contracts/src/tenant/upload.ts). That module
 * also declares the upload's zod schemas at its top level, so importing
 * anything from it brings zod (≈ 85 kB) into the landing chunk (DESIGN §7).
 * test/unit/unified-rules.test.ts checks this copy answers as the original
 * does; it goes once the helpers live in a zod-free contracts module (README).
 */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/** IMAGE_VARIANT_WIDTHS of the contracts: the WebP widths written next to every upload. */
const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const SIZED_NAME = /\.(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i;

export function responsiveImage(path: string, slotWidth: number): ResponsiveImage {
  const match = SIZED_NAME.exec(path.split('?')[0] ?? '');
  const width = Number(match?.[1] ?? 0);
  const height = Number(match?.[2] ?? 0);
  if (!match || !(width > 0 && height > 0) || !path.startsWith('/uploads/')) return { src: path };
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]) widths.push(width);
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
