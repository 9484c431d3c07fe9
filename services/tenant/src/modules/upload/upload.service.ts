import { ErrorCode, Messages, UploadFolderSchema, variantPathOf, type UploadResult } from '@hap/contracts';
import { AppError, assertAdmin, notFound, type Actor } from '@hap/service-kit';
import { detectImageType } from './image-type';
import { renderImage } from './image-variants';
import type { ReceivedUpload } from './upload.multipart';
import type { StoredFile, UploadStorage } from './upload.storage';

export const UPLOADS_PREFIX = '/uploads';

/** What one upload route stores where, and the texts its screen shows (docs/admin.md#validation). */
export interface UploadKind {
  /** Fixed by the route; wins over the form's `folder` field. */
  folder?: string;
  invalidFileType: string;
  fileTooLarge: string;
}

/** `POST /api/upload`: the general image uploader. */
export const IMAGE_UPLOAD: UploadKind = {
  invalidFileType: Messages.invalidFileType,
  fileTooLarge: Messages.fileTooLarge,
};

/** `POST /api/upload/template-image`: the template editor's image upload, always in `templates`. */
export const TEMPLATE_IMAGE_UPLOAD: UploadKind = {
  folder: 'templates',
  invalidFileType: Messages.templateInvalidFileType,
  fileTooLarge: Messages.templateFileTooLarge,
};

/** `POST /api/portal/uploads`: the general uploader's checks and words, in the clinic's own folder. */
export const portalImageUpload = (clientId: number): UploadKind => ({ ...IMAGE_UPLOAD, folder: clinicUploadFolder(clientId) });

/** A clinic's own upload folder (the portal's uploads); removed with the clinic. */
export const clinicUploadFolder = (clientId: number) => `clinic-${clientId}`;

/** Image uploads (docs/admin.md#validation image uploader): size, type by content, then storage. */
export class UploadService {
  constructor(private readonly storage: UploadStorage) {}

  /**
   * Checks the caller before a byte is read, then accepts the received file
   * or removes it, answering in the words of the route's screen.
   */
  async upload(actor: Actor, receive: () => Promise<ReceivedUpload>, kind: UploadKind): Promise<UploadResult> {
    assertAdmin(actor);
    return this.store(receive, kind);
  }

  /**
   * The pipeline every uploader shares (the admin's, the clinic portal's):
   * receive, check, store. The caller has checked access before a byte is read.
   */
  async store(receive: () => Promise<ReceivedUpload>, kind: UploadKind): Promise<UploadResult> {
    const received = await receive();
    const { tempPath } = received;
    if (!tempPath) throw new AppError(400, ErrorCode.NO_FILE, Messages.noFile);
    try {
      return await this.accept(tempPath, received, kind);
    } finally {
      // Accepted or not, the bytes as sent are not kept: what is served was written from them.
      await this.storage.discard(tempPath);
    }
  }

  /** A stored file for serving, or 404. */
  async locate(relative: string): Promise<StoredFile> {
    const found = await this.storage.locate(relative);
    if (!found) throw notFound(Messages.fileNotFound);
    return found;
  }

  private async accept(tempPath: string, received: ReceivedUpload, kind: UploadKind): Promise<UploadResult> {
    if (received.size === 0) throw new AppError(400, ErrorCode.NO_FILE, Messages.noFile);
    if (received.truncated) throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, kind.fileTooLarge);
    const folder = UploadFolderSchema.safeParse(kind.folder ?? received.folder);
    if (!folder.success) {
      const message = folder.error.issues[0]?.message ?? Messages.validationFailed;
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, message, [{ path: 'folder', message }]);
    }
    const type = detectImageType(received.head);
    if (!type) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, kind.invalidFileType);
    const { info: image, original, variants: rendered } = await renderImage(tempPath, type.extension, () => this.storage.tempPath(), (p) => this.storage.discard(p));
    try {
      // The size goes into the name (sizeInPath reads it back), unless the image is animated: it has no variants to list.
      const size = image.animated ? null : { width: image.width, height: image.height };
      const relative = await this.storage.commit(original.tempPath, folder.data, type.extension, size, rendered);
      const path = `${UPLOADS_PREFIX}/${relative}`;
      const variants = rendered.map((v) => ({ width: v.width, height: v.height, path: variantPathOf(path, v.width) }));
      return { path, filePath: path, imagePath: path, mimeType: type.mimeType, size: original.size, width: image.width, height: image.height, variants };
    } catch (err) {
      await Promise.all([original.tempPath, ...rendered.map((v) => v.tempPath)].map((p) => this.storage.discard(p)));
      throw err;
    }
  }
}
