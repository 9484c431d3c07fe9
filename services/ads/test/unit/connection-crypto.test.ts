import { randomBytes } from 'node:crypto';
import { signState, STATE_TTL_MS, verifyState } from '../../src/modules/connection/oauth-state';
import { decryptToken, encryptToken, tokenKeyOf } from '../../src/modules/connection/token-cipher';

describe('the refresh token at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time and nothing of the token in the text', () => {
    const token = '1//0gRefreshTokenValue';
    const a = encryptToken(token, key);
    const b = encryptToken(token, key);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('RefreshToken');
    expect(decryptToken(a, key)).toBe(token);
  });

  it('refuses another key and a changed byte', () => {
    const sealed = encryptToken('secret', key);
    expect(() => decryptToken(sealed, randomBytes(32))).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptToken([v, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => decryptToken('plain-token', key)).toThrow('Not an encrypted token');
  });

  it('takes a key of exactly 32 bytes in base64', () => {
    expect(tokenKeyOf(key.toString('base64'))).toEqual(key);
    expect(tokenKeyOf(randomBytes(16).toString('base64'))).toBeNull();
    expect(tokenKeyOf(undefined)).toBeNull();
  });
});

describe('the OAuth state', () => {
  const secret = 'internal-secret-of-at-least-32-characters!';
  const session = 'tag-of-session-a';

  it('is accepted for the admin and the session that started the consent, before it expires, and names its nonce', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const { state, nonce, expiresAt } = signState(secret, 7, session, now);
    expect(expiresAt.getTime()).toBe(now + STATE_TTL_MS);
    expect(state).not.toContain(session);
    expect(verifyState(secret, state, 7, session, now + 1000)).toBe(nonce);
    expect(verifyState(secret, state, 8, session, now + 1000)).toBeNull();
    // The same admin logged in elsewhere: another session, another tag.
    expect(verifyState(secret, state, 7, 'tag-of-session-b', now + 1000)).toBeNull();
    expect(verifyState(secret, state, 7, session, now + STATE_TTL_MS + 1)).toBeNull();
    expect(verifyState('another-secret-of-at-least-32-characters', state, 7, session, now)).toBeNull();
  });

  it('is refused when changed or missing', () => {
    const { state } = signState(secret, 7, session);
    const [, expires, nonce, sig] = state.split('.');
    expect(verifyState(secret, ['8', expires, nonce, sig].join('.'), 8, session)).toBeNull();
    expect(verifyState(secret, undefined, 7, session)).toBeNull();
    expect(verifyState(secret, 'a.b.c', 7, session)).toBeNull();
  });
});
