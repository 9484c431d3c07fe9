import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MIME_BY_EXTENSION, type ImageType } from './image-type';

/** A stored file, ready to stream. */
export interface StoredFile {
  absolutePath: string;
  /** The random name: it never names other content, so it is a strong ETag. */
  name: string;
  size: number;
  mimeType: ImageType['mimeType'];
}

/**
 * `<folder>/<32 hex>.<ext>` (an original) and `<folder>/<32 hex>-<width>w.webp`
 * (one of its variants): the only names this store writes, so the only ones it serves.
 */
const STORED_NAME = /^([a-z0-9][a-z0-9-]{0,39})\/([a-f0-9]{32}(?:-[1-9][0-9]{0,4}w(?=\.webp$))?)\.(jpg|png|gif|webp)$/;

/** A variant waiting under a temporary name. */
export interface PendingVariant {
  width: number;
  tempPath: string;
}

/** The names tempPath() writes. */
const TEMP_NAME = /^[a-f0-9]{32}\.part$/;

/**
 * Temporary files older than this are leftovers of a process that died
 * mid-upload. No live upload is that old: Node's request timeout (5 minutes by
 * default) ends a request long before, and a finished or failed one removes
 * its own file.
 */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Uploaded images on disk under one root. Files arrive under `.tmp/` and are
 * renamed into place only once accepted, so a failed upload leaves nothing.
 */
export class UploadStorage {
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = join(root, '.tmp');
    mkdirSync(this.tmpDir, { recursive: true });
  }

  /** A fresh temporary file path (same file system as the root, so rename is atomic). */
  tempPath(): string {
    return join(this.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  }

  /**
   * Moves an accepted temporary file and its variants into `folder` and
   * returns the original's relative path. Variants go first, the original
   * last: once the original is there, so are its variants. `name` (32 hex)
   * defaults to a random one; the seed passes a hash of the content.
   */
  async commit(
    tempPath: string,
    folder: string,
    extension: string,
    variants: readonly PendingVariant[] = [],
    name = randomBytes(16).toString('hex'),
  ): Promise<string> {
    await mkdir(join(this.root, folder), { recursive: true });
    for (const v of variants) await rename(v.tempPath, join(this.root, `${folder}/${name}-${v.width}w.webp`));
    const relative = `${folder}/${name}.${extension}`;
    await rename(tempPath, join(this.root, relative));
    return relative;
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  /**
   * Removes temporary files last written before `now - maxAgeMs`: what a
   * crashed or killed process left behind. Younger files may belong to an
   * upload another process sharing this directory is receiving right now, so
   * they stay. Returns how many were removed.
   */
  async sweepStaleTemp(maxAgeMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir)) {
      if (!TEMP_NAME.test(name)) continue;
      const path = join(this.tmpDir, name);
      try {
        const info = await lstat(path);
        if (!info.isFile() || info.mtimeMs > now - maxAgeMs) continue;
        await rm(path, { force: true });
        removed += 1;
      } catch {
        // Gone meanwhile (its upload finished): nothing to do.
      }
    }
    return removed;
  }

  /**
   * A stored file, or null when the name is not one this store writes (which
   * rules out `..`, dot files and the temporary folder) or the file is gone.
   */
  async locate(relative: string): Promise<StoredFile | null> {
    const match = STORED_NAME.exec(relative);
    if (!match) return null;
    const absolutePath = join(this.root, relative);
    try {
      const info = await stat(absolutePath);
      if (!info.isFile()) return null;
      const extension = match[3] as ImageType['extension'];
      return { absolutePath, name: match[2], size: info.size, mimeType: MIME_BY_EXTENSION[extension] };
    } catch {
      return null;
    }
  }
}
