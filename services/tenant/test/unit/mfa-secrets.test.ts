import { randomBytes } from 'node:crypto';
import { loadServiceConfig } from '../../src/config';
import { newRecoveryCode, recoveryCodeHash } from '../../src/modules/mfa/recovery-codes';
import { SecretCipher } from '../../src/modules/mfa/secret-cipher';

describe('two-factor secrets at rest', () => {
  const key = randomBytes(32).toString('base64');

  it('seals a secret with a fresh IV each time and opens it only with its key, unchanged', () => {
    const cipher = new SecretCipher(key);
    const a = cipher.seal('JBSWY3DPEHPK3PXP');
    const b = cipher.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\./);
    expect(cipher.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretCipher(randomBytes(32).toString('base64')).open(a)).toThrow();
    const parts = a.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(() => cipher.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
  });

  it('needs MFA_SECRET_KEY of 32 bytes, and a real one in production', () => {
    expect(() => loadServiceConfig({ MFA_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(/MFA_SECRET_KEY/);
    expect(() => loadServiceConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-for-this-test-only' })).toThrow(/MFA_SECRET_KEY: set a real key/);
    expect(loadServiceConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-for-this-test-only', MFA_SECRET_KEY: key }).MFA_SECRET_KEY).toBe(key);
  });

  it('makes recovery codes of 100 random bits, hashed the same however they are typed', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-km-np-z2-9]{5}(-[a-km-np-z2-9]{5}){3}$/);
    expect(recoveryCodeHash(code)).toBe(recoveryCodeHash(code.toUpperCase().replace(/-/g, ' ')));
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Array.from({ length: 200 }, newRecoveryCode)).size).toBe(200);
  });
});
