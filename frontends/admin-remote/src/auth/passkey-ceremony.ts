import { AuthenticationCredentialSchema, type AuthenticationCredential, type PasskeyOptions } from '@hap/contracts';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * navigator.credentials.get() with the server's options (@simplewebauthn/browser). A chunk of
 * its own, loaded when a passkey is used (ask-for-passkey.ts): the login screen's first paint does not carry it.
 */
export async function askForPasskey(options: PasskeyOptions): Promise<AuthenticationCredential> {
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return AuthenticationCredentialSchema.parse(answer);
}
