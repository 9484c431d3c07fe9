import { randomBytes, randomUUID } from 'node:crypto';
import { createQueue, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { requeueStale } from '../../src/modules/delivery/relay';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService } from '../helpers/leads';

/**
 * A delivery the relay marked `queued` whose job Redis no longer has (a Redis
 * without persistence restarted: npm run drill:leads found 522 of 2,000 lead
 * e-mails stuck so) is handed over again under the same job id once it has
 * been queued for `requeueAfterMs`; a job Redis still has is not doubled.
 */
describe('lead delivery: queued rows whose job was lost are queued again', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_rq_${randomBytes(4).toString('hex')}` };
  let queue: JobQueue<'leads.deliver'>;
  // Far longer than any row of the other suites sharing this run's database stays queued.
  const requeueAfterMs = 10 * 60_000;

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId } = await clinicWithService(t, {
      name: 'Cedar Ridge Wellness',
      address: '4 Cedar Ridge Rd, Boise',
      phone: '(208) 555-0110',
      email: `desk-${randomBytes(3).toString('hex')}@clinic.example`,
    }));
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.queue.obliterate({ force: true });
    await queue.close();
    await t.close();
  });

  /** A lead whose e-mail delivery was queued `minutesAgo` (its job is not in this queue); its other channels settled. */
  async function queuedEmailDelivery(minutesAgo: number): Promise<string> {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name: 'Iris Vance', email: `${randomUUID()}@example.com`, phone: '(208) 555-0147', clientId, serviceId, consentText: 'I agree to be contacted.' });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(
      `SELECT d."id" FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE l."reference" = $1 AND d."channel" = 'email'`,
      [res.body.data.reference],
    )) as Array<{ id: string }>;
    await t.dataSource.query(
      `UPDATE "leads"."lead_deliveries" SET "status" = CASE WHEN "id" = $2 THEN 'queued' ELSE 'not_configured' END,
         "queued_at" = now() - make_interval(mins => $3), "updated_at" = now() - make_interval(mins => $3)
        WHERE "lead_id" = (SELECT "id" FROM "leads"."leads" WHERE "reference" = $1)`,
      [res.body.data.reference, row.id, minutesAgo],
    );
    return row.id;
  }
  const statusOf = async (id: string) =>
    ((await t.dataSource.query(
      `SELECT "status", "updated_at" > now() - interval '1 minute' AS "touched" FROM "leads"."lead_deliveries" WHERE "id" = $1`,
      [id],
    )) as Array<{ status: string; touched: boolean }>)[0];
  const jobOf = (id: string) => queue.queue.getJob(`delivery-${id}`);

  it('adds the job again under the delivery id once the row has been queued for requeueAfterMs, then waits that long again', async () => {
    const stale = await queuedEmailDelivery(60);
    const fresh = await queuedEmailDelivery(1);

    expect(await requeueStale({ dataSource: t.dataSource, queue, requeueAfterMs })).toBeGreaterThanOrEqual(1);
    const job = await jobOf(stale);
    expect(job?.data).toEqual({ deliveryId: Number(stale) });
    expect(await job?.getState()).toBe('waiting');
    // Still queued (the worker settles it), touched so the next scans leave it alone.
    expect(await statusOf(stale)).toEqual({ status: 'queued', touched: true });
    // Queued a minute ago: its job may well be waiting in Redis still; not touched.
    expect(await jobOf(fresh)).toBeUndefined();
    expect(await statusOf(fresh)).toEqual({ status: 'queued', touched: false });

    await job!.remove();
    await requeueStale({ dataSource: t.dataSource, queue, requeueAfterMs });
    expect(await jobOf(stale)).toBeUndefined();
  });

  it('does not double a job Redis still has (a long backlog, a retry waiting its backoff)', async () => {
    const stale = await queuedEmailDelivery(60);
    await queue.add({ deliveryId: Number(stale) });
    const before = await queue.queue.getJobCounts('waiting', 'delayed', 'active');

    await requeueStale({ dataSource: t.dataSource, queue, requeueAfterMs });
    expect(await queue.queue.getJobCounts('waiting', 'delayed', 'active')).toEqual(before);
    expect(await statusOf(stale)).toEqual({ status: 'queued', touched: true });
  });

  it('leaves settled and pending rows alone', async () => {
    const stale = await queuedEmailDelivery(60);
    await t.dataSource.query(`UPDATE "leads"."lead_deliveries" SET "status" = 'delivered' WHERE "id" = $1`, [stale]);
    await requeueStale({ dataSource: t.dataSource, queue, requeueAfterMs });
    expect(await jobOf(stale)).toBeUndefined();
    expect((await statusOf(stale)).status).toBe('delivered');
  });
});
