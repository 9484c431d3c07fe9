import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';

/** The bucket cannot be reached or refused us: the caller may try again (never a 500). */
const storageUnavailable = () => new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('image storage'));

/** A stored object, opened: its size and its bytes. */
export interface OpenedObject {
  size: number;
  stream: Readable;
}

/**
 * Where accepted uploads live: local disk for one tenant
 * replica (or several sharing a volume), an S3-compatible bucket for any
 * number of them. Files are received on local disk first (UploadStorage's
 * temporary folder) and handed over here once accepted.
 */
export interface ObjectStore {
  /** Moves the accepted temporary file `fromFile` to `relative`. */
  put(relative: string, fromFile: string, mimeType: string): Promise<void>;
  /** The object at `relative`, or null when there is none. */
  open(relative: string): Promise<OpenedObject | null>;
  /**
   * Removes every object whose name starts with `prefix` (`<folder>/` for a
   * whole folder, `<folder>/<name>.` for an original and its variants); a
   * name that is not there is no error. Returns how many were removed.
   */
  removePrefix(prefix: string): Promise<number>;
  /** What the store is, for logs. */
  readonly describe: string;
}

/** Files under `root`: the temporary file is renamed into place (same file system, atomic). */
export class DiskObjects implements ObjectStore {
  constructor(readonly root: string) {}

  get describe() {
    return `disk ${this.root}`;
  }

  async put(relative: string, fromFile: string): Promise<void> {
    const target = join(this.root, relative);
    await mkdir(dirname(target), { recursive: true });
    await rename(fromFile, target);
  }

  async open(relative: string): Promise<OpenedObject | null> {
    const path = join(this.root, relative);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, stream: createReadStream(path) } : null;
    } catch {
      return null;
    }
  }

  async removePrefix(prefix: string): Promise<number> {
    const slash = prefix.lastIndexOf('/');
    const folder = prefix.slice(0, slash);
    const start = prefix.slice(slash + 1);
    let names: string[];
    try {
      names = await readdir(join(this.root, folder));
    } catch {
      return 0;
    }
    const matching = names.filter((name) => name.startsWith(start) && !name.startsWith('.'));
    await Promise.all(matching.map((name) => rm(join(this.root, folder, name), { force: true, recursive: true })));
    return matching.length;
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a loopback fake in tests); unset: AWS. */
  endpoint?: string;
  /** Key prefix inside the bucket. */
  prefix: string;
  /** Path-style addresses (bucket in the path): MinIO and most fakes need them. */
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible bucket through the AWS SDK; credentials from
 * its default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a role).
 * Objects are written once under names never reused, so a reader never sees
 * a half-written one.
 */
export class S3Objects implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: S3-compatible services (MinIO, R2) vary in the trailing-checksum uploads the SDK would send by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that takes the connection and then stalls must not hold an upload or a page's picture for ever: 503 instead.
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    });
  }

  get describe() {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  private key(relative: string) {
    return `${this.settings.prefix}${relative}`;
  }

  async put(relative: string, fromFile: string, mimeType: string): Promise<void> {
    // The bytes, not a stream: an upload is at most a few megabytes, and the SDK can only retry a
    // body it can send again (a kept-alive connection the bucket closed as the request went out
    // is a reset the SDK retries; with a stream it gives up at once).
    const body = await readFile(fromFile);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(relative), Body: body, ContentLength: body.length, ContentType: mimeType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    } catch {
      throw storageUnavailable();
    }
    await rm(fromFile, { force: true });
  }

  async open(relative: string): Promise<OpenedObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(relative) }));
      return { size: Number(answer.ContentLength ?? 0), stream: answer.Body as Readable };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw storageUnavailable();
    }
  }

  async removePrefix(prefix: string): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.key(prefix), ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: object.Key }));
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch {
      throw storageUnavailable();
    }
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket's settings from the tenant's UPLOAD_S3_* variables, or null for the disk. */
export function s3SettingsOf(config: {
  UPLOAD_S3_BUCKET?: string;
  UPLOAD_S3_REGION: string;
  UPLOAD_S3_ENDPOINT?: string;
  UPLOAD_S3_PREFIX: string;
  UPLOAD_S3_FORCE_PATH_STYLE: boolean;
}): S3Settings | null {
  if (!config.UPLOAD_S3_BUCKET) return null;
  return {
    bucket: config.UPLOAD_S3_BUCKET,
    region: config.UPLOAD_S3_REGION,
    endpoint: config.UPLOAD_S3_ENDPOINT,
    prefix: config.UPLOAD_S3_PREFIX,
    forcePathStyle: config.UPLOAD_S3_FORCE_PATH_STYLE,
  };
}
