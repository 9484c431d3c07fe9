import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FIELD = 'image';

/** Optional `folder` field of `POST /api/upload` (default images). */
export const UploadFolderSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Folder must be lower-case letters, numbers and dashes')
  .default('images');

export const UploadResultSchema = z.object({
  /** Where the stored file is served back from. */
  path: z.string(),
  /** The same; the spec's screens read either name. */
  filePath: z.string(),
  imagePath: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
