import { useQueryClient } from '@tanstack/react-query';
import { AUTH_STATUS_KEY, type AuthUser } from '../lib/auth';
import { adminTitle } from '../lib/use-document-title';
import { SecurityPage } from './SecurityPage';

/** The admin's Security screen; once two-factor sign-in is on, a session limited to it opens the whole admin. */
export function AdminSecurityPage() {
  const queryClient = useQueryClient();
  return (
    <SecurityPage
      titleOf={adminTitle}
      onChanged={(enabled) => {
        if (!enabled) return;
        queryClient.setQueryData<AuthUser | null>(AUTH_STATUS_KEY, (user) => (user ? { ...user, mfaSetupRequired: undefined } : user));
      }}
    />
  );
}
