import { randomBytes } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: Algorithm.Argon2id });

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows: unknown e-mails are verified against it so
 * they take as long as known ones and do not reveal which accounts exist.
 */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(32).toString('hex')));

/** A strong generated password: 24 characters of URL-safe base64 (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString('base64url');
