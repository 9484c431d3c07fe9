import { createHash, randomBytes } from 'node:crypto';

/** 32 letters and digits without the look-alikes l, o, 0 and 1: 5 bits a character. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 20;

/** A new code (100 random bits), shown grouped: `abcde-fghij-kmnpq-rstuv`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

/** What is stored: a SHA-256 of the code as typed without dashes or spaces, lower-cased (a slow hash adds nothing to 100 random bits). */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
