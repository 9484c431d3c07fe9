import { Messages, sessionRoutes } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { AUTH_STATUS_KEY } from '../lib/auth';
import { useToast } from '../toast/toaster';

export interface LogoutButtonProps {
  /** Ends the session (the admin's by default, the portal's for clinic users). */
  logOut?: () => Promise<unknown>;
  /** The cached session check to invalidate. */
  authKey?: readonly string[];
  /** Where to go once logged out. */
  loginPath?: string;
  /** The button's words ('Sign in again' where a recent sign-in is needed). */
  label?: string;
  className?: string;
}

const adminLogout = () => api.call(sessionRoutes.adminLogout, {});

/** docs/admin.md#states, docs/admin.md#messages: disabled while pending; on success the cached session check is invalidated. */
export function LogoutButton({
  logOut = adminLogout,
  authKey = AUTH_STATUS_KEY,
  loginPath = '/admin/login',
  label = 'Logout',
  className = 'adm-button adm-button--ghost adm-sidebar__logout',
}: LogoutButtonProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();

  const logout = useMutation({
    mutationFn: logOut,
    onSuccess: async () => {
      toast({ title: Messages.logoutSuccessTitle, description: Messages.logoutSuccessText });
      await queryClient.invalidateQueries({ queryKey: authKey });
      navigate(loginPath, { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message || 'Logout failed', variant: 'destructive' });
    },
  });

  return (
    <button
      type="button"
      className={className}
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      <LogOut size={16} aria-hidden />
      {logout.isPending ? 'Logging out...' : label}
    </button>
  );
}
