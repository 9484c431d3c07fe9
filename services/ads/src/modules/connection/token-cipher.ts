import { openText, sealKeyOf, sealText } from '@hap/service-kit';

/**
 * The refresh token at rest: sealed with GOOGLE_ADS_TOKEN_KEY (32 bytes in base64) by the
 * kit's AES-256-GCM helper (packages/service-kit/src/sealed-text.ts, whose stored format
 * `v1.<iv>.<tag>.<ciphertext>` this has always used).
 */

/** The key from its base64 text; null when it is not 32 bytes. */
export const tokenKeyOf = sealKeyOf;

export const encryptToken = (plain: string, key: Buffer): string => sealText(plain, key);

export const decryptToken = (sealed: string, key: Buffer): string => openText(sealed, key, 'Not an encrypted token');
