import { SecurityPage } from '../auth/SecurityPage';
import { PORTAL_AUTH_KEY, portalTitle } from './portal-auth';
import { portalLogout } from './PortalShell';

/** The clinic user's Security screen: two-factor sign-in, as the admin's. */
export function PortalSecurityPage() {
  return <SecurityPage titleOf={portalTitle} signInAgain={{ logOut: portalLogout, authKey: PORTAL_AUTH_KEY, loginPath: '/portal/login' }} />;
}
