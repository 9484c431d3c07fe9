import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD } from '@hap/contracts';
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
 * Streams the `image` part to a temporary file (never into memory) and reads
 * the text fields. Other file parts are drained and ignored. On any failure
 * the temporary file is removed before the error goes on.
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
      const { state, transform } = meter();
      await pipeline(part.file, transform, createWriteStream(received.tempPath));
      Object.assign(received, { size: state.size, head: state.head, truncated: part.file.truncated });
    }
    return received;
  } catch (err) {
    if (received.tempPath) await storage.discard(received.tempPath);
    throw err;
  }
}
