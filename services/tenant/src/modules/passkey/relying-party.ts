import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';

export interface RelyingPartyOptions {
  /** WEBAUTHN_ORIGIN, else PUBLIC_BASE_URL's origin; empty: the ceremony's own origin (development only). */
  origins: string[];
  /** WEBAUTHN_RP_ID; unset: the first origin's host. */
  rpId?: string;
  /** WEBAUTHN_RP_NAME. */
  name: string;
  /** Production never trusts a ceremony's own origin: without a configured one, passkeys are off. */
  production: boolean;
}

/**
 * Who passkeys are bound to (WebAuthn's relying party): the RP ID a
 * credential is scoped to and the browser origins whose answers are
 * accepted. From configuration; with none (a laptop), the origin the
 * browser sent with the ceremony, which the gateway forwards.
 */
export class RelyingParty {
  constructor(private readonly options: RelyingPartyOptions) {}

  get name(): string {
    return this.options.name;
  }

  resolve(requestOrigin?: string): { rpID: string; origins: string[] } {
    let origins = this.options.origins;
    if (origins.length === 0 && !this.options.production && requestOrigin) {
      try {
        const url = new URL(requestOrigin);
        if (url.protocol === 'http:' || url.protocol === 'https:') origins = [url.origin];
      } catch {
        // Not an origin: as if none was sent.
      }
    }
    const [first] = origins;
    if (!first) throw new AppError(400, ErrorCode.NOT_CONFIGURED, Messages.passkeyOriginMissing);
    return { rpID: this.options.rpId ?? new URL(first).hostname, origins };
  }
}
