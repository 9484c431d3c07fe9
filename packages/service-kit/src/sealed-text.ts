import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret at rest (tenant's two-factor secrets, ads' refresh tokens): AES-256-GCM with a
 * 32-byte key, a fresh 12-byte IV per value and its 16-byte tag, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The stored format is fixed: values sealed
 * before this helper existed open with it. A wrong key or a changed byte fails to open.
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';

/** The key from its base64 text; null when it is not 32 bytes. */
export function sealKeyOf(text: string | undefined): Buffer | null {
  if (!text) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

export function sealText(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text of `sealed`; throws `notSealed` when it is not in the format, or the cipher's error when the key or a byte is wrong. */
export function openText(sealed: string, key: Buffer, notSealed = 'Not a sealed value'): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error(notSealed);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
