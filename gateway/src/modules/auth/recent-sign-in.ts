import { ErrorCode, Messages, RECENT_SIGN_IN_MINUTES } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import type { Session } from '../../plugins/session';

const WINDOW_MS = RECENT_SIGN_IN_MINUTES * 60_000;

/** When the session's user last proved who they are. */
export const signedInAtOf = (session: Session): number => session.signedInAt ?? session.createdAt;

/**
 * Adding a passkey or an authenticator app: only within RECENT_SIGN_IN_MINUTES
 * of a sign-in (403 RECENT_SIGN_IN_REQUIRED otherwise), so a stolen or
 * forgotten session cannot give itself a lasting way back in.
 */
export function requireRecentSignIn(session: Session, now = Date.now()): void {
  if (now - signedInAtOf(session) > WINDOW_MS) {
    throw new AppError(403, ErrorCode.RECENT_SIGN_IN_REQUIRED, Messages.recentSignInRequired(RECENT_SIGN_IN_MINUTES));
  }
}
