import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { QueueRedis } from './queue';

/**
 * Writes held in Redis while PostgreSQL cannot take them, replayed once it
 * can. What a caller was promised (a lead's reference) must not be lost to a
 * database outage: the write is appended to a Redis stream, with a receipt
 * under its idempotency key so a retry meanwhile finds the first one instead
 * of holding a second, and a relay replays the stream into the database.
 *
 * Keys, under the deployment's prefix and one hash tag (one cluster slot):
 * `<prefix>:{<name>}:stream` (the held writes, oldest first), `…:receipt:<key>`
 * (what a retry is answered; kept `receiptTtlSeconds` after its write is
 * replayed), `…:lock` (one relay at a time) and `…:dead` (entries no parse
 * accepts, kept for a person to look at, never dropped).
 *
 * Held writes are as durable as the Redis holding them: run it with
 * persistence (appendonly) where that matters.
 */
export interface ParkedWritesOptions<T> {
  redis: QueueRedis;
  /** Names the stream and its keys (`leads.parked`). */
  name: string;
  /** Parses an entry read back; a throw moves the entry to the dead stream. */
  parse: (value: unknown) => T;
  /** How long a key's receipt stays after its write was replayed (s): a late retry still finds it. */
  receiptTtlSeconds?: number;
  /** Past this a Redis command counts as failed (ms): a caller waits no longer than that for Redis too. */
  commandTimeoutMs?: number;
  /** How long one relay holds the lock (ms); another may replay the same entries after it, so writes must be idempotent. */
  lockMs?: number;
  /** Connection errors (an 'error' event nobody hears would end the process), and entries moved to the dead stream. */
  onError?: (err: Error) => void;
}

export type ParkResult<R> = { parked: true } | { parked: false; receipt: R };

export interface ParkedWrites<T, R> {
  /**
   * Appends `value`, and with `hold` records `hold.receipt` under `hold.key`,
   * in one step; when the key already holds a receipt nothing is appended and
   * that receipt comes back (the first submission's).
   */
  park(value: T, hold?: { key: string; receipt: R }): Promise<ParkResult<R>>;
  /** The receipt held under `key`, or null. */
  receiptOf(key: string): Promise<R | null>;
  /**
   * Replays held writes, oldest first, through `write` (which must be
   * idempotent: a relay that dies between a write and its removal replays it
   * again), removing each once written; one relay at a time across processes.
   * A write failing for a reason `isTransient` accepts (the database still
   * away) stops the replay and throws (it and the rest wait for the next
   * call); any other failure moves that entry to the dead stream, so one bad
   * entry never holds up the others. Returns how many entries it took off the
   * stream; 0 when another relay holds the lock.
   */
  drain(write: (value: T) => Promise<void>, options?: { batch?: number; isTransient?: (err: unknown) => boolean }): Promise<number>;
  /** Writes held and not replayed yet. */
  size(): Promise<number>;
  /** Entries moved aside because they did not parse. */
  deadSize(): Promise<number>;
  close(): Promise<void>;
}

/**
 * KEYS[1] the stream, KEYS[2] (optional) the receipt; ARGV[1] the value,
 * ARGV[2] the receipt. A held receipt wins; else the receipt is recorded and
 * the value appended, together (a receipt without its value would answer a
 * retry for a write that will never happen).
 */
const PARK = `
if KEYS[2] then
  local held = redis.call('GET', KEYS[2])
  if held then return held end
  redis.call('SET', KEYS[2], ARGV[2])
end
redis.call('XADD', KEYS[1], '*', 'value', ARGV[1], 'receipt', KEYS[2] or '')
return false`;

/** Deletes the lock only if this relay still holds it. */
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function createParkedWrites<T, R>(options: ParkedWritesOptions<T>): ParkedWrites<T, R> {
  const base = `${options.redis.prefix}:{${options.name}}`;
  const stream = `${base}:stream`;
  const dead = `${base}:dead`;
  const lock = `${base}:lock`;
  const receiptKey = (key: string) => `${base}:receipt:${key}`;
  const receiptTtl = options.receiptTtlSeconds ?? 24 * 3600;
  const lockMs = options.lockMs ?? 60_000;
  const timeout = options.commandTimeoutMs ?? 2_000;
  const redis = new Redis(options.redis.url, {
    lazyConnect: true,
    connectTimeout: timeout,
    commandTimeout: timeout,
    maxRetriesPerRequest: 1,
    connectionName: options.name,
  });
  const reportError = options.onError ?? ((err: Error) => console.error(`${options.name} (Redis):`, err));
  redis.on('error', reportError);

  /** Kept whole beside the reason: a person decides; the stream goes on. */
  async function moveAside(id: string, value: string, why: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    await redis.multi().xadd(dead, '*', 'id', id, 'value', value, 'error', message.slice(0, 2000)).xdel(stream, id).exec();
    reportError(new Error(`${options.name}: entry ${id} ${why} and was moved to ${dead}: ${message}`));
  }

  async function replayEntry(id: string, fields: string[], write: (value: T) => Promise<void>, isTransient: (err: unknown) => boolean): Promise<void> {
    const field = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
    const receipt = field('receipt');
    let value: T;
    try {
      value = options.parse(JSON.parse(field('value')));
    } catch (err) {
      return moveAside(id, field('value'), 'did not parse', err);
    }
    try {
      await write(value);
    } catch (err) {
      if (isTransient(err)) throw err;
      return moveAside(id, field('value'), 'could not be written', err);
    }
    const done = redis.multi().xdel(stream, id);
    if (receipt) done.expire(receipt, receiptTtl);
    await done.exec();
  }

  return {
    async park(value, hold) {
      const keys = hold ? [stream, receiptKey(hold.key)] : [stream];
      const held = (await redis.eval(PARK, keys.length, ...keys, JSON.stringify(value), hold ? JSON.stringify(hold.receipt) : '')) as string | null;
      return held === null ? { parked: true } : { parked: false, receipt: JSON.parse(held) as R };
    },
    async receiptOf(key) {
      const held = await redis.get(receiptKey(key));
      return held === null ? null : (JSON.parse(held) as R);
    },
    async drain(write, { batch = 100, isTransient = () => true } = {}) {
      if ((await redis.xlen(stream)) === 0) return 0;
      const token = randomUUID();
      if ((await redis.set(lock, token, 'PX', lockMs, 'NX')) !== 'OK') return 0;
      try {
        const entries = await redis.xrange(stream, '-', '+', 'COUNT', batch);
        for (const [id, fields] of entries) await replayEntry(id, fields, write, isTransient);
        return entries.length;
      } finally {
        await redis.eval(UNLOCK, 1, lock, token).catch(() => undefined);
      }
    },
    size: () => redis.xlen(stream),
    deadSize: () => redis.xlen(dead),
    async close() {
      // A connection that is down (or never opened) has nothing to flush: quitting it would wait for a reconnect.
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
