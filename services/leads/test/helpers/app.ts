import { startService, type TestService } from '@hap/service-kit/testing';
import { CURRENT_LEAD_CONSENT_VERSION, leadConsentSentence } from '@hap/contracts';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { SIBLINGS_START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createClinic } from '@hap/test-kit/factories/tenant';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

export { ANONYMOUS, GATEWAY } from '@hap/service-kit/testing';

/** Boots templates and the tenant it asks (two processes, once per jest worker) and leads: more than jest's 5 s hook default on a busy machine. */
export const START_TIMEOUT_MS = SIBLINGS_START_TIMEOUT_MS;

export interface TestLeads extends TestService<ReturnType<typeof buildApp>, Config, ReturnType<typeof createDataSource>> {
  /** The real templates service leads asks, a process with its tenant (absent with `templatesUrl`); closed with leads. */
  templates: SiblingTemplates | null;
}

/**
 * The leads API on this run's database (migrated by global setup), asking a
 * real templates service (a process, @hap/test-kit/siblings) whether a lead's service takes
 * leads; `templatesUrl` points it elsewhere instead (a closed port: templates down).
 * The catalogue answers are not cached, so each test sees its own writes.
 * `dependencies` replace the app's defaults (e.g. a queue on the test's own Redis prefix);
 * `databaseUrl` reaches this run's database another way (through a TCP proxy a test can cut);
 * `tenantUrl` is the tenant it asks when templates is another's (default: templates' tenant, else a closed port);
 * `adsUrl` is the ads service results read Google Ads figures from (default: a closed port);
 * `env` sets more of its configuration (Twilio's credentials and base URL, PUBLIC_BASE_URL).
 */
export async function startLeads(
  options: { templatesUrl?: string; tenantUrl?: string; adsUrl?: string; databaseUrl?: string; dependencies?: AppDependencies; env?: Record<string, string> } = {},
): Promise<TestLeads> {
  const templates = options.templatesUrl ? null : await startTemplatesWithTenant();
  const templatesUrl = options.templatesUrl ?? templates!.url;
  // The tenant templates asks is the one leads asks too (a clinic's conversion status); never the dev stack's.
  const tenantUrl = options.tenantUrl ?? templates?.tenant.url ?? UNREACHABLE_URL;
  const config = loadServiceConfig({
    ...process.env,
    TEMPLATES_URL: templatesUrl,
    TEMPLATES_TIMEOUT_MS: '1500',
    LEAD_CATALOGUE_CACHE_MS: '0',
    TENANT_URL: tenantUrl,
    TENANT_TIMEOUT_MS: '1500',
    LEAD_CLINIC_CACHE_MS: '0',
    // The ads service results ask for Google Ads figures: a test's own, else a closed port (never the dev stack's).
    ADS_URL: options.adsUrl ?? UNREACHABLE_URL,
    ADS_TIMEOUT_MS: '1500',
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    ...options.env,
  });
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource, options.dependencies), { internalSecret: config.INTERNAL_SECRET, cleanup: async () => templates?.close() });
  return { ...started, config, dataSource, templates };
}

/**
 * Runs `relay` while every pending delivery but this lead's (or this delivery) is locked by
 * another transaction: the relay, which skips locked rows, hands over only these, whatever other
 * suites left pending in the run's shared database (its batch of 200 would fill with theirs).
 */
export async function relayOnly(
  dataSource: TestLeads['dataSource'],
  mine: { leadId?: string | number; deliveryId?: string | number },
  relay: () => Promise<number>,
): Promise<number> {
  const others = dataSource.createQueryRunner();
  await others.connect();
  await others.startTransaction();
  try {
    await others.query(
      `SELECT "id" FROM "leads"."lead_deliveries" WHERE "status" = 'pending' AND "lead_id" <> $1 AND "id" <> $2 FOR UPDATE SKIP LOCKED`,
      [mine.leadId ?? -1, mine.deliveryId ?? -1],
    );
    return await relay();
  } finally {
    await others.rollbackTransaction();
    await others.release();
  }
}

/** The name of the clinics clinicWithServices makes in tenant. */
export const TEST_CLINIC_NAME = 'Test Clinic';

/** The consent sentence of today's forms (version lead-form-v1) for such a clinic: what the server records. */
export const TEST_CONSENT = leadConsentSentence(CURRENT_LEAD_CONSENT_VERSION, TEST_CLINIC_NAME);

/**
 * A new clinic named Test Clinic in the real tenant (which names it in a lead's
 * consent) with one active service in the templates service and one that is not
 * live.
 */
export async function clinicWithServices(templates: SiblingTemplates): Promise<{ clientId: number; serviceId: number; inactiveServiceId: number }> {
  const template = await createTemplate(templates.dataSource);
  const other = await createTemplate(templates.dataSource);
  const clientId = await createClinic(templates.tenant, TEST_CLINIC_NAME);
  const serviceId = (await createClientService(templates.dataSource, clientId, template.id, { isActive: true })).id;
  const inactiveServiceId = (await createClientService(templates.dataSource, clientId, other.id, { isActive: false })).id;
  return { clientId, serviceId, inactiveServiceId };
}
