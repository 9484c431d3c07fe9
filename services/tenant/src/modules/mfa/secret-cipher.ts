import { openText, sealKeyOf, sealText } from '@hap/service-kit';

/**
 * A two-factor secret at rest: sealed with MFA_SECRET_KEY (32 bytes in base64) by the kit's
 * AES-256-GCM helper (packages/service-kit/src/sealed-text.ts), the same
 * `v1.<iv>.<tag>.<ciphertext>` format as ads' refresh tokens.
 */
export class SecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    const key = sealKeyOf(keyBase64);
    if (!key) throw new Error('MFA_SECRET_KEY must be 32 bytes in base64');
    this.key = key;
  }

  seal(plain: string): string {
    return sealText(plain, this.key);
  }

  open(sealed: string): string {
    return openText(sealed, this.key, 'Not an encrypted secret');
  }
}
