import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, Messages, UPLOAD_FIELD } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import { SNIFF_BYTES } from './image-type';
import type { UploadStorage } from './upload.storage';

/** What arrived in a multipart upload, already on disk under a temporary name. */
export interface ReceivedUpload {
  /** Null when no `image` file part was sent. */
  tempPath: string | null;
  size: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
  /** The file was longer than the size limit (the rest was discarded). */
  truncated: boolean;
  /** The optional `folder` field, unvalidated. */
  folder: string | undefined;
}

/** Counts bytes and keeps the first few while they stream past. */
function meter() {
  const state = { size: 0, head: Buffer.alloc(0) };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state.head.length < SNIFF_BYTES) {
        state.head = Buffer.concat([state.head, chunk.subarray(0, SNIFF_BYTES - state.head.length)]);
      }
      state.size += chunk.length;
      callback(null, chunk);
    },
  });
  return { state, transform };
}

/**
 * Our own disk failed (open/write: no space, no permission), as opposed to the
 * request: a 500, not the client's fault.
 */
class DiskError extends Error {
  constructor(readonly failure: unknown) {
    super('writing the temporary upload file failed');
  }
}

/**
 * What the caller sent wrong, in people's words. The parser's own errors
 * (busboy: "Unexpected end of multipart data", "Boundary not found"; the
 * plugin's limits and premature close) are the client's fault, never a 5xx.
 */
function requestError(request: FastifyRequest, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const { FilesLimitError } = request.server.multipartErrors;
  const tooManyFiles = err instanceof FilesLimitError;
  request.log.info({ err }, tooManyFiles ? 'upload with more than one file' : 'malformed multipart upload');
  return new AppError(400, ErrorCode.BAD_REQUEST, tooManyFiles ? Messages.oneImagePerUpload : Messages.invalidMultipart);
}

/**
 * Streams `file` into `path`. On failure the file is closed before the error
 * goes on, so the caller's removal cannot race a still-opening write stream
 * (which would create the file after it was removed). A failure that started
 * at the write stream, with the request still fine, is a DiskError.
 */
export async function writeTemp(file: Readable, path: string) {
  const { state, transform } = meter();
  const writer = createWriteStream(path);
  let requestFailed = false;
  let diskFailure: unknown;
  file.on('error', () => void (requestFailed = true));
  // When the request fails first, pipeline destroys the writer with the request's error: not a disk failure.
  // The file part may have failed before this was called (a truncated form that had fully arrived while
  // the caller checked access: busboy ends it at once), so its own `errored` counts too, not only an
  // 'error' seen from here on. The admin's and the portal's uploads answer 400 alike (README, Uploads).
  writer.on('error', (err) => void (diskFailure ??= requestFailed || file.errored ? undefined : err));
  try {
    await pipeline(file, transform, writer);
    return state;
  } catch (err) {
    // pipeline() has destroyed the writer but settles before it has closed.
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    throw diskFailure !== undefined && err === diskFailure ? new DiskError(err) : err;
  }
}

/**
 * Streams the `image` part to a temporary file (never into memory) and reads
 * the text fields. Other file parts are drained and ignored; a second file is
 * refused. On any failure (malformed form, the client going away, a full
 * disk) the temporary file is removed before the error goes on: request
 * problems as 400, disk problems as they are (500).
 */
export async function receiveUpload(request: FastifyRequest, storage: UploadStorage): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { tempPath: null, size: 0, head: Buffer.alloc(0), truncated: false, folder: undefined };
  if (!request.isMultipart()) return received;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'folder' && typeof part.value === 'string') received.folder = part.value;
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || received.tempPath !== null) {
        part.file.resume();
        continue;
      }
      received.tempPath = storage.tempPath();
      const state = await writeTemp(part.file, received.tempPath);
      Object.assign(received, { size: state.size, head: state.head, truncated: part.file.truncated });
    }
    return received;
  } catch (err) {
    if (received.tempPath) await storage.discard(received.tempPath);
    if (err instanceof DiskError) throw err.failure;
    throw requestError(request, err);
  }
}
