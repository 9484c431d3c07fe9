import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { variantPathOf } from '@hap/contracts';
import { MIME_BY_EXTENSION, type ImageType } from './image-type';
import { DiskObjects, S3Objects, type ObjectStore, type S3Settings } from './upload.objects';

/** A stored file, opened for streaming (destroy `stream` when not sending it). */
export interface StoredFile {
  stream: Readable;
  /** The file name (random, or a hash or versioned demo name): it never names other content, so it is a strong ETag. */
  name: string;
  size: number;
  mimeType: ImageType['mimeType'];
}

/** An upload folder: what UploadFolderSchema accepts. */
const FOLDER = '([a-z0-9][a-z0-9-]{0,39})';
/** A size in a name: 1–99999 px each way, no leading zero. */
const SIZE = '[1-9][0-9]{0,4}x[1-9][0-9]{0,4}';
/** The rest of a name: an original's extension, or a variant's `-<width>w.webp`. */
const TAIL = '(?:-[1-9][0-9]{0,4}w\\.(webp)|\\.(jpg|png|gif|webp))';

/**
 * The names this store writes, so the only ones it serves:
 * - `<folder>/<32 hex>.<w>x<h>.<ext>`, an original with its size in the name
 *   (`sizeInPath` in the contracts reads it), and its variants
 *   `<folder>/<32 hex>.<w>x<h>-<width>w.webp` (`variantPathOf`);
 * - `<folder>/<slug>.<w>x<h>.<ext>` and its variants: the seed's demo art under
 *   fixed names both seeds know (`packages/contracts/src/templates/demo-art.ts`);
 * - `<folder>/<32 hex>.<ext>` and `<folder>/<32 hex>-<width>w.webp`: the
 *   unsized names of older uploads (and of animated images, which have no
 *   variants), still served.
 * No dot files, no `..`, no `.tmp/`: a folder is lower-case letters, digits and dashes.
 */
const STORED_NAME = new RegExp(
  `^${FOLDER}/((?:[a-f0-9]{32}|[a-z](?:[a-z0-9-]{0,78}[a-z0-9])?)\\.${SIZE}${TAIL}|[a-f0-9]{32}${TAIL})$`,
);

/** What a stored name carries: its folder, its file name (the ETag) and its extension. */
function parseStoredName(relative: string): { name: string; extension: ImageType['extension'] } | null {
  const match = STORED_NAME.exec(relative);
  if (!match) return null;
  const extension = (match[3] ?? match[4] ?? match[5] ?? match[6]) as ImageType['extension'];
  return { name: match[2], extension };
}

/** `true` when `relative` is a name this store writes (and would serve). */
export const isStoredName = (relative: string) => parseStoredName(relative) !== null;

/** An original's base name: `<name>.<w>x<h>` when its size is known, else `<name>` (animated images). */
export const sizedName = (name: string, size: { width: number; height: number } | null) =>
  size ? `${name}.${size.width}x${size.height}` : name;

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
 * Uploaded images: received under `<root>/.tmp/` on local disk and handed to
 * the object store only once accepted, so a failed upload leaves nothing.
 * The store is the disk under `root` unless another is given (an S3 bucket,
 * upload.objects.ts).
 */
export class UploadStorage {
  readonly tmpDir: string;

  constructor(
    readonly root: string,
    readonly objects: ObjectStore = new DiskObjects(root),
  ) {
    this.tmpDir = join(root, '.tmp');
    mkdirSync(this.tmpDir, { recursive: true });
  }

  /** A fresh temporary file path (same file system as the root, so rename is atomic). */
  tempPath(): string {
    return join(this.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  }

  /**
   * Moves an accepted temporary file and its variants into `folder` and
   * returns the original's relative path, `<folder>/<name>.<w>x<h>.<ext>`
   * (`size` null: `<folder>/<name>.<ext>`, for an animated image, which has
   * no variants). Variants go first, the original last: once the original is
   * there, so are its variants. `name` defaults to 32 random hex; the seed
   * passes a hash of the content or a fixed demo name.
   */
  async commit(
    tempPath: string,
    folder: string,
    extension: string,
    size: { width: number; height: number } | null,
    variants: readonly PendingVariant[] = [],
    name = randomBytes(16).toString('hex'),
  ): Promise<string> {
    const relative = `${folder}/${sizedName(name, size)}.${extension}`;
    if (!isStoredName(relative)) throw new Error(`not a name this store serves: ${relative}`);
    for (const v of variants) await this.objects.put(variantPathOf(relative, v.width), v.tempPath, MIME_BY_EXTENSION.webp);
    await this.objects.put(relative, tempPath, MIME_BY_EXTENSION[extension as ImageType['extension']] ?? 'application/octet-stream');
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
   * Removes one upload, its original and its variants, by the stored name of
   * its original (`<folder>/<32 hex>…`). Only an upload's own random names: a
   * seed's fixed demo names (shared by every clinic) and anything this store
   * does not serve are left alone. Returns how many objects went.
   */
  async removeUpload(relative: string): Promise<number> {
    const match = /^([a-z0-9][a-z0-9-]{0,39})\/([a-f0-9]{32})[.-]/.exec(relative);
    if (!match || !isStoredName(relative)) return 0;
    return this.objects.removePrefix(`${match[1]}/${match[2]}`);
  }

  /** Removes every upload in `folder` (a clinic's own folder, `clinic-<id>`). Returns how many objects went. */
  async removeFolder(folder: string): Promise<number> {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(folder)) throw new Error(`not an upload folder: ${folder}`);
    return this.objects.removePrefix(`${folder}/`);
  }

  /**
   * A stored file, or null when the name is not one this store writes (which
   * rules out `..`, dot files and the temporary folder) or the file is gone.
   */
  async locate(relative: string): Promise<StoredFile | null> {
    const parsed = parseStoredName(relative);
    if (!parsed) return null;
    const opened = await this.objects.open(relative);
    return opened && { ...opened, name: parsed.name, mimeType: MIME_BY_EXTENSION[parsed.extension] };
  }

  /** Whether `relative` is stored (the stream is not read). */
  async has(relative: string): Promise<boolean> {
    const file = await this.locate(relative);
    file?.stream.destroy();
    return file !== null;
  }
}

/** Uploads received under `root` and kept there, or in the bucket of `s3` when set. */
export const uploadStorageFor = (root: string, s3: S3Settings | null) => new UploadStorage(root, s3 ? new S3Objects(s3) : undefined);
