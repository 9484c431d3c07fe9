import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SessionStore } from '../../src/plugins/session';

describe('SessionStore (real Redis)', () => {
  // lazyConnect: a run filtered with -t that skips this file opens no socket.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_sess_${randomBytes(3).toString('hex')}`;
  const user = { id: 7, email: 'admin@gateway.test', name: 'Admin', isAdmin: true };
  const MINUTE = 60_000;
  let now = Date.UTC(2025, 0, 1);
  const store = new SessionStore(redis, prefix, { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE }, () => now);

  afterAll(() => redis.quit());
  beforeAll(() => redis.connect());

  it('stores an opaque 43-character id under <prefix>:sess:<id> with the idle TTL', async () => {
    const id = await store.create(user);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = await redis.pttl(`${prefix}:sess:${id}`);
    expect(ttl).toBeGreaterThan(29 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(30 * MINUTE);
    expect(await store.read(id)).toMatchObject({ userId: 7, email: user.email, isAdmin: true, createdAt: now, lastSeenAt: now });
  });

  it('slides the idle expiry at most once a minute', async () => {
    const id = await store.create(user);
    const created = now;
    now += 30_000;
    expect((await store.read(id))?.lastSeenAt).toBe(created);
    now += 45_000;
    expect((await store.read(id))?.lastSeenAt).toBe(now);
    now = created;
  });

  it('ends a session idle for longer than the idle window', async () => {
    const id = await store.create(user);
    const created = now;
    now += 31 * MINUTE;
    expect(await store.read(id)).toBeNull();
    expect(await redis.exists(`${prefix}:sess:${id}`)).toBe(0);
    now = created;
  });

  it('ends an active session at the absolute limit', async () => {
    const id = await store.create(user);
    const created = now;
    for (let t = 20; t < 12 * 60; t += 20) {
      now = created + t * MINUTE;
      expect(await store.read(id)).not.toBeNull();
    }
    // The key never outlives the absolute end, whatever the idle window says.
    expect(await redis.pttl(`${prefix}:sess:${id}`)).toBeLessThanOrEqual(20 * MINUTE);
    now = created + 12 * 60 * MINUTE + 1;
    expect(await store.read(id)).toBeNull();
    now = created;
  });

  it('ends a session whose user’s sign-in version moved on since it started, read in one round trip', async () => {
    const clinicUser = { id: 900 + Math.floor(Math.random() * 1000), email: 'sam@clinic.test', name: 'Sam', isAdmin: false, clientId: 3, clientName: 'Acme', role: 'front_desk' as const, authVersion: 2 };
    const versionKey = `${prefix}:authv:${clinicUser.id}`;
    const id = await store.create(clinicUser);
    expect(await store.read(id)).toMatchObject({ userId: clinicUser.id, clientId: 3, clientName: 'Acme', role: 'front_desk', authVersion: 2 });
    await redis.set(versionKey, '2');
    expect(await store.read(id)).not.toBeNull();
    const sent: string[] = [];
    const original = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }) => (sent.push(command.name), original(command as never))) as typeof redis.sendCommand;
    await redis.set(versionKey, '3').then(() => sent.splice(0));
    expect(await store.read(id)).toBeNull();
    redis.sendCommand = original;
    // The read itself was one script call; ending the session was the second command.
    expect(sent).toEqual(['eval', 'del']);
    expect(await redis.exists(`${prefix}:sess:${id}`)).toBe(0);
    // A session from before sign-in versions counts as version 1.
    const old = await store.create({ ...clinicUser, authVersion: undefined });
    expect(await store.read(old)).toBeNull();
    await redis.del(versionKey);
  });

  it('ignores malformed ids and destroys sessions', async () => {
    expect(await store.read('../../etc')).toBeNull();
    const id = await store.create(user);
    await store.destroy(id);
    expect(await store.read(id)).toBeNull();
  });
});
