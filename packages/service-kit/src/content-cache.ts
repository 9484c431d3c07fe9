import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Registry } from 'prom-client';
import { z } from 'zod';
// metrics.ts (part of `@hap/service-kit/process`) and types only: this module is also `@hap/service-kit/content-cache`, which the public shell loads without TypeORM or BullMQ.
import { counterOf } from './metrics';
import type { QueueRedis } from './queue';

/** The content cache's variables; a service that caches page answers spreads them into its config shape. */
export const contentCacheConfigShape = {
  /**
   * How long a cached page answer (page context, page content) may live without
   * an invalidation: the safety net for a lost message. 0 turns the cache off.
   */
  CONTENT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Most answers one process keeps per cache (least recently used go first). */
  CONTENT_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(5_000),
};

/** What the cache logs: connection trouble and failed publishes (a FastifyBaseLogger or pino logger fits). */
export interface ContentCacheLogger {
  warn(obj: object, msg: string): void;
}

export interface ContentCacheOptions {
  /** Names the cache in metrics and its Redis channel: `tenant.page-context`. Every process of a service uses the same name. */
  name: string;
  /**
   * Other caches whose invalidations clear this one too, when what this one
   * keeps is other services' data: leads' `leads.catalogue` follows
   * `templates.page-content`, which templates invalidates after every admin
   * write; the public shell's rendered pages follow tenant's and templates'.
   * This cache then listens on those caches' channels (and its own
   * invalidate() speaks on each of them).
   */
  follows?: string | readonly string[];
  /**
   * Where invalidations travel between the processes of a service (the service's
   * REDIS_URL and REDIS_PREFIX, `queueRedis(config)`). null: this process only
   * (a single process, or a test that needs no neighbours).
   */
  redis: QueueRedis | null;
  /** The safety net: an entry is read again after this long even when no invalidation arrived (a lost message). */
  ttlMs: number;
  /** At most this many entries; the least recently used one goes first. */
  maxEntries: number;
  /** Registry for `content_cache_lookups_total` and `content_cache_invalidations_total` (the app's `app.metrics`). */
  metrics?: Registry;
  logger?: ContentCacheLogger;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * An in-process cache of read-mostly answers (what public pages read), cleared
 * in every process of the service when any of them calls `invalidate()`.
 */
export interface ContentCache {
  readonly name: string;
  /**
   * The cached value of `key`, else `load()`'s. Concurrent misses of one key
   * share one load; a failed load is not cached (each waiter gets its error);
   * a load that began before an invalidation is answered but not kept. Values
   * are shared between callers: treat them as read-only.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Forgets every entry here and tells the other processes to do the same.
   * Call it after the change committed. Never rejects: when Redis is away
   * the others fall back on the TTL.
   */
  invalidate(): Promise<void>;
  /** Runs `listener` whenever this cache is cleared (here or by a message). Returns its removal. */
  onInvalidate(listener: () => void): () => void;
  /** Subscribes to its channels; until then (and while Redis is away) answers are not kept. */
  start(): Promise<void>;
  /** Unsubscribes and closes the connections. */
  close(): Promise<void>;
  /** Entries kept now. */
  readonly size: number;
  /** Whether answers are kept now: subscribed (or local only) and not closed. */
  readonly live: boolean;
}

/** A kept answer, boxed: lru-cache keeps no undefined values, and a load may answer undefined. */
interface Entry {
  value: unknown;
}

/** The templates service's page cache: cleared after every admin write there, so other services' copies of its data follow it. */
export const TEMPLATES_PAGE_CACHE = 'templates.page-content';

/** The tenant service's page cache (a page's clinic, branding and team): cleared after every admin write there. */
export const TENANT_PAGE_CACHE = 'tenant.page-context';

/** Every cache's channel is scoped by the deployment's prefix, like its queues' keys. */
export const contentCacheChannel = (prefix: string, name: string) => `${prefix}:content-cache:${name}:invalidate`;

/** Bounded wait for a publish: an admin's answer never hangs on a slow Redis. */
const PUBLISH_TIMEOUT_MS = 1_000;

function counters(registry: Registry | undefined) {
  if (!registry) return null;
  return {
    lookups: counterOf(registry, 'content_cache_lookups_total', 'Content cache reads: hit (kept answer), shared (joined a load in flight), miss (loaded)', ['cache', 'result']),
    invalidations: counterOf(
      registry,
      'content_cache_invalidations_total',
      'Content cache clears: local (a write here), remote (a message from another process), disconnect (lost the channel: messages may be missed)',
      ['cache', 'origin'],
    ),
  };
}

/**
 * A content cache (see ContentCache). Entries live in lru-cache (at most
 * maxEntries, least recently used first out, each for ttlMs). Its fetchMethod
 * is not used: a load that began before a clear must still answer its waiters
 * but not be kept, which the generation below decides.
 *
 * Correctness rests on three rules: the writer invalidates after its commit;
 * every clear bumps a generation, and a load that began under an older one is
 * not kept (it may have read the old row); and nothing is kept unless this
 * process is subscribed (a message missed while Redis was away could leave an
 * old answer for a whole TTL), with a clear on every (re)subscription.
 */
export function createContentCache(options: ContentCacheOptions): ContentCache {
  const { name, ttlMs, maxEntries, logger } = options;
  if (!(ttlMs > 0)) throw new Error(`content cache ${name}: ttlMs must be positive`);
  if (!(maxEntries > 0)) throw new Error(`content cache ${name}: maxEntries must be positive`);
  const now = options.now ?? Date.now;
  const metrics = counters(options.metrics);
  const origin = randomUUID();
  const heard = options.follows === undefined ? [name] : typeof options.follows === 'string' ? [options.follows] : [...options.follows];
  const prefix = options.redis?.prefix;
  const channels = prefix === undefined ? [] : heard.map((cache) => contentCacheChannel(prefix, cache));

  // ttlResolution 0: every lookup reads the clock (`now`, which tests move).
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  const inflight = new Map<string, Promise<unknown>>();
  const listeners = new Set<() => void>();
  let generation = 0;
  let subscribed = options.redis === null;
  let closed = false;
  let subscriber: Redis | null = null;
  let publisher: Redis | null = null;

  for (const result of ['hit', 'shared', 'miss']) metrics?.lookups.inc({ cache: name, result }, 0);

  function clearLocal(why: 'local' | 'remote' | 'disconnect'): void {
    generation += 1;
    entries.clear();
    // Waiters already holding a promise still get its answer; new reads start afresh.
    inflight.clear();
    metrics?.invalidations.inc({ cache: name, origin: why });
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        logger?.warn({ err, cache: name }, 'content cache listener failed');
      }
    }
  }

  function connection(url: string, role: string): Redis {
    const redis = new Redis(url, {
      lazyConnect: true,
      // A publish either goes now or fails fast; the subscriber resubscribes itself (on 'ready').
      enableOfflineQueue: role === 'subscriber',
      autoResubscribe: false,
      maxRetriesPerRequest: role === 'subscriber' ? null : 1,
      connectionName: `${name}:${role}`,
    });
    redis.on('error', (err: Error) => logger?.warn({ err, cache: name, role }, 'content cache Redis error'));
    return redis;
  }

  async function subscribe(redis: Redis): Promise<void> {
    await redis.subscribe(...channels);
    if (closed) return;
    // Loads that began before we listened may have read a row whose invalidation we missed: not kept.
    generation += 1;
    inflight.clear();
    subscribed = true;
  }

  return {
    name,
    get size() {
      return entries.size;
    },
    get live() {
      return subscribed && !closed;
    },

    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      // A hit becomes the most recently used; an entry past its TTL is dropped and reads as a miss.
      const entry = entries.get(key);
      if (entry) {
        metrics?.lookups.inc({ cache: name, result: 'hit' });
        return Promise.resolve(entry.value as T);
      }
      const running = inflight.get(key);
      if (running) {
        metrics?.lookups.inc({ cache: name, result: 'shared' });
        return running as Promise<T>;
      }
      metrics?.lookups.inc({ cache: name, result: 'miss' });
      const startedIn = generation;
      const promise: Promise<T> = (async () => load())().then(
        (value) => {
          if (inflight.get(key) === promise) inflight.delete(key);
          if (startedIn === generation && subscribed && !closed) entries.set(key, { value });
          return value;
        },
        (err: unknown) => {
          if (inflight.get(key) === promise) inflight.delete(key);
          throw err;
        },
      );
      inflight.set(key, promise);
      return promise;
    },

    async invalidate() {
      clearLocal('local');
      if (!publisher || !channels.length || closed) return;
      const pub = publisher;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.all(channels.map((channel) => pub.publish(channel, origin))),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer from Redis in ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        logger?.warn({ err, cache: name }, 'content cache invalidation not published; other processes fall back on the TTL');
      } finally {
        clearTimeout(timer);
      }
    },

    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      if (!options.redis || !channels.length || subscriber || closed) return;
      const sub = connection(options.redis.url, 'subscriber');
      const pub = connection(options.redis.url, 'publisher');
      subscriber = sub;
      publisher = pub;
      sub.on('message', (ch: string, message: string) => {
        if (channels.includes(ch) && message !== origin) clearLocal('remote');
      });
      // Deaf to invalidations: what is kept may already be old, and nothing new is kept until we listen again.
      sub.on('close', () => {
        if (!subscribed) return;
        subscribed = false;
        clearLocal('disconnect');
      });
      let booted = false;
      // After a reconnect (or a first connection that failed at boot): listen again.
      sub.on('ready', () => {
        if (booted && !subscribed && !closed) {
          subscribe(sub).catch((err: unknown) => logger?.warn({ err, cache: name }, 'content cache could not resubscribe'));
        }
      });
      // The publisher reconnects by itself; until then an invalidation is local only (logged).
      const publisherUp = pub.connect().catch((err: unknown) => logger?.warn({ err, cache: name }, 'content cache publisher not connected yet'));
      try {
        await sub.connect();
        await subscribe(sub);
      } catch (err) {
        // Redis away at boot: the service still answers (from the database); the cache goes live once Redis is back.
        logger?.warn({ err, cache: name }, 'content cache not subscribed yet; answers are not cached until Redis is reachable');
      } finally {
        booted = true;
      }
      await publisherUp;
    },

    async close() {
      if (closed) return;
      closed = true;
      subscribed = false;
      entries.clear();
      inflight.clear();
      listeners.clear();
      const quit = async (redis: Redis | null) => {
        if (!redis) return;
        try {
          if (redis.status === 'ready') await redis.quit();
          else redis.disconnect();
        } catch {
          redis.disconnect();
        }
      };
      await Promise.all([quit(subscriber), quit(publisher)]);
      subscriber = null;
      publisher = null;
    },
  };
}

/**
 * The cache `name` of a service app as its config says (null when
 * CONTENT_CACHE_TTL_MS is 0), invalidated through the service's Redis and
 * counted in the app's metrics. Register it with registerContentCache
 * (content-cache-app.ts).
 */
export function contentCacheFromConfig(
  app: FastifyInstance,
  name: string,
  config: { REDIS_URL: string; REDIS_PREFIX: string; CONTENT_CACHE_TTL_MS: number; CONTENT_CACHE_MAX_ENTRIES: number },
): ContentCache | null {
  if (config.CONTENT_CACHE_TTL_MS === 0) return null;
  return createContentCache({
    name,
    redis: { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
    ttlMs: config.CONTENT_CACHE_TTL_MS,
    maxEntries: config.CONTENT_CACHE_MAX_ENTRIES,
    metrics: app.hasDecorator('metrics') ? app.metrics : undefined,
    logger: app.log,
  });
}
