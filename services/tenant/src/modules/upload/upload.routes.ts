import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@hap/contracts';
import { actorOf, type RouteHandlers, type ServiceApp } from '@hap/service-kit';
import { receiveUpload } from './upload.multipart';
import { IMAGE_UPLOAD, TEMPLATE_IMAGE_UPLOAD, type UploadService } from './upload.service';
import type { UploadStorage } from './upload.storage';

/** The external plugin the upload routes need; registered before any route. */
export function uploadPlugins(app: ServiceApp): void {
  app.register(multipart, {
    // Oversized files are truncated and answered 413 by the service, not thrown mid-stream;
    // a second file and a malformed form are answered 400 by receiveUpload.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
}

type UploadOperations = 'uploadImage' | 'uploadTemplateImage' | 'getUpload';

/** POST /api/upload, POST /api/upload/template-image, GET /uploads/* (docs/admin.md#validation, docs/admin.md#calls). */
export const uploadHandlers = (uploads: UploadService, storage: UploadStorage): Pick<RouteHandlers<'tenant'>, UploadOperations> => ({
  uploadImage: (_input, request) => uploads.upload(actorOf(request), () => receiveUpload(request, storage), IMAGE_UPLOAD),
  uploadTemplateImage: (_input, request) =>
    uploads.upload(actorOf(request), () => receiveUpload(request, storage), TEMPLATE_IMAGE_UPLOAD),
  getUpload: async ({ params }, request, reply) => {
    const file = await uploads.locate(params['*']);
    const etag = `"${file.name}"`;
    // Names are random and never reused, so a year's caching is safe.
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      file.stream.destroy();
      reply.status(304).send();
      return;
    }
    reply.type(file.mimeType).header('Content-Length', file.size).send(file.stream);
  },
});
