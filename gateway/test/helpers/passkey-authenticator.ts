import {
  AuthenticatorEmulator,
  PasskeysCredentialsMemoryRepository,
  WebAuthnEmulator,
  deserializeCredential,
  serializeCredential,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from 'nid-webauthn-emulator';

/**
 * A software passkey authenticator for API tests (nid-webauthn-emulator: a
 * CTAP2 authenticator with ES256 keys, 'none' attestation and a signature
 * counter that goes up by one a use), playing the browser at `origin`. Each
 * has its own credential store; `clone()` copies it as it is now, like an
 * authenticator whose keys were copied (its counter then falls behind).
 */
export class SoftAuthenticator {
  private readonly repository: PasskeysCredentialsMemoryRepository;
  private readonly webauthn: WebAuthnEmulator;

  constructor(
    readonly origin: string,
    { userVerified = true, repository = new PasskeysCredentialsMemoryRepository() }: { userVerified?: boolean; repository?: PasskeysCredentialsMemoryRepository } = {},
  ) {
    this.repository = repository;
    const interaction = (user: unknown) => ({ user, options: { uv: userVerified, up: true } });
    this.webauthn = new WebAuthnEmulator(
      new AuthenticatorEmulator({
        credentialsRepository: repository,
        verifications: { userPresent: true, userVerified },
        userMakeCredentialInteraction: interaction as never,
        userGetAssertionInteraction: interaction as never,
      }),
    );
  }

  /** navigator.credentials.create() with the server's options, as JSON; another origin plays a phishing site. */
  create(options: unknown, origin = this.origin): RegistrationResponseJSON {
    return this.webauthn.createJSON(origin, options as PublicKeyCredentialCreationOptionsJSON);
  }

  /** navigator.credentials.get() with the server's options, as JSON. */
  get(options: unknown, origin = this.origin): AuthenticationResponseJSON {
    return this.webauthn.getJSON(origin, options as PublicKeyCredentialRequestOptionsJSON);
  }

  clone(): SoftAuthenticator {
    const copy = new PasskeysCredentialsMemoryRepository();
    for (const credential of this.repository.loadCredentials()) copy.saveCredential(deserializeCredential(serializeCredential(credential)));
    return new SoftAuthenticator(this.origin, { repository: copy });
  }
}
