import { randomBytes } from 'node:crypto';
import type { Job, Worker } from 'bullmq';
import { jobIdOf, queuesOwnedBy, type QueueName, type QueueOwner, type QueuePayload, type QueuesOf } from '@hap/contracts';
import {
  createMetricsRegistry,
  createQueue,
  createQueueEvents,
  createWorker,
  instrumentQueues,
  InvalidJobPayloadError,
  type JobHandler,
  type JobQueue,
  type QueueHandlers,
  type QueueRedis,
} from '@hap/service-kit';

export interface QueueSuite<O extends QueueOwner> {
  owner: O;
  /** The handler map the service's worker process runs. */
  handlers: QueueHandlers<O>;
  /** A valid payload of each queue the service consumes. */
  samples: { [N in QueuesOf<O>]: QueuePayload<N> };
  /** What the service's own handler of each queue does with `samples` today. */
  expectations: { [N in QueuesOf<O>]: { failsWith: RegExp } | { completes: true } };
}

/**
 * Every queue a service consumes, on the real Redis through the real
 * createQueue / createWorker: the payload schema is enforced, the job id
 * de-duplicates, the worker gets the typed payload, and the service's own
 * handler does what it says. Each test has a Redis prefix of its own under
 * the run's (global teardown deletes them).
 */
export function describeQueues<O extends QueueOwner>(suite: QueueSuite<O>): void {
  const runPrefix = process.env.REDIS_PREFIX ?? 'hap_test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const open: Array<{ close(): Promise<unknown> }> = [];

  /** A fresh Redis prefix: tests never see each other's jobs. */
  const freshRedis = (): QueueRedis => ({ url: redisUrl, prefix: `${runPrefix}_q_${randomBytes(4).toString('hex')}` });
  const queueOf = <N extends QueueName>(name: N, redis: QueueRedis): JobQueue<N> => {
    const queue = createQueue(name, redis);
    open.push(queue);
    return queue;
  };
  const workerOf = <N extends QueueName>(name: N, handler: JobHandler<N>, redis: QueueRedis): Worker => {
    const worker = createWorker(name, handler, redis, { concurrency: 1 });
    open.push(worker);
    return worker;
  };
  const eventsOf = async (name: QueueName, redis: QueueRedis) => {
    const events = createQueueEvents(name, redis);
    open.push(events);
    await events.waitUntilReady();
    return events;
  };

  afterEach(async () => {
    // Workers first, so none picks a job from a queue being closed.
    await Promise.all(open.splice(0).reverse().map((c) => c.close()));
  });

  describe(`${suite.owner} queues`, () => {
    it('has a sample and an expectation for exactly the queues it consumes', () => {
      const owned = [...queuesOwnedBy(suite.owner)].sort();
      expect(Object.keys(suite.samples).sort()).toEqual(owned);
      expect(Object.keys(suite.expectations).sort()).toEqual(owned);
    });

    for (const name of queuesOwnedBy(suite.owner)) {
      const sample = suite.samples[name] as QueuePayload<QueueName>;
      const handler = (suite.handlers as unknown as Record<QueueName, JobHandler<QueueName>>)[name];
      const expectation = (suite.expectations as Record<QueueName, { failsWith: RegExp } | { completes: true }>)[name];

      describe(name, () => {
        it('refuses a payload its schema does not accept, before anything reaches Redis', async () => {
          const redis = freshRedis();
          const queue = queueOf(name, redis);
          for (const bad of [{}, { ...sample, email: 'patient@example.com' }]) {
            await expect(queue.add(bad as never)).rejects.toThrow(InvalidJobPayloadError);
          }
          expect(await queue.queue.getJobCounts('waiting', 'delayed', 'active')).toEqual({ waiting: 0, delayed: 0, active: 0 });
        });

        it("adds a job under its contract's job id, once however often the same entity is queued", async () => {
          const queue = queueOf(name, freshRedis());
          const first = await queue.add(sample as never);
          const second = await queue.add(sample as never);
          expect(first.id).toBe(jobIdOf(name, sample as never));
          expect(first.id).not.toMatch(/:|^\d+$/);
          expect(second.id).toBe(first.id);
          expect(await queue.queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
          expect(first.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential' } });
        });

        it('hands a worker the payload as its schema parsed it', async () => {
          const redis = freshRedis();
          const queue = queueOf(name, redis);
          const events = await eventsOf(name, redis);
          const received: unknown[] = [];
          workerOf(name, async (payload, job) => {
            received.push(payload);
            return `done ${job.id}`;
          }, redis);
          const job = await queue.add(sample as never);
          await expect(job.waitUntilFinished(events, 10_000)).resolves.toBe(`done ${job.id}`);
          expect(received).toEqual([sample]);
        });

        it('fails a job whose payload its schema refuses at once, without retries', async () => {
          const redis = freshRedis();
          const queue = queueOf(name, redis);
          const events = await eventsOf(name, redis);
          const calls: unknown[] = [];
          workerOf(name, async (payload) => calls.push(payload), redis);
          // Past createQueue's check, as a hand-made or outdated job would be.
          const job = (await queue.queue.add(name as never, { unexpected: true } as never, { jobId: 'hand-made' })) as Job;
          await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(`Invalid ${name} job payload`);
          expect(calls).toEqual([]);
          expect((await queue.queue.getJob('hand-made'))?.attemptsMade).toBe(1);
        });

        it("is handled by the service's worker as it ships today", async () => {
          const redis = freshRedis();
          const queue = queueOf(name, redis);
          const events = await eventsOf(name, redis);
          const worker = workerOf(name, handler, redis);
          const registry = createMetricsRegistry({ service: suite.owner, process: 'worker' });
          instrumentQueues(registry, [queue.queue], [worker]);

          const job = await queue.add(sample as never);
          const outcome = job.waitUntilFinished(events, 10_000);
          if ('failsWith' in expectation) {
            await expect(outcome).rejects.toThrow(expectation.failsWith);
            const stored = await queue.queue.getJob(job.id as string);
            expect(await stored?.getState()).toBe('failed');
            // No silent success and no retries of work that cannot happen yet.
            expect(stored?.attemptsMade).toBe(1);
          } else {
            await outcome;
          }

          // The worker's own event may trail the one QueueEvents read from Redis.
          const outcomeLabel = 'failsWith' in expectation ? 'failed' : 'completed';
          const processed = new RegExp(`queue_jobs_processed_total\\{[^}]*queue="${name}"[^}]*outcome="${outcomeLabel}"[^}]*\\} 1`);
          let text = await registry.metrics();
          for (let i = 0; i < 20 && !processed.test(text); i++) {
            await new Promise((r) => setTimeout(r, 100));
            text = await registry.metrics();
          }
          expect(text).toMatch(processed);
          if (outcomeLabel === 'failed') expect(text).toMatch(new RegExp(`queue_jobs\\{[^}]*queue="${name}"[^}]*state="failed"[^}]*\\} 1`));
        });
      });
    }
  });
}
