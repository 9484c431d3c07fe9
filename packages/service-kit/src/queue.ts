import {
  createIORedisClient,
  Queue,
  QueueEvents,
  RedisConnection,
  UnrecoverableError,
  Worker,
  type ConnectionOptions,
  type Job,
  type JobsOptions,
} from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import {
  jobIdOf,
  queueContracts,
  queuesOwnedBy,
  type QueueName,
  type QueueOwner,
  type QueuePayload,
  type QueuesOf,
} from '@hap/contracts';

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

/**
 * BullMQ loads its optional peer `ioredis` from where bullmq is installed;
 * the workspace install keeps ioredis inside the packages that declare it,
 * out of bullmq's reach. BullMQ's documented driver hook gets our ioredis
 * instead (it still creates, duplicates and closes its connections itself).
 */
function useOurRedisDriver(): void {
  RedisConnection.clientFactory ??= (opts) => {
    const { url, ...rest } = opts as RedisOptions & { url?: string };
    return createIORedisClient(url ? new Redis(url, rest) : new Redis(rest));
  };
}

/** Where queues live: the Redis server and the deployment's key prefix. */
export interface QueueRedis {
  url: string;
  prefix: string;
}

/** The queue location of a service config. */
export const queueRedis = (config: { REDIS_URL: string; REDIS_PREFIX: string }): QueueRedis => ({
  url: config.REDIS_URL,
  prefix: config.REDIS_PREFIX,
});

/**
 * Attempts and backoff, set once for every queue (ARCHITECTURE.md#how-parts-talk): 5 tries, 2 s
 * doubling with jitter (≈ 2, 4, 8, 16 s). A job that exhausts them stays
 * failed for two weeks, visible to admins in the queue dashboard.
 */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.3 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};

/** A payload that does not match its queue's contract. */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly queue: QueueName,
    readonly issues: string[],
  ) {
    super(`Invalid ${queue} job payload: ${issues.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** The payload parsed by its queue's schema, or an InvalidJobPayloadError. */
export function parseJobPayload<N extends QueueName>(name: N, data: unknown): QueuePayload<N> {
  const result = queueContracts[name].payload.safeParse(data);
  if (!result.success) {
    throw new InvalidJobPayloadError(
      name,
      result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)),
    );
  }
  return result.data as QueuePayload<N>;
}

/** A producer's handle on one queue: `add` takes only that queue's payload. */
export interface JobQueue<N extends QueueName> {
  readonly name: N;
  /** The BullMQ queue underneath (counts, dashboards, tests). */
  readonly queue: Queue<QueuePayload<N>>;
  /**
   * Validates `payload` by the queue's schema (InvalidJobPayloadError when it
   * does not match) and adds it under the contract's job id. While a job with
   * that id is kept, adding again returns the existing job instead of a new one.
   */
  add(payload: QueuePayload<N>, options?: { delayMs?: number }): Promise<Job<QueuePayload<N>>>;
  /** `add` for many payloads in one Redis round trip (each validated and under its job id). */
  addBulk(payloads: readonly QueuePayload<N>[]): Promise<Array<Job<QueuePayload<N>>>>;
  close(): Promise<void>;
}

/**
 * A queue's own keeping of finished jobs, when the defaults do not fit: e.g.
 * a read that is asked again every hour under the same job id must not find
 * the last hour's finished job (which would swallow the new one); every
 * producer of that queue passes the same.
 */
export type QueueKeeping = Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'>;

export function createQueue<N extends QueueName>(name: N, redis: QueueRedis, keeping: QueueKeeping = {}): JobQueue<N> {
  useOurRedisDriver();
  const queue = new Queue<QueuePayload<N>>(name, { connection: redisConnection(redis.url), prefix: redis.prefix, defaultJobOptions: { ...defaultJobOptions, ...keeping } });
  return {
    name,
    queue,
    async add(payload, options = {}) {
      const data = parseJobPayload(name, payload);
      // One kind of job per queue: the job name is the queue's. A delayed job waits in Redis (a reminder), surviving restarts.
      const delay = options.delayMs && options.delayMs > 0 ? { delay: options.delayMs } : {};
      return (await queue.add(name as never, data as never, { jobId: jobIdOf(name, data), ...delay })) as Job<QueuePayload<N>>;
    },
    async addBulk(payloads) {
      const jobs = payloads.map((payload) => {
        const data = parseJobPayload(name, payload);
        return { name: name as never, data: data as never, opts: { jobId: jobIdOf(name, data) } };
      });
      return (await queue.addBulk(jobs)) as Array<Job<QueuePayload<N>>>;
    },
    close: () => queue.close(),
  };
}

/**
 * The events of queue `name` (progress, completed, failed), read from a Redis
 * stream: one per process is enough, e.g. for `job.waitUntilFinished(events)`.
 */
export function createQueueEvents(name: QueueName, redis: QueueRedis): QueueEvents {
  useOurRedisDriver();
  return new QueueEvents(name, { connection: redisConnection(redis.url), prefix: redis.prefix });
}

/** Does one job of queue `N`; gets the payload already checked against its schema. */
export type JobHandler<N extends QueueName> = (payload: QueuePayload<N>, job: Job<QueuePayload<N>>) => Promise<unknown>;

export interface WorkerOptions {
  /** Jobs of this queue run at once in one process (default 4). */
  concurrency?: number;
  /** Where connection errors go (default console.error); an 'error' event nobody hears ends the process. */
  onError?: (err: Error) => void;
}

/**
 * A BullMQ worker for queue `name`. A payload that fails the queue's schema
 * (an old or hand-made job) fails at once, without retries: no retry can fix it.
 */
export function createWorker<N extends QueueName>(
  name: N,
  handler: JobHandler<N>,
  redis: QueueRedis,
  options: WorkerOptions = {},
): Worker<QueuePayload<N>> {
  useOurRedisDriver();
  const worker = new Worker<QueuePayload<N>>(
    name,
    async (job) => {
      let payload: QueuePayload<N>;
      try {
        payload = parseJobPayload(name, job.data);
      } catch (err) {
        throw new UnrecoverableError((err as Error).message);
      }
      return handler(payload, job);
    },
    { connection: redisConnection(redis.url), prefix: redis.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('error', options.onError ?? ((err) => console.error(`${name} worker:`, err)));
  return worker;
}

/**
 * The handlers of every queue `O`'s worker consumes, one each: a missing
 * queue is a type error here and, for maps built around the types, a refusal
 * at start (`checkQueueHandlers`).
 */
export type QueueHandlers<O extends QueueOwner> = { [N in QueuesOf<O>]: JobHandler<N> };

/**
 * Throws, naming each queue, unless `handlers` has exactly one handler for
 * every queue `owner` consumes and none for another service's queue.
 */
export function checkQueueHandlers<O extends QueueOwner>(owner: O, handlers: QueueHandlers<O>): Array<QueuesOf<O>> {
  const owned: string[] = queuesOwnedBy(owner);
  const given = Object.keys(handlers);
  const missing = owned.filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
  const extra = given.filter((name) => !owned.includes(name));
  const problems = [
    ...(missing.length ? [`no handler for ${missing.join(', ')}`] : []),
    ...(extra.length ? [`handlers for queues it does not consume: ${extra.join(', ')}`] : []),
  ];
  if (problems.length) {
    throw new Error(`The ${owner} worker cannot start: ${problems.join('; ')} (it consumes ${owned.join(', ') || 'no queue'}).`);
  }
  return owned as Array<QueuesOf<O>>;
}

/** One worker per queue `owner` consumes, after checking the handler map. */
export function startQueueWorkers<O extends QueueOwner>(
  owner: O,
  handlers: QueueHandlers<O>,
  redis: QueueRedis,
  options: WorkerOptions = {},
): Worker[] {
  const names = checkQueueHandlers(owner, handlers);
  const byName = handlers as unknown as Record<QueueName, JobHandler<QueueName>>;
  return names.map((name) => createWorker(name, byName[name], redis, options) as unknown as Worker);
}
