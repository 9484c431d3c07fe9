/** The seeded demo clinics' pages the benchmarks load (services/tenant's seed data, built). */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

const require = createRequire(import.meta.url);

/** The seeded domain mappings (services/tenant/dist/db/seed-data.js: the caller checks it is built). */
export const seedDomainMappings = () => require(join(ROOT, 'services/tenant/dist/db/seed-data.js')).SEED_DOMAIN_MAPPINGS;

/** A clinic's TRT page (or its first service's) on its `www.` host, as an ad's landing URL is: host, path and slug. */
export async function landingPage(gatewayUrl, clientId) {
  const host = seedDomainMappings().find((m) => m.clientId === clientId && m.domain.startsWith('www.'))?.domain;
  const list = await (await fetch(`${gatewayUrl}/api/page-content/${clientId}`)).json();
  const slug = list.data.services.find((s) => s.slug === 'trt')?.slug ?? list.data.services[0]?.slug;
  if (!host || !slug) throw new Error(`client ${clientId} has no mapped host or no active service (${host}, ${slug})`);
  return { host, path: `/${slug}`, slug };
}
