import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A two-factor secret at rest: AES-256-GCM with MFA_SECRET_KEY (32 bytes in
 * base64), a fresh 12-byte IV per secret and its 16-byte tag, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), like ads' refresh tokens. A wrong
 * key or a changed byte fails to decrypt.
 */
const VERSION = 'v1';

export class SecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('MFA_SECRET_KEY must be 32 bytes in base64');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
