import type { Redis } from 'ioredis';
import { PASSKEY_CEREMONY_MINUTES } from '@hap/contracts';
import { PasskeyCeremonies } from '../../src/modules/auth/passkey-ceremonies';

/** A sign-in with the passkey alone: its ceremony is signed, nothing stored (docs/sign-in.md#passkeys-at-the-gateway). */
describe('passkey login ceremonies', () => {
  const challenge = 'q'.repeat(43);
  let now = Date.UTC(2026, 0, 1);
  // Reading a ceremony needs no Redis at all: any call to it fails the test.
  const noRedis = new Proxy({}, { get: () => { throw new Error('Redis was used'); } }) as unknown as Redis;
  const ceremonies = new PasskeyCeremonies(noRedis, 'hap_unit', { secret: 'a'.repeat(64), now: () => now });

  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
  });

  it('reads back what it signed, for its login, until the ceremony ends', () => {
    const token = ceremonies.startLogin({ challenge, login: 'admin' });
    expect(token.length).toBeLessThanOrEqual(200);
    expect(ceremonies.readLogin(token)).toMatchObject({ challenge, login: 'admin' });
    now += PASSKEY_CEREMONY_MINUTES * 60_000 - 1_000;
    expect(ceremonies.readLogin(token)).toMatchObject({ challenge, login: 'admin' });
    now += 1_000;
    expect(ceremonies.readLogin(token)).toBeNull();
  });

  it('refuses a ceremony altered in any part, signed with another secret, or ending too far ahead', () => {
    const token = ceremonies.startLogin({ challenge, login: 'portal' });
    const [version, login, ends, sent, mac] = token.split('.') as [string, string, string, string, string];
    const other = new PasskeyCeremonies(noRedis, 'hap_unit', { secret: 'b'.repeat(64), now: () => now });
    const later = new PasskeyCeremonies(noRedis, 'hap_unit', { secret: 'a'.repeat(64), now: () => now + 3_600_000 });
    for (const bad of [
      [version, 'admin', ends, sent, mac].join('.'),
      [version, login, String(Number(ends) + 60), sent, mac].join('.'),
      [version, login, ends, 'r'.repeat(43), mac].join('.'),
      [version, login, ends, sent, mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('.'),
      other.startLogin({ challenge, login: 'portal' }),
      later.startLogin({ challenge, login: 'portal' }),
      '',
      'v1.portal',
    ]) {
      expect(ceremonies.readLogin(bad)).toBeNull();
    }
  });
});
