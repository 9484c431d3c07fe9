import { z } from 'zod';
import type { ImageVariant } from '../images';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FIELD = 'image';

/** Optional `folder` field of `POST /api/upload` (default images). */
export const UploadFolderSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Folder must be lower-case letters, numbers and dashes')
  .default('images');

/** What the uploader says about a file that looks like an image but is not a usable one. */
export const UploadImageMessages = {
  unreadable: 'This image could not be read; the file may be damaged. Please choose another image.',
  tooManyPixels: 'This image is too large in pixels (at most 50 megapixels). Please choose a smaller image.',
} as const;

/** The most pixels an uploaded image may have: bounds the memory a decode takes. */
export const MAX_UPLOAD_PIXELS = 50_000_000;

/** One WebP re-encoding of an uploaded image (`ImageVariant` in images.ts). */
export const ImageVariantSchema: z.ZodType<ImageVariant> = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Served back from here, like the original. */
  path: z.string(),
});

/** What an upload answers: where the file is, its size in pixels, and its WebP variants (narrowest first). */
export const UploadResultSchema = z.object({
  /** Where the stored file is served back from. */
  path: z.string(),
  /** The same; the spec's screens read either name. */
  filePath: z.string(),
  imagePath: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Of the original, as displayed (EXIF orientation applied). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Empty for an animated image: it is served as it was sent. */
  variants: z.array(ImageVariantSchema),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
