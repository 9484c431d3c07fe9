import { randomBytes, randomUUID } from 'node:crypto';
import { Messages, publishedCatalogueKey } from '@hap/contracts';
import { Redis } from 'ioredis';
import { ANONYMOUS, startTenant, type TestTenant } from '../helpers/app';
import { TRT } from '../helpers/catalogue';

/**
 * A catalogue in Redis that tenant cannot read (a value templates would never write:
 * docs/service-graph.md) is answered like one never published: 503, the templates
 * service unavailable, never a 500.
 */
describe('POST /api/onboarding with a corrupt catalogue in Redis', () => {
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_corrupt_${randomBytes(4).toString('hex')}`;
  let t: TestTenant;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTenant({ env: { REDIS_PREFIX: prefix } });
    redis = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis?.del(publishedCatalogueKey(prefix));
    redis?.disconnect();
    await t?.close();
  });

  it.each([
    ['is not JSON', '{"name":'],
    ['has no name', '{"ghlSnapshotId":null}'],
  ])('answers 503 when a template %s, and stores nothing', async (_, value) => {
    await redis.hset(publishedCatalogueKey(prefix), { '@': String(Date.now() * 1000), [`t|${TRT}`]: value });
    const name = `Summit Men's Health ${randomUUID().slice(0, 6)}`;
    const res = await t.api.post('/api/onboarding', ANONYMOUS).send({
      name,
      address: '1200 Pearl St, Boulder, CO 80302',
      phone: '(303) 555-0199',
      email: `owner-${randomUUID().slice(0, 8)}@summit.example`,
      website: 'https://summit.example',
      selectedServiceIds: [TRT],
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(Messages.serviceUnavailable('templates'));
    const [{ n }] = (await t.dataSource.query(`SELECT count(*) AS n FROM "tenant"."clients" WHERE "name" = $1`, [name])) as Array<{ n: string }>;
    expect(Number(n)).toBe(0);
  });
});
