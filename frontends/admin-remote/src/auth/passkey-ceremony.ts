import { AuthenticationCredentialSchema, type AuthenticationCredential, type PasskeyOptions } from '@hap/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * navigator.credentials.get() with the server's options (@simplewebauthn/browser),
 * loaded only when a passkey is used: the login screen's first paint does not carry it.
 */
export async function askForPasskey(options: PasskeyOptions): Promise<AuthenticationCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return AuthenticationCredentialSchema.parse(answer);
}
