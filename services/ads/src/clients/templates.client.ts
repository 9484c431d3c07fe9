import { ApiError, Messages, readGoogleAdsSettings, routes, type GoogleAdsSettings } from '@hap/contracts';
import { createSiblingClient, siblingFailure, fromSibling, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** What ads needs of a service template: its name, and what a model is told about it. */
export interface CatalogueTemplate {
  id: number;
  name: string;
  slug: string;
  description: string;
  offer: string;
  benefits: string[];
}

/** What ads needs of a clinic's service page: its clinic, template, name and path. */
export interface ClinicService {
  id: number;
  clientId: number;
  templateId: number;
  name: string;
  path: string;
  /** The service's saved Google Ads settings (docs/admin.md#records), or null. */
  googleAdsSettings: GoogleAdsSettings | null;
}

/** What ads asks templates (ARCHITECTURE.md#who-owns-what: the catalogue lives there). */
export interface TemplatesClient {
  /** The template; 404 'Service template {id} was not found.' when there is none; 503 when templates cannot answer. */
  template(id: number, requestId?: string): Promise<CatalogueTemplate>;
  /** A clinic's service; 404 'Service {id} was not found.' (templates' words) when there is none; 503 when templates cannot answer. */
  service(id: number, requestId?: string): Promise<ClinicService>;
  /** The paths of a clinic's active services: its live landing pages (docs/campaigns.md#healthcare-policy-check); 503 when templates cannot answer. */
  livePaths(clientId: number, requestId?: string): Promise<string[]>;
}

export type TemplatesClientOptions = SiblingClientOptions;

/** Templates' rows through the kit's signed internal client, as the ads service. */
export function createTemplatesClient(options: TemplatesClientOptions): TemplatesClient {
  const client = createSiblingClient('ads', 'templates', options);
  return {
    async template(id, requestId) {
      const t = await fromSibling(client.call(routes.getDirectTemplateContent, { params: { templateId: id } }, withRequestId(requestId)), 'templates', Messages.serviceTemplateNotFound(id));
      return { id: t.id, name: t.name, slug: t.slug, description: t.description, offer: t.offer, benefits: t.benefits.map((b) => b.title) };
    },
    async service(id, requestId) {
      try {
        const s = await client.call(routes.getService, { params: { id } }, withRequestId(requestId));
        return { id: s.id, clientId: s.clientId, templateId: s.templateId, name: s.name, path: s.path, googleAdsSettings: readGoogleAdsSettings(s.googleAdsSettings) };
      } catch (err) {
        throw siblingFailure(err, 'templates', err instanceof ApiError ? err.message : '');
      }
    },
    async livePaths(clientId, requestId) {
      const services = await fromSibling(client.call(routes.listServicesForClient, { params: { clientId } }, withRequestId(requestId)), 'templates', Messages.previewClientNotFound);
      return services.filter((s) => s.isActive).map((s) => s.path);
    },
  };
}
