import { SecurityPage } from '../auth/SecurityPage';
import { portalTitle } from './portal-auth';

/** The clinic user's Security screen (issue 26 §2): two-factor sign-in, as the admin's. */
export function PortalSecurityPage() {
  return <SecurityPage titleOf={portalTitle} />;
}
