import { ClientResolutionSchema, ResolveClientQuerySchema, successEnvelope } from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { ok } from '../../shared/http';
import type { ResolveClientService } from './resolve-client.service';

/** GET /api/resolve-client: the page's client from host, path, ?client= and session. */
export function resolveClientRoutes(app: ServiceApp, resolver: ResolveClientService): void {
  app.get(
    '/api/resolve-client',
    { schema: { querystring: ResolveClientQuerySchema, response: { 200: successEnvelope(ClientResolutionSchema) } } },
    async (request) => ok(await resolver.resolve(request.query)),
  );
}
