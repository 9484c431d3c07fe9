import { Queue, Worker, type ConnectionOptions, type Processor, type JobsOptions } from 'bullmq';

/** BullMQ connection options from a redis:// URL (BullMQ sets what workers need). */
export function redisConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

/** Attempts and backoff, set once for every queue (DESIGN §5). */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.3 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};

export function createQueue<Data>(name: string, redisUrl: string, prefix: string): Queue<Data> {
  return new Queue<Data>(name, { connection: redisConnection(redisUrl), prefix, defaultJobOptions });
}

export function createWorker<Data, Result>(
  name: string,
  processor: Processor<Data, Result>,
  redisUrl: string,
  prefix: string,
  concurrency = 4,
): Worker<Data, Result> {
  return new Worker<Data, Result>(name, processor, { connection: redisConnection(redisUrl), prefix, concurrency });
}
