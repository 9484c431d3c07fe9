import type { AuthenticationCredential, PasskeyOptions } from '@hap/contracts';

/**
 * The browser's passkey prompt with the server's options: its code (passkey-ceremony.ts and
 * @simplewebauthn/browser) is loaded when a passkey is used, so a login page does not carry it.
 */
export async function askForPasskey(options: PasskeyOptions): Promise<AuthenticationCredential> {
  const ceremony = await import('./passkey-ceremony');
  return ceremony.askForPasskey(options);
}
