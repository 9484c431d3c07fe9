import { Messages, sessionRoutes } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { AUTH_STATUS_KEY } from '../lib/auth';
import { useToast } from '../toast/toaster';

/** admin spec §4, §8: disabled while pending; on success the cached session check is invalidated. */
export function LogoutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();

  const logout = useMutation({
    mutationFn: () => api.call(sessionRoutes.adminLogout, {}),
    onSuccess: async () => {
      toast({ title: Messages.logoutSuccessTitle, description: Messages.logoutSuccessText });
      await queryClient.invalidateQueries({ queryKey: AUTH_STATUS_KEY });
      navigate('/admin/login', { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message || 'Logout failed', variant: 'destructive' });
    },
  });

  return (
    <button
      type="button"
      className="adm-button adm-button--ghost adm-sidebar__logout"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      <LogOut size={16} aria-hidden />
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </button>
  );
}
