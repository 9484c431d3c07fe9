import { ErrorCode, Messages, UploadFolderSchema, type UploadResult } from '@hap/contracts';
import { AppError, notFound } from '@hap/service-kit';
import { assertAdmin, type Actor } from '../../shared/actor';
import { detectImageType } from './image-type';
import type { ReceivedUpload } from './upload.multipart';
import type { StoredFile, UploadStorage } from './upload.storage';

export const UPLOADS_PREFIX = '/uploads';
export const fileNotFound = 'This file was not found.';

/** Image uploads (admin spec §5 image uploader): size, type by content, then storage. */
export class UploadService {
  constructor(private readonly storage: UploadStorage) {}

  /**
   * Checks the caller before a byte is read, then accepts the received file
   * or removes it. `folder` fixed by the route wins over the form field.
   */
  async upload(actor: Actor, receive: () => Promise<ReceivedUpload>, fixedFolder?: string): Promise<UploadResult> {
    assertAdmin(actor);
    const received = await receive();
    const { tempPath } = received;
    if (!tempPath) throw new AppError(400, ErrorCode.NO_FILE, Messages.noFile);
    try {
      return await this.accept(tempPath, received, fixedFolder);
    } catch (err) {
      await this.storage.discard(tempPath);
      throw err;
    }
  }

  /** A stored file for serving, or 404. */
  async locate(relative: string): Promise<StoredFile> {
    const found = await this.storage.locate(relative);
    if (!found) throw notFound(fileNotFound);
    return found;
  }

  private async accept(tempPath: string, received: ReceivedUpload, fixedFolder?: string): Promise<UploadResult> {
    if (received.size === 0) throw new AppError(400, ErrorCode.NO_FILE, Messages.noFile);
    if (received.truncated) throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Messages.fileTooLarge);
    const folder = UploadFolderSchema.safeParse(fixedFolder ?? received.folder);
    if (!folder.success) {
      const message = folder.error.issues[0]?.message ?? Messages.validationFailed;
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, message, [{ path: 'folder', message }]);
    }
    const type = detectImageType(received.head);
    if (!type) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, Messages.invalidFileType);
    const relative = await this.storage.commit(tempPath, folder.data, type.extension);
    const path = `${UPLOADS_PREFIX}/${relative}`;
    return { path, filePath: path, imagePath: path, mimeType: type.mimeType, size: received.size };
  }
}
