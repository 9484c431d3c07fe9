import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UploadResultSchema, successEnvelope } from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { actorOf } from '../../shared/actor';
import { ok } from '../../shared/http';
import { receiveUpload } from './upload.multipart';
import { IMAGE_UPLOAD, TEMPLATE_IMAGE_UPLOAD, UPLOADS_PREFIX, type UploadService } from './upload.service';
import type { UploadStorage } from './upload.storage';

const UploadedSchema = { 201: successEnvelope(UploadResultSchema) };

/** The external plugin the upload routes need; registered before any route. */
export function uploadPlugins(app: ServiceApp): void {
  app.register(multipart, {
    // Oversized files are truncated and answered 413 by the service, not thrown mid-stream;
    // a second file and a malformed form are answered 400 by receiveUpload.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
}

/** POST /api/upload, POST /api/upload/template-image, GET /uploads/* (admin spec §5, §7). */
export function uploadRoutes(app: ServiceApp, uploads: UploadService, storage: UploadStorage): void {
  app.post('/api/upload', { schema: { response: UploadedSchema } }, async (request, reply) => {
    const result = await uploads.upload(actorOf(request), () => receiveUpload(request, storage), IMAGE_UPLOAD);
    return reply.status(201).send(ok(result));
  });

  app.post('/api/upload/template-image', { schema: { response: UploadedSchema } }, async (request, reply) => {
    const result = await uploads.upload(actorOf(request), () => receiveUpload(request, storage), TEMPLATE_IMAGE_UPLOAD);
    return reply.status(201).send(ok(result));
  });

  app.get(`${UPLOADS_PREFIX}/*`, { schema: { params: z.object({ '*': z.string() }) } }, async (request, reply) => {
    const file = await uploads.locate(request.params['*']);
    const etag = `"${file.name}"`;
    // Names are random and never reused, so a year's caching is safe.
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(file.mimeType).header('Content-Length', file.size).send(createReadStream(file.absolutePath));
  });
}
