import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createParkedWrites, type ParkedWrites } from '../src';

interface Item {
  n: number;
}
interface Receipt {
  ref: string;
}

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Held writes on the test run's Redis, each test under a prefix of its own. */
describe('parked writes (Redis stream)', () => {
  const raw = new Redis(url);
  const opened: Array<ParkedWrites<Item, Receipt>> = [];
  let prefix: string;
  const open = (overrides: { url?: string; lockMs?: number } = {}) => {
    const parked = createParkedWrites<Item, Receipt>({
      redis: { url: overrides.url ?? url, prefix },
      name: 'things.parked',
      parse: (value) => {
        const n = (value as { n?: unknown }).n;
        if (typeof n !== 'number') throw new Error('n must be a number');
        return { n };
      },
      receiptTtlSeconds: 600,
      commandTimeoutMs: 1_000,
      lockMs: overrides.lockMs,
      onError: () => undefined,
    });
    opened.push(parked);
    return parked;
  };

  beforeEach(() => {
    prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_parked_${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.close()));
    const keys = await raw.keys(`${prefix}:*`);
    if (keys.length) await raw.del(...keys);
  });
  afterAll(() => raw.quit());

  it('replays held writes in order, removing each once written', async () => {
    const parked = open();
    for (const n of [1, 2, 3]) expect(await parked.park({ n })).toEqual({ parked: true });
    expect(await parked.size()).toBe(3);

    const written: number[] = [];
    expect(await parked.drain(async ({ n }) => void written.push(n))).toBe(3);
    expect(written).toEqual([1, 2, 3]);
    expect(await parked.size()).toBe(0);
    expect(await parked.drain(async () => void written.push(0))).toBe(0);
  });

  it('holds one write per key: a retry gets the first receipt and appends nothing', async () => {
    const parked = open();
    expect(await parked.park({ n: 1 }, { key: 'k-1', receipt: { ref: 'first' } })).toEqual({ parked: true });
    expect(await parked.park({ n: 1 }, { key: 'k-1', receipt: { ref: 'second' } })).toEqual({ parked: false, receipt: { ref: 'first' } });
    expect(await parked.receiptOf('k-1')).toEqual({ ref: 'first' });
    expect(await parked.receiptOf('k-2')).toBeNull();
    expect(await parked.size()).toBe(1);

    await parked.drain(async () => undefined);
    // A late retry still finds the receipt for a while after the write reached the database.
    expect(await parked.receiptOf('k-1')).toEqual({ ref: 'first' });
    const ttl = await raw.ttl(`${prefix}:{things.parked}:receipt:k-1`);
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('stops at a failing write and keeps it and the rest for the next relay', async () => {
    const parked = open();
    for (const n of [1, 2, 3]) await parked.park({ n });
    const written: number[] = [];
    await expect(
      parked.drain(async ({ n }) => {
        if (n === 2) throw new Error('database away');
        written.push(n);
      }),
    ).rejects.toThrow('database away');
    expect(written).toEqual([1]);
    expect(await parked.size()).toBe(2);

    await parked.drain(async ({ n }) => void written.push(n));
    expect(written).toEqual([1, 2, 3]);
    expect(await parked.size()).toBe(0);
  });

  it('lets one relay at a time replay: two relays at once write each entry once', async () => {
    const a = open();
    const b = open();
    for (let n = 1; n <= 20; n++) await a.park({ n });
    const written: number[] = [];
    const slowWrite = async ({ n }: Item) => {
      await new Promise((resolve) => setImmediate(resolve));
      written.push(n);
    };
    const counts = await Promise.all([a.drain(slowWrite), b.drain(slowWrite)]);
    expect(counts.sort((x, y) => x - y)).toEqual([0, 20]);
    expect(written).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('moves an entry that does not parse aside, whole, and goes on with the rest', async () => {
    const parked = open();
    await parked.park({ n: 1 });
    await raw.xadd(`${prefix}:{things.parked}:stream`, '*', 'value', '{"n":"two"}', 'receipt', '');
    await parked.park({ n: 3 });
    const written: number[] = [];
    expect(await parked.drain(async ({ n }) => void written.push(n))).toBe(3);
    expect(written).toEqual([1, 3]);
    expect(await parked.size()).toBe(0);
    expect(await parked.deadSize()).toBe(1);
    const [[, fields]] = await raw.xrange(`${prefix}:{things.parked}:dead`, '-', '+');
    expect(fields).toEqual(expect.arrayContaining(['value', '{"n":"two"}', 'error', 'n must be a number']));
  });

  it('moves aside an entry whose write fails for good, and stops at one that may succeed later', async () => {
    const parked = open();
    for (const n of [1, 2, 3, 4]) await parked.park({ n });
    const written: number[] = [];
    const write = async ({ n }: Item) => {
      if (n === 2) throw new Error('violates check constraint');
      if (n === 4 && written.length < 3) throw new Error('database away');
      written.push(n);
    };
    const isTransient = (err: unknown) => (err as Error).message === 'database away';
    await expect(parked.drain(write, { isTransient })).rejects.toThrow('database away');
    expect(written).toEqual([1, 3]);
    expect(await parked.deadSize()).toBe(1);
    expect(await parked.size()).toBe(1);

    written.push(0);
    expect(await parked.drain(write, { isTransient })).toBe(1);
    expect(written).toEqual([1, 3, 0, 4]);
    const [[, fields]] = await raw.xrange(`${prefix}:{things.parked}:dead`, '-', '+');
    expect(fields).toEqual(expect.arrayContaining(['value', '{"n":2}', 'error', 'violates check constraint']));
  });

  it('fails fast, holding nothing, when Redis does not answer', async () => {
    const parked = open({ url: 'redis://127.0.0.1:1' });
    const started = Date.now();
    await expect(parked.park({ n: 1 }, { key: 'k-1', receipt: { ref: 'r' } })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
