import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { variantPathOf, type ImageVariant } from '@hap/contracts';
import type { ImageType } from './image-type';
import { DEFAULT_WEBP_EFFORT, inspectImage, renderVariants } from './image-variants';
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
 * are stored: original plus WebP variants, temporary files renamed into
 * place, the size in the name (`<folder>/<name>.<w>x<h>.<ext>`). The name
 * is a hash of the bytes, so storing the same image twice writes the same
 * files, never a second copy; `name` fixes it instead (the templates' demo
 * art, whose paths both seeds know).
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
  const rendered: Awaited<ReturnType<typeof renderVariants>> = [];
  try {
    await writeFile(tempPath, bytes);
    const info = await inspectImage(tempPath);
    rendered.push(...(await renderVariants(tempPath, info, () => storage.tempPath(), (p) => storage.discard(p), webpEffort)));
    const base = name ?? createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const size = info.animated ? null : { width: info.width, height: info.height };
    const path = `${UPLOADS_PREFIX}/${await storage.commit(tempPath, folder, extension, size, rendered, base)}`;
    const variants = rendered.map((v) => ({ width: v.width, height: v.height, path: variantPathOf(path, v.width) }));
    return { path, width: info.width, height: info.height, variants };
  } catch (err) {
    await Promise.all([tempPath, ...rendered.map((v) => v.tempPath)].map((p) => storage.discard(p)));
    throw err;
  }
}
