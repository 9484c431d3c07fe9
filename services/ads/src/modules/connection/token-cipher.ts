import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The refresh token at rest (issue 10 §1): AES-256-GCM with a key from the
 * environment (GOOGLE_ADS_TOKEN_KEY, 32 bytes in base64), a fresh 12-byte IV
 * per token and its 16-byte tag, stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url). A wrong key or a changed byte fails to decrypt.
 */
const VERSION = 'v1';

/** The key from its base64 text; null when it is not 32 bytes. */
export function tokenKeyOf(text: string | undefined): Buffer | null {
  if (!text) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

export function encryptToken(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptToken(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
