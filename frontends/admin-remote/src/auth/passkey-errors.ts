/** The browser's refusal of a passkey prompt in words (closed, timed out, a passkey already there), or the server's message. */
export function passkeyErrorText(err: unknown): string {
  if (err instanceof Error && err.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out. Try again.';
  if (err instanceof Error && err.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return err instanceof Error ? err.message : 'The passkey could not be used.';
}
