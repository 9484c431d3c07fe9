import { createContext } from 'react';
import { ApiError, errorFromAnswer, MAX_UPLOAD_BYTES, routes, UPLOAD_FIELD, UploadResultSchema, type UploadResult } from '@hap/contracts';

/** A file the uploader refuses before sending, in the spec's words (docs/admin.md#validation). */
export interface FileProblem {
  title: string;
  text: string;
}

/** The two wordings of the spec: staff and client images, and the template editor's. */
export const UPLOAD_TEXTS = {
  standard: {
    type: { title: 'Invalid file type', text: 'Please select an image file (JPEG, PNG, etc.)' },
    size: { title: 'File too large', text: 'Image file must be smaller than 5MB' },
  },
  template: {
    type: { title: 'Invalid file type', text: 'Please select an image file (JPG, PNG, GIF, etc.)' },
    size: { title: 'File too large', text: 'Please select an image smaller than 5MB' },
  },
} as const;
export type UploadWording = keyof typeof UPLOAD_TEXTS;

/** docs/admin.md#validation: an image, at most 5 MB; null when the file may be sent. */
export function checkImageFile(file: { type: string; size: number }, wording: UploadWording = 'standard'): FileProblem | null {
  if (!file.type.startsWith('image/')) return UPLOAD_TEXTS[wording].type;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TEXTS[wording].size;
  return null;
}

/** Where an image goes: the admin's uploader, or a clinic owner's in the portal (the clinic's own folder). */
export type UploadRoute = typeof routes.uploadImage | typeof routes.uploadPortalImage;
/** The portal's screens upload through its own row; the admin's through theirs. */
export const UploadRouteContext = createContext<UploadRoute>(routes.uploadImage);

/**
 * POST /api/upload (multipart `image`, optional `folder`) with upload
 * progress (XMLHttpRequest: fetch reports none). Answers the stored file;
 * a refusal is an ApiError with the server's sentence.
 */
export function uploadImage(
  file: File,
  options: { folder?: string; onProgress?: (percent: number) => void; signal?: AbortSignal; route?: UploadRoute } = {},
): Promise<UploadResult> {
  const route = options.route ?? routes.uploadImage;
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append(UPLOAD_FIELD, file);
    if (options.folder) body.append('folder', options.folder);
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, route.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status !== route.status) return reject(errorFromAnswer(xhr.status, xhr.responseText));
      let parsed: ReturnType<typeof UploadResultSchema.safeParse> | null = null;
      try {
        parsed = UploadResultSchema.safeParse((JSON.parse(xhr.responseText) as { data?: unknown }).data);
      } catch {
        parsed = null;
      }
      if (!parsed?.success || !parsed.data.path) return reject(new ApiError('No file path returned from server', xhr.status, null));
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError('Failed to upload image. Please try again.', 0, null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
