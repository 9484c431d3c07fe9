import { randomBytes } from 'node:crypto';
import { openText, sealKeyOf, sealText } from '../src/sealed-text';

describe('sealed text (AES-256-GCM at rest)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time and nothing of the plain text in the sealed one', () => {
    const a = sealText('1//0gRefreshTokenValue', key);
    const b = sealText('1//0gRefreshTokenValue', key);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('RefreshToken');
    expect(openText(a, key)).toBe('1//0gRefreshTokenValue');
    expect(openText(sealText('', key), key)).toBe('');
  });

  it('opens what was stored before the helper existed (the format is fixed)', () => {
    // Sealed by the services' former own code: key 32 × 0x07, IV 12 × 0x03.
    const stored = 'v1.AwMDAwMDAwMDAwMD.IlDKkqCgT3zidrXucLWvbg.b7zwVAMbGhI_CBMX2AenXA';
    expect(openText(stored, sealKeyOf('BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=')!)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a wrong key, a changed byte and text that is not sealed', () => {
    const sealed = sealText('secret', key);
    expect(() => openText(sealed, randomBytes(32))).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openText([v, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => openText('plain', key)).toThrow('Not a sealed value');
    expect(() => openText('plain', key, 'Not an encrypted token')).toThrow('Not an encrypted token');
  });

  it('takes a key of 32 bytes in base64 only', () => {
    expect(sealKeyOf(key.toString('base64'))).toEqual(key);
    expect(sealKeyOf(randomBytes(16).toString('base64'))).toBeNull();
    expect(sealKeyOf(undefined)).toBeNull();
    expect(sealKeyOf('')).toBeNull();
  });
});
