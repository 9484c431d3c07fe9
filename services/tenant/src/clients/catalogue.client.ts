import { routes } from '@hap/contracts';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** A service template as onboarding and provisioning need it. */
export interface CatalogueTemplate {
  id: number;
  name: string;
  /** The GoHighLevel snapshot of the service's funnels and automations; null when it has none. */
  ghlSnapshotId: string | null;
}

/** What tenant asks templates (ARCHITECTURE.md#who-owns-what: the catalogue and activations live there). */
export interface CatalogueClient {
  /** Every service template; throws ApiError 503 when templates cannot answer. */
  templates(requestId?: string): Promise<CatalogueTemplate[]>;
  /** Activates a template for a clinic; already active is not an error. */
  activate(clientId: number, templateId: number, requestId?: string): Promise<void>;
  /** The ids of the templates the clinic has active. */
  activeTemplateIds(clientId: number, requestId?: string): Promise<number[]>;
}

export interface CatalogueClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

/** Templates' routes through the kit's signed internal client, as the tenant service. */
export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'templates',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'tenant' },
    timeoutMs: options.timeoutMs,
  });
  const headers = (requestId?: string) => ({ headers: internalHeaders({ requestId }) });
  return {
    async templates(requestId) {
      // The admin's list: the public catalogue leaves the snapshot ids out.
      const all = await client.call(routes.listServiceTemplates, {}, headers(requestId));
      return all.map(({ id, name, ghlSnapshotId }) => ({ id, name, ghlSnapshotId }));
    },
    async activate(clientId, templateId, requestId) {
      await client.call(routes.activateTemplate, { body: { clientId, templateId } }, headers(requestId));
    },
    async activeTemplateIds(clientId, requestId) {
      const active = await client.call(routes.listClientTemplates, { params: { clientId } }, headers(requestId));
      return active.map((t) => t.templateId);
    },
  };
}
