import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, login throttling and the general rate limit live here. */
    redis: Redis;
  }
}

export interface RedisPluginOptions {
  url: string;
  /** A connection owned by the caller (tests); not closed with the app. */
  client?: Redis;
}

/** One Redis connection for the gateway, closed with the app unless it was given. */
export const redisPlugin = fp<RedisPluginOptions>(
  async (app, options) => {
    const owned = !options.client;
    const redis =
      options.client ??
      new Redis(options.url, {
        lazyConnect: true,
        // Fail a command quickly rather than queueing it while Redis is away.
        maxRetriesPerRequest: 2,
        connectTimeout: 5_000,
      });
    if (owned) await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (owned) await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
