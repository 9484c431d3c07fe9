import { startTemplates, type TestTemplates } from '../../../templates/test/helpers/app';
import { createCatalogueClient, type CatalogueClient } from '../../src/clients/catalogue.client';

/** The catalogue's templates the CRM suites give GoHighLevel snapshots: TRT (snap_trt) and PLONG (snap_plong). */
export const TRT = 1;
export const PLONG = 4;

/**
 * Tenant's catalogue client for a templates service started after tenant (templates asks tenant
 * whether a clinic exists): `url()` is read at each call.
 */
export function lateCatalogue(internalSecret: string, url: () => string): CatalogueClient {
  const late = () => createCatalogueClient({ baseUrl: url(), internalSecret, timeoutMs: 3000 });
  return {
    templates: (r) => late().templates(r),
    activate: (c, t, r) => late().activate(c, t, r),
    activeTemplateIds: (c, r) => late().activeTemplateIds(c, r),
  };
}

/**
 * The real templates service asking `tenantUrl`, listening on loopback, with TRT and PLONG given
 * their snapshot ids (the same in every CRM suite, so they never disagree on the shared catalogue).
 */
export async function startTemplatesWithSnapshots(tenantUrl: string): Promise<{ templates: TestTemplates; url: string }> {
  const templates = await startTemplates({ tenantUrl });
  const url = await templates.app.listen({ host: '127.0.0.1', port: 0 });
  await templates.dataSource.query(`UPDATE "templates"."service_templates" SET "ghl_snapshot_id" = CASE "id" WHEN $1 THEN 'snap_trt' WHEN $2 THEN 'snap_plong' END WHERE "id" IN ($1, $2)`, [TRT, PLONG]);
  return { templates, url };
}
