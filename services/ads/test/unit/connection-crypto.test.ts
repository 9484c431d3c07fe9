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

  it('is accepted for the admin who started the consent, before it expires', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const state = signState(secret, 7, now);
    expect(verifyState(secret, state, 7, now + 1000)).toBe(true);
    expect(verifyState(secret, state, 8, now + 1000)).toBe(false);
    expect(verifyState(secret, state, 7, now + STATE_TTL_MS + 1)).toBe(false);
    expect(verifyState('another-secret-of-at-least-32-characters', state, 7, now)).toBe(false);
  });

  it('is refused when changed or missing', () => {
    const state = signState(secret, 7);
    const [, expires, nonce, sig] = state.split('.');
    expect(verifyState(secret, ['8', expires, nonce, sig].join('.'), 8)).toBe(false);
    expect(verifyState(secret, undefined, 7)).toBe(false);
    expect(verifyState(secret, 'a.b.c', 7)).toBe(false);
  });
});
