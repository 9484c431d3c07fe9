import { randomBytes } from 'node:crypto';
import { Registry } from 'prom-client';
import { metricSample } from '@hap/test-kit/metrics-sample';
import { startTcpProxy } from '@hap/test-kit/tcp-proxy';
import { createContentCache, type ContentCache, type ContentCacheOptions } from '../src';

/** This run's Redis (global setup); each test gets a prefix of its own so no other file's messages reach it. */
const redisAt = (url = process.env.REDIS_URL as string) => ({ url, prefix: `${process.env.REDIS_PREFIX}_cc_${randomBytes(4).toString('hex')}` });

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const waitFor = async (check: () => boolean, what: string, ms = 2_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('content cache', () => {
  const opened: ContentCache[] = [];
  const open = async (options: Partial<ContentCacheOptions> = {}) => {
    const cache = createContentCache({ name: 'test.pages', redis: null, ttlMs: 60_000, maxEntries: 100, ...options });
    opened.push(cache);
    await cache.start();
    return cache;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  describe('in one process', () => {
    it('loads on a miss and answers the kept value on a hit', async () => {
      const cache = await open();
      let loads = 0;
      const load = async () => ({ n: ++loads });
      expect(await cache.get('a', load)).toEqual({ n: 1 });
      expect(await cache.get('a', load)).toEqual({ n: 1 });
      expect(await cache.get('b', load)).toEqual({ n: 2 });
      expect(loads).toBe(2);
    });

    it('shares one load between concurrent misses of a key', async () => {
      const cache = await open();
      const gate = deferred<string>();
      let loads = 0;
      const load = () => {
        loads += 1;
        return gate.promise;
      };
      const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
      gate.resolve('once');
      expect(await answers).toEqual(['once', 'once', 'once']);
      expect(loads).toBe(1);
    });

    it('does not keep a failure: every waiter gets the error, the next read loads again', async () => {
      const cache = await open();
      const gate = deferred<string>();
      let loads = 0;
      const failing = () => {
        loads += 1;
        return gate.promise;
      };
      const first = cache.get('k', failing);
      const second = cache.get('k', failing);
      gate.reject(new Error('database away'));
      await expect(first).rejects.toThrow('database away');
      await expect(second).rejects.toThrow('database away');
      expect(await cache.get('k', async () => 'back')).toBe('back');
      expect(loads).toBe(1);
      expect(cache.size).toBe(1);
    });

    it('loads again once an entry is older than the TTL', async () => {
      let now = 1_000;
      const cache = await open({ ttlMs: 50, now: () => now });
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get('k', load)).toBe(1);
      now += 49;
      expect(await cache.get('k', load)).toBe(1);
      now += 2;
      expect(await cache.get('k', load)).toBe(2);
    });

    it('keeps at most maxEntries, dropping the least recently used', async () => {
      const cache = await open({ maxEntries: 2 });
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('a', load); // 1
      await cache.get('b', load); // 2
      await cache.get('a', load); // hit: b is now the oldest
      await cache.get('c', load); // 3, b goes
      expect(cache.size).toBe(2);
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.get('c', load)).toBe(3);
      expect(await cache.get('b', load)).toBe(4);
    });

    it('forgets everything on invalidate, and does not keep a load that began before it', async () => {
      const cache = await open();
      let cleared = 0;
      cache.onInvalidate(() => (cleared += 1));
      await cache.get('a', async () => 'old a');
      const gate = deferred<string>();
      // A reader that read the old row, still in flight when the write commits and invalidates.
      const inFlight = cache.get('b', () => gate.promise);
      await cache.invalidate();
      gate.resolve('old b');
      expect(await inFlight).toBe('old b');
      expect(cache.size).toBe(0);
      expect(await cache.get('a', async () => 'new a')).toBe('new a');
      expect(await cache.get('b', async () => 'new b')).toBe('new b');
      expect(cleared).toBe(1);
    });

    it('counts hits, shared loads and misses in the registry it is given', async () => {
      const registry = new Registry();
      const cache = await open({ name: 'test.counted', metrics: registry });
      const gate = deferred<number>();
      const both = Promise.all([cache.get('k', () => gate.promise), cache.get('k', () => gate.promise)]);
      gate.resolve(1);
      await both;
      await cache.get('k', async () => 2);
      await cache.invalidate();
      const text = await registry.metrics();
      const lookups = (result: string) => metricSample(text, 'content_cache_lookups_total', { cache: 'test.counted', result });
      expect([lookups('miss'), lookups('shared'), lookups('hit')]).toEqual([1, 1, 1]);
      expect(metricSample(text, 'content_cache_invalidations_total', { cache: 'test.counted', origin: 'local' })).toBe(1);
    });
  });

  describe('across processes, through Redis pub/sub', () => {
    it('clears the other instances of the same cache when one invalidates, and only those', async () => {
      const redis = redisAt();
      const here = await open({ redis });
      const there = await open({ redis });
      const otherCache = await open({ redis, name: 'test.other' });
      const otherDeployment = await open({ redis: redisAt() });
      for (const cache of [here, there, otherCache, otherDeployment]) {
        expect(cache.live).toBe(true);
        await cache.get('k', async () => 'old');
      }

      await here.invalidate();
      await waitFor(() => there.size === 0, 'the other instance to clear');

      expect(await there.get('k', async () => 'new')).toBe('new');
      expect(await here.get('k', async () => 'new')).toBe('new');
      // Another cache name and another deployment prefix heard nothing.
      expect(otherCache.size).toBe(1);
      expect(otherDeployment.size).toBe(1);
    });

    it('clears a cache that follows another one (another service’s data) when that one invalidates', async () => {
      const redis = redisAt();
      const pages = await open({ redis, name: 'test.pages' });
      const follower = await open({ redis, name: 'test.follower', follows: 'test.pages' });
      const bystander = await open({ redis, name: 'test.follower' });
      for (const cache of [pages, follower, bystander]) await cache.get('k', async () => 'old');

      await pages.invalidate();
      await waitFor(() => follower.size === 0, 'the follower to clear');

      expect(await follower.get('k', async () => 'new')).toBe('new');
      // A cache of the follower's name that follows nothing listens on its own channel only.
      expect(bystander.size).toBe(1);
    });

    it('clears a cache that follows several others when any of them invalidates (the public shell: tenant and templates)', async () => {
      const redis = redisAt();
      const clinics = await open({ redis, name: 'test.clinics' });
      const catalogue = await open({ redis, name: 'test.catalogue' });
      const pages = await open({ redis, name: 'test.rendered', follows: ['test.clinics', 'test.catalogue'] });
      const followsOne = await open({ redis, name: 'test.rendered', follows: 'test.catalogue' });

      await pages.get('k', async () => 'old');
      await followsOne.get('k', async () => 'old');
      await clinics.invalidate();
      await waitFor(() => pages.size === 0, 'the follower to clear on the first channel');
      // The cache that follows only the other channel heard nothing.
      expect(followsOne.size).toBe(1);

      await pages.get('k', async () => 'newer');
      await catalogue.invalidate();
      await waitFor(() => pages.size === 0 && followsOne.size === 0, 'both followers to clear on the second channel');
    });

    it('keeps nothing while it cannot hear invalidations, and starts from empty when it can again', async () => {
      const base = new URL(process.env.REDIS_URL as string);
      const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 6379) });
      try {
        const url = new URL(base);
        url.host = `127.0.0.1:${proxy.port}`;
        const redis = redisAt(url.toString());
        const cache = await open({ redis });
        await cache.get('k', async () => 'before');
        expect(cache.size).toBe(1);

        proxy.cut();
        await waitFor(() => !cache.live, 'the cache to notice Redis went away');
        expect(cache.size).toBe(0);
        let loads = 0;
        expect(await cache.get('k', async () => `away ${++loads}`)).toBe('away 1');
        expect(await cache.get('k', async () => `away ${++loads}`)).toBe('away 2');

        proxy.restore();
        await waitFor(() => cache.live, 'the cache to subscribe again', 10_000);
        expect(await cache.get('k', async () => 'after')).toBe('after');
        expect(await cache.get('k', async () => 'not loaded')).toBe('after');
      } finally {
        await Promise.all(opened.splice(0).map((c) => c.close()));
        await proxy.close();
      }
    }, 20_000);

    it('starts when Redis is away (answers, keeps nothing) and an invalidation still clears this process', async () => {
      const cache = await open({ redis: { url: 'redis://127.0.0.1:1', prefix: 'never_used' } });
      expect(cache.live).toBe(false);
      expect(await cache.get('k', async () => 'loaded')).toBe('loaded');
      expect(cache.size).toBe(0);
      await expect(cache.invalidate()).resolves.toBeUndefined();
    });
  });
});
