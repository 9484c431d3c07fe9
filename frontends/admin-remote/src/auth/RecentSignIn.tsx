import { ApiError, ErrorCode } from '@hap/contracts';
import { LogoutButton, type LogoutButtonProps } from '../shell/LogoutButton';

/** Where "Sign in again" ends the session and goes: the admin's by default, the portal's for clinic users. */
export type SignInAgain = Pick<LogoutButtonProps, 'logOut' | 'authKey' | 'loginPath'>;

/** The server's refusal to add a way to sign in on a session signed in too long ago (403 RECENT_SIGN_IN_REQUIRED). */
export const needsRecentSignIn = (err: unknown): err is ApiError => err instanceof ApiError && err.code === ErrorCode.RECENT_SIGN_IN_REQUIRED;

/** The refusal's words and the way out: sign out, then in again, and come back to Security. */
export function RecentSignIn({ error, signInAgain }: { error: ApiError; signInAgain?: SignInAgain }) {
  return (
    <div className="sec-reauth" role="alert">
      <p>{error.message}</p>
      <LogoutButton {...signInAgain} label="Sign in again" className="adm-button adm-button--secondary" />
    </div>
  );
}
