import { ApiError, ErrorCode, Messages, routes } from '@hap/contracts';
import { AppError, notFound } from '@hap/service-kit';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** What ads needs of a service template: its name, and what a model is told about it. */
export interface CatalogueTemplate {
  id: number;
  name: string;
  slug: string;
  description: string;
  offer: string;
  benefits: string[];
}

/** What ads asks templates (DESIGN §2: the catalogue lives there). */
export interface TemplatesClient {
  /** The template; 404 'Service template {id} was not found.' when there is none; 503 when templates cannot answer. */
  template(id: number, requestId?: string): Promise<CatalogueTemplate>;
}

export interface TemplatesClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

/** Templates' rows through the kit's signed internal client, as the ads service. */
export function createTemplatesClient(options: TemplatesClientOptions): TemplatesClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'templates',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'ads' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async template(id, requestId) {
      try {
        const t = await client.call(routes.getDirectTemplateContent, { params: { templateId: id } }, { headers: internalHeaders({ requestId }) });
        return { id: t.id, name: t.name, slug: t.slug, description: t.description, offer: t.offer, benefits: t.benefits.map((b) => b.title) };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) throw notFound(Messages.serviceTemplateNotFound(id));
        throw Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('templates')), { cause: err });
      }
    },
  };
}
