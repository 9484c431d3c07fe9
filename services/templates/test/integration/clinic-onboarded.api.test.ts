import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { publishedActiveServicesField, publishedActiveServicesKey, publishedActiveServicesOf, publishedCatalogueKey, publishedCatalogueOfHash } from '@hap/contracts';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import { ADMIN, clinicOnboardedHandler, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { createClientService, createClinic, createTemplate } from '../helpers/factories';

/**
 * What templates hands on to tenant instead of being asked (docs/service-graph.md): the catalogue
 * and each clinic's active services in Redis, published when the app starts and after every
 * audited write (an admin's, a job's), and the activation of a
 * sign-up's services from tenant's ClinicOnboardedEvent on `templates.clinic-onboarded`. This
 * file's own Redis prefix, so the hash is this app's alone.
 */
describe('the catalogue and the sign-up’s services, handed on to tenant', () => {
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_cat_${randomBytes(4).toString('hex')}`;
  let t: TestTemplates;
  let redis: QueueRedis;
  let connection: Redis;

  beforeAll(async () => {
    t = await startTemplates({ env: { REDIS_PREFIX: prefix } });
    redis = { url: t.config.REDIS_URL, prefix };
    connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    connection.disconnect();
    await t.close();
  });

  const published = async () => publishedCatalogueOfHash(await connection.hgetall(publishedCatalogueKey(prefix)));
  /** The clinic's active services, by template id. */
  const activeServices = async (clientId: number) =>
    ((await t.dataSource.query(`SELECT "template_id" FROM "templates"."client_services" WHERE "client_id" = $1 AND "is_active" ORDER BY 1`, [clientId])) as Array<{
      template_id: number;
    }>).map((r) => r.template_id);

  describe('the published catalogue', () => {
    it('is written when the app starts: every template with its id, name and snapshot id', async () => {
      const catalogue = await published();
      expect(catalogue).not.toBeNull();
      expect(catalogue).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Testosterone Replacement Therapy (TRT)' }), expect.objectContaining({ id: 11, name: 'Medical Weight Management' })]));
      expect(Object.keys(catalogue![0]).sort()).toEqual(['ghlSnapshotId', 'id', 'name']);
    });

    it('is rewritten after an admin’s catalogue write commits, before the answer', async () => {
      const template = await createTemplate(t.dataSource, { ghlSnapshotId: 'snap_renamed' });
      const res = await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ name: `Renamed ${template.id}` });
      expect(res.status).toBe(200);
      expect(await published()).toContainEqual({ id: template.id, name: `Renamed ${template.id}`, ghlSnapshotId: 'snap_renamed' });
    });

    it('is written again when an app starts, after Redis lost it', async () => {
      await connection.del(publishedCatalogueKey(prefix));
      expect(await published()).toBeNull();
      const second = await startTemplates({ tenantUrl: 'http://127.0.0.1:9', env: { REDIS_PREFIX: prefix } });
      try {
        expect(await published()).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Testosterone Replacement Therapy (TRT)' })]));
      } finally {
        await second.close();
      }
    });
  });

  /** A clinic's active template ids as published (null: never published). */
  const publishedActive = async (clientId: number) => {
    const [at, field] = await connection.hmget(publishedActiveServicesKey(prefix), '@', publishedActiveServicesField(clientId));
    return publishedActiveServicesOf(at, field);
  };

  describe('the published active services', () => {
    it('are rewritten after an activation and a deactivation commit, before the answer', async () => {
      const clientId = await createClinic(t);
      const [a, b] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      expect(await publishedActive(clientId)).toEqual([]);
      for (const template of [b, a]) expect((await t.api.post('/api/service-templates/activate', ADMIN).send({ clientId, templateId: template.id })).status).toBe(200);
      expect(await publishedActive(clientId)).toEqual([a.id, b.id]);
      expect((await t.api.delete(`/api/service-templates/deactivate?clientId=${clientId}&templateId=${a.id}`, ADMIN)).status).toBe(200);
      expect(await publishedActive(clientId)).toEqual([b.id]);
    });

    it('are written again when an app starts, after Redis lost them', async () => {
      const clientId = await createClinic(t);
      const kept = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, kept.id, { isActive: true });
      await connection.del(publishedActiveServicesKey(prefix));
      expect(await publishedActive(clientId)).toBeNull();
      const second = await startTemplates({ tenantUrl: 'http://127.0.0.1:9', env: { REDIS_PREFIX: prefix } });
      try {
        expect(await publishedActive(clientId)).toEqual([kept.id]);
      } finally {
        await second.close();
      }
    });
  });

  describe('templates.clinic-onboarded', () => {
    let queue: JobQueue<'templates.clinic-onboarded'>;
    let worker: Worker;
    beforeAll(() => {
      queue = createQueue('templates.clinic-onboarded', redis);
      worker = createWorker('templates.clinic-onboarded', clinicOnboardedHandler(t, t.tenant!.url), redis);
    });
    afterAll(async () => {
      await worker.close();
      await queue.close();
    });

    /** Polls the clinic's active services until they are `expected` (at most 15 s). */
    const activeOnce = async (clientId: number, expected: number[]) => {
      const until = Date.now() + 15_000;
      for (;;) {
        const active = await activeServices(clientId);
        if (JSON.stringify(active) === JSON.stringify(expected) || Date.now() > until) return active;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    it('activates the chosen services through the worker; one already active stays as it is', async () => {
      const clientId = await createClinic(t);
      const [a, b] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      const existing = await createClientService(t.dataSource, clientId, a.id, { isActive: true, customTitle: 'Kept' });
      await queue.add({ clientId, submissionId: 1_000_000 + clientId, templateIds: [a.id, b.id] });
      expect(await activeOnce(clientId, [a.id, b.id].sort((x, y) => x - y))).toEqual([a.id, b.id].sort((x, y) => x - y));
      const [kept] = (await t.dataSource.query(`SELECT "id", "custom_title" FROM "templates"."client_services" WHERE "id" = $1`, [existing.id])) as Array<{
        id: number;
        custom_title: string;
      }>;
      expect(kept.custom_title).toBe('Kept');
      // Each committed activation rewrites what tenant reads of the clinic (right after the commit the rows show).
      const until = Date.now() + 5_000;
      let active = await publishedActive(clientId);
      while (JSON.stringify(active) !== JSON.stringify([a.id, b.id].sort((x, y) => x - y)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        active = await publishedActive(clientId);
      }
      expect(active).toEqual([a.id, b.id].sort((x, y) => x - y));
    });

    it('skips a template retired since the sign-up, and does nothing for a clinic deleted since', async () => {
      const clientId = await createClinic(t);
      const kept = await createTemplate(t.dataSource);
      const handler = clinicOnboardedHandler(t, t.tenant!.url);
      const job = { id: 'test' } as never;
      await expect(handler({ clientId, submissionId: 1, templateIds: [987654, kept.id] }, job)).resolves.toEqual({
        clientId,
        clinicGone: false,
        activated: [kept.id],
        skipped: [987654],
      });
      expect(await activeServices(clientId)).toEqual([kept.id]);
      await expect(handler({ clientId: 1_999_999_999, submissionId: 2, templateIds: [kept.id] }, job)).resolves.toMatchObject({ clinicGone: true, activated: [] });
      expect(await activeServices(1_999_999_999)).toEqual([]);
    });
  });
});
