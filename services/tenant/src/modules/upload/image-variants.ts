import { ErrorCode, MAX_UPLOAD_PIXELS, UploadImageMessages, variantsOf } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import type { ImageType } from './image-type';

/** What decoding an image found out. */
export interface ImageInfo {
  /** As displayed: EXIF orientation applied. */
  width: number;
  height: number;
  /** More than one frame: every frame kept, no variants (a still WebP would lose the motion). */
  animated: boolean;
}

/** A variant written under a temporary name, waiting to be moved into place. */
export interface RenderedVariant {
  width: number;
  height: number;
  tempPath: string;
  size: number;
}

/** sharp (libvips) is loaded at the first upload, not when tenant starts (ARCHITECTURE.md#processes). */
const loadSharp = () => import('sharp').then((module) => module.default);

/** Reading options: refuse damaged files (libvips warnings too) and decompression bombs. */
const INPUT = { failOn: 'warning', limitInputPixels: MAX_UPLOAD_PIXELS } as const;

/** WebP quality: keeps a 1920 px illustrated hero near 35 KB and a photo near 150 KB. */
const WEBP_QUALITY = 78;

/** The served original's quality in the lossy formats: at full size it stays close to what was sent. */
const ORIGINAL_QUALITY = 90;

/**
 * libvips' default encoder effort (0–6): uploads pay it once. The seed, which
 * encodes ~140 files at start-up, passes 2 (about twice as fast, ~6% larger).
 */
export const DEFAULT_WEBP_EFFORT = 4;

function unreadable(err: unknown): AppError {
  const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
  return new AppError(400, ErrorCode.BAD_REQUEST, tooBig ? UploadImageMessages.tooManyPixels : UploadImageMessages.unreadable);
}

/**
 * Decodes the whole image once (a header can look fine over a damaged body),
 * answering 400 in people's words when it cannot be read.
 */
export async function inspectImage(path: string): Promise<ImageInfo> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(path, INPUT).metadata();
    const animated = (meta.pages ?? 1) > 1;
    // A small full decode of every frame proves the body is whole.
    await sharp(path, { ...INPUT, animated }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.pageHeight ?? meta.height };
    const height = animated ? (meta.pageHeight ?? oriented.height) : oriented.height;
    if (!oriented.width || !height) throw new Error('no dimensions');
    return { width: oriented.width, height, animated };
  } catch (err) {
    throw unreadable(err);
  }
}

/**
 * Writes the WebP variants of the image at `sourcePath` (sizes from the
 * contracts' rule `variantsOf`, never upscaled) to fresh temporary paths. The
 * original is decoded once, to the widest variant's size, and every variant is
 * made from that: one decode of a large photo, not five side by side. On
 * failure the ones already written are removed before the error goes on.
 */
export async function renderVariants(
  sourcePath: string,
  info: ImageInfo,
  tempPath: () => string,
  discard: (path: string) => Promise<void>,
  effort = DEFAULT_WEBP_EFFORT,
): Promise<RenderedVariant[]> {
  const sharp = await loadSharp();
  if (info.animated) return [];
  const sizes = variantsOf('', info.width, info.height);
  const widest = sizes[sizes.length - 1];
  const targets = sizes.map((size) => ({ ...size, tempPath: tempPath() }));
  try {
    const base = await sharp(sourcePath, INPUT)
      .rotate()
      .resize({ width: widest.width, height: widest.height, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    return await Promise.all(
      targets.map(async ({ width, height, tempPath: out }) => {
        const written = await sharp(base.data, { raw })
          .resize({ width, height, fit: 'fill' })
          .webp({ quality: WEBP_QUALITY, effort })
          .toFile(out);
        return { width: written.width, height: written.height, tempPath: out, size: written.size };
      }),
    );
  } catch (err) {
    await Promise.all(targets.map((t) => discard(t.tempPath)));
    throw err;
  }
}

/** The original as served, written under a temporary name. */
export interface RenderedOriginal {
  tempPath: string;
  size: number;
}

/**
 * Writes the original as it will be served: the same format and size, EXIF
 * orientation applied to the pixels, and none of the sender's metadata (EXIF
 * with its GPS position and camera serial, XMP, IPTC, comments; the colour
 * profile is converted to sRGB and dropped). sharp keeps no metadata unless
 * asked (`keepMetadata`, `withMetadata`), and re-encoding drops whatever a
 * file carries past its image data too. An animated image keeps every frame,
 * its timing and its loop count. The bytes as sent are not kept anywhere.
 */
export async function renderOriginal(
  sourcePath: string,
  info: ImageInfo,
  extension: ImageType['extension'],
  tempPath: string,
  discard: (path: string) => Promise<void>,
): Promise<RenderedOriginal> {
  const sharp = await loadSharp();
  // Frames are not turned: a GIF has no orientation, and inspectImage sizes an animated image by its frames as stored.
  const image = info.animated ? sharp(sourcePath, { ...INPUT, animated: true }) : sharp(sourcePath, INPUT).rotate();
  const encoded =
    extension === 'jpg'
      ? image.jpeg({ quality: ORIGINAL_QUALITY })
      : extension === 'png'
        ? image.png()
        : extension === 'gif'
          ? image.gif()
          : image.webp({ quality: ORIGINAL_QUALITY });
  try {
    const written = await encoded.toFile(tempPath);
    return { tempPath, size: written.size };
  } catch (err) {
    await discard(tempPath);
    throw err;
  }
}

/** An accepted image, rendered: what it is, the original as served and its variants, all under temporary names. */
export interface RenderedImage {
  info: ImageInfo;
  original: RenderedOriginal;
  variants: RenderedVariant[];
}

/**
 * Decodes the received file at `sourcePath` (400 when it cannot be read) and
 * writes the original as served and its WebP variants to temporary paths,
 * for uploads and the seed's pictures alike. The received file is left to the
 * caller; on failure, nothing this wrote is left behind.
 */
export async function renderImage(
  sourcePath: string,
  extension: ImageType['extension'],
  tempPath: () => string,
  discard: (path: string) => Promise<void>,
  effort = DEFAULT_WEBP_EFFORT,
): Promise<RenderedImage> {
  const info = await inspectImage(sourcePath);
  const variants = await renderVariants(sourcePath, info, tempPath, discard, effort);
  try {
    const original = await renderOriginal(sourcePath, info, extension, tempPath(), discard);
    return { info, original, variants };
  } catch (err) {
    await Promise.all(variants.map((v) => discard(v.tempPath)));
    throw err;
  }
}
