import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { variantPathOf, type ImageVariant } from '@hap/contracts';
import type { ImageType } from './image-type';
import { DEFAULT_WEBP_EFFORT, renderImage, type RenderedImage } from './image-variants';
import { UPLOADS_PREFIX } from './upload.service';
import type { UploadStorage } from './upload.storage';

/** An image stored with its variants. */
export interface StoredImage {
  path: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * Stores an image made in this process (the seed's demo art) the way uploads
 * are stored: the original as served (no metadata, renderImage) plus WebP
 * variants, temporary files renamed into place, the size in the name
 * (`<folder>/<name>.<w>x<h>.<ext>`). The name is a hash of the bytes given,
 * so storing the same image twice writes the same files, never a second
 * copy; `name` fixes it instead (the templates' demo art, whose paths both
 * seeds know).
 */
export async function storeImageBytes(
  storage: UploadStorage,
  bytes: Buffer,
  folder: string,
  extension: ImageType['extension'],
  webpEffort = DEFAULT_WEBP_EFFORT,
  name?: string,
): Promise<StoredImage> {
  const tempPath = storage.tempPath();
  let rendered: RenderedImage | null = null;
  try {
    await writeFile(tempPath, bytes);
    rendered = await renderImage(tempPath, extension, () => storage.tempPath(), (p) => storage.discard(p), webpEffort);
    const { info, original } = rendered;
    const base = name ?? createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const size = info.animated ? null : { width: info.width, height: info.height };
    const path = `${UPLOADS_PREFIX}/${await storage.commit(original.tempPath, folder, extension, size, rendered.variants, base)}`;
    const variants = rendered.variants.map((v) => ({ width: v.width, height: v.height, path: variantPathOf(path, v.width) }));
    return { path, width: info.width, height: info.height, variants };
  } catch (err) {
    const written = rendered ? [rendered.original.tempPath, ...rendered.variants.map((v) => v.tempPath)] : [];
    await Promise.all(written.map((p) => storage.discard(p)));
    throw err;
  } finally {
    await storage.discard(tempPath);
  }
}
