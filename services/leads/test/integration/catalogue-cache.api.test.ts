import { randomBytes, randomUUID } from 'node:crypto';
import { Messages } from '@hap/contracts';
import { ADMIN, startService } from '@hap/service-kit/testing';
import { startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { ANONYMOUS, START_TIMEOUT_MS, TEST_CONSENT, clinicWithServices } from '../helpers/app';

/**
 * Two leads replicas keep a clinic's services (the catalogue cache) for ten
 * minutes here, far longer than the test: a service an admin takes off line in
 * templates must stop taking leads on both at once, because both hear the
 * invalidation templates publishes for its pages after the write.
 */
describe('POST /api/leads on two replicas: a service taken off line in templates', () => {
  // A Redis prefix of this file's own: no other file's templates writes clear these caches.
  const redisPrefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_catalogue_${randomBytes(4).toString('hex')}`;
  let templates: SiblingTemplates;
  const replicas: Array<Awaited<ReturnType<typeof startReplica>>> = [];

  async function startReplica(templatesUrl: string) {
    const config = loadServiceConfig({
      ...process.env,
      REDIS_PREFIX: redisPrefix,
      TEMPLATES_URL: templatesUrl,
      TEMPLATES_TIMEOUT_MS: '1500',
      LEAD_CATALOGUE_CACHE_MS: '600000',
      TENANT_URL: templates.tenant.url,
      TENANT_TIMEOUT_MS: '1500',
      LEAD_CLINIC_CACHE_MS: '0',
    });
    return startService(() => buildApp(config, createDataSource(config.DATABASE_URL)), { internalSecret: config.INTERNAL_SECRET });
  }

  beforeAll(async () => {
    templates = await startTemplatesWithTenant({ env: { REDIS_PREFIX: redisPrefix }, shared: false });
    replicas.push(await startReplica(templates.url), await startReplica(templates.url));
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await templates?.close();
  });

  const submit = (replica: (typeof replicas)[number], clientId: number, serviceId: number) =>
    replica.api.post('/api/leads', ANONYMOUS).send({
      name: 'Jane Smith',
      email: `${randomUUID()}@example.com`,
      phone: '(303) 555-0142',
      clientId,
      serviceId,
      consentText: TEST_CONSENT,
    });

  /** Each replica's answers until every one is `status`, for at most 5 s (the cache would keep the old answer 10 minutes). */
  async function untilEvery(status: number, clientId: number, serviceId: number) {
    const until = Date.now() + 5_000;
    for (;;) {
      const answers = await Promise.all(replicas.map((r) => submit(r, clientId, serviceId)));
      if (answers.every((a) => a.status === status)) return answers;
      if (Date.now() > until) throw new Error(`replicas still answer ${answers.map((a) => a.status).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('is refused by every replica at once, though each kept the clinic’s services', async () => {
    const { clientId, serviceId } = await clinicWithServices(templates);
    for (const replica of replicas) expect((await submit(replica, clientId, serviceId)).status).toBe(201);

    // A change that bypasses templates' API publishes nothing: both replicas still answer from what they kept.
    await templates.dataSource.query(`UPDATE "templates"."client_services" SET "is_active" = false WHERE "id" = $1`, [serviceId]);
    for (const replica of replicas) expect((await submit(replica, clientId, serviceId)).status).toBe(201);
    await templates.dataSource.query(`UPDATE "templates"."client_services" SET "is_active" = true WHERE "id" = $1`, [serviceId]);

    const off = await templates.api.patch(`/api/client-services/${serviceId}`, ADMIN).send({ isActive: false });
    expect(off.status).toBe(200);

    const refused = await untilEvery(422, clientId, serviceId);
    for (const answer of refused) expect(answer.body.message).toBe(Messages.leadServiceInactive);

    // Back on line through the API: taken again everywhere.
    expect((await templates.api.patch(`/api/client-services/${serviceId}`, ADMIN).send({ isActive: true })).status).toBe(200);
    await untilEvery(201, clientId, serviceId);
  });
});
