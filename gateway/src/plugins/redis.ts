import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and login throttling live here. */
    redis: Redis;
  }
}

export interface RedisPluginOptions {
  url: string;
  /** A connection owned by the caller (tests); not closed with the app. */
  client?: Redis;
  /** Milliseconds a command may wait for its answer; see REDIS_OPTIONS. */
  commandTimeoutMs?: number;
}

/**
 * How the gateway's own connection behaves when Redis is away: every command
 * fails within a bounded time, so a request answers 503 (or goes on as
 * anonymous) instead of hanging or piling up.
 *
 * - `enableOfflineQueue: false`: while the connection is down a command is
 *   refused at once instead of being queued until Redis is back.
 * - `maxRetriesPerRequest: 0`: a command in flight when the connection drops
 *   fails with it instead of being resent after a reconnect (a resent INCR
 *   would also count a login attempt twice).
 * - `commandTimeout`: an open connection to a Redis that stopped answering
 *   (stopped process, dropped packets) cannot hold a request longer than this.
 *   Session reads and counters take well under a millisecond.
 * - `connectTimeout`: bounds each (re)connect attempt; with no offline queue it
 *   no longer delays requests, only how soon the gateway notices Redis is back.
 *
 * Reconnecting goes on in the background with ioredis's default backoff (at most 2 s apart).
 */
const REDIS_OPTIONS = { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 5_000 } as const;
const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/**
 * Redis did not answer (down, unreachable, too slow): sign-in, sign-out and
 * admin calls answer 503 with a message people can act on.
 */
export class SessionStoreUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.sessionStoreUnavailable);
    this.cause = cause;
  }
}

/** `operation`, with any failure of it reported as the session store being unavailable. */
export async function orStoreUnavailable<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (err) {
    throw err instanceof SessionStoreUnavailableError ? err : new SessionStoreUnavailableError(err);
  }
}

/**
 * One Redis connection for the gateway, closed with the app unless it was
 * given. Connection errors are logged once per outage (ioredis emits one per
 * reconnect attempt, and prints "Unhandled error event" when nobody listens).
 */
export const redisPlugin = fp<RedisPluginOptions>(
  async (app, options) => {
    const owned = !options.client;
    const redis =
      options.client ??
      new Redis(options.url, {
        ...REDIS_OPTIONS,
        lazyConnect: true,
        commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      });

    let down = false;
    const onError = (err: Error) => {
      if (down) {
        app.log.debug({ err }, 'redis still unavailable');
        return;
      }
      down = true;
      app.log.warn({ err }, 'redis unavailable: sign-in and admin calls answer 503 until it is back');
    };
    const onReady = () => {
      if (!down) return;
      down = false;
      app.log.info('redis available again');
    };
    redis.on('error', onError);
    redis.on('ready', onReady);

    if (owned) {
      try {
        await redis.connect();
      } catch (err) {
        // Do not keep reconnecting in the background of an app that failed to start.
        redis.disconnect();
        throw err;
      }
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (owned) {
        await redis.quit().catch(() => redis.disconnect());
        return;
      }
      // A caller's connection outlives the app: leave it as it was given.
      redis.off('error', onError);
      redis.off('ready', onReady);
    });
  },
  { name: 'redis' },
);
