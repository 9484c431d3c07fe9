import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import { buildOpenApiDocument } from './openapi';
import { isFullAdmin } from '../plugins/session';

export const DOCS_PREFIX = '/api/docs';

export interface ApiDocsOptions {
  /** In production the document and its page are for admins only. */
  production: boolean;
}

/**
 * The OpenAPI document of the route table at `GET /api/docs/json` (and
 * `/yaml`), browsable with Swagger UI at `/api/docs`, answered by the gateway
 * itself. The document is built once, from the contracts, at start.
 *
 * Swagger UI loads only its own files from `/api/docs/static/` and the
 * document from `./json`, with no inline script: the gateway's CSP
 * (`script-src 'self'`, `style-src 'self' 'unsafe-inline'`, `img-src` with
 * `data:` for its logo) lets it render unchanged, so `staticCSP` is not needed.
 * In production the page, the initializer and the document ask for an admin
 * session (401 otherwise); the UI's static bundle is the public package's and
 * stays open.
 */
export const apiDocs: FastifyPluginAsync<ApiDocsOptions> = async (app, { production }) => {
  const specification: StaticDocumentSpec = {
    // The document is OpenAPI 3.1; the plugin's type only knows 2.0 and 3.0 documents.
    document: buildOpenApiDocument() as unknown as StaticDocumentSpec['document'],
  };
  await app.register(swagger, { mode: 'static', specification });

  const adminsOnly = async (request: FastifyRequest) => {
    const current = await app.sessions.current(request);
    if (!isFullAdmin(current?.session)) throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
  };
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    ...(production && { uiHooks: { onRequest: adminsOnly } }),
    uiConfig: { deepLinking: true, displayOperationId: true, tryItOutEnabled: false },
  });
};
