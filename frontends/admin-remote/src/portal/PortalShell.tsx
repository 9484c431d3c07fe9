import { sessionRoutes, type NewLeads } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { Building2, ChartLine, EyeOff, FileText, Globe, Inbox, ShieldCheck, Users } from 'lucide-react';
import { api } from '../lib/api';
import { routeOf } from '../lib/lazy-routes';
import { AppShell } from '../shell/AdminShell';
import { LogoutButton } from '../shell/LogoutButton';
import type { NavItem } from '../shell/nav-items';
import { Sidebar } from '../shell/SidebarNav';
import { PORTAL_AUTH_KEY, usePortalUser } from './portal-auth';

/** As the admin's sidebar: an unchanged answer is a 304 the browser turns into its last copy. */
const NEW_LEADS_POLL_MS = 10_000;

/** The clinic's leads awaiting a first contact, kept live while the portal is open ("new leads live"). */
export function usePortalNewLeads() {
  return useQuery({
    queryKey: ['portal', 'leads', 'new'],
    queryFn: async ({ signal }): Promise<NewLeads> => api.call(await routeOf('getPortalNewLeads'), {}, { signal }),
    refetchInterval: NEW_LEADS_POLL_MS,
    retry: false,
  });
}

const ITEMS: readonly NavItem[] = [
  { label: 'Leads', to: '/portal/leads', icon: Inbox, count: 0, live: 'newLeads' },
  { label: 'Results', to: '/portal/results', icon: ChartLine, count: 0 },
  { label: 'Pages', to: '/portal/pages', icon: FileText, count: 0 },
  { label: 'Profile', to: '/portal/profile', icon: Building2, count: 0 },
  { label: 'Domains', to: '/portal/domains', icon: Globe, count: 0 },
  { label: 'Security', to: '/portal/security', icon: ShieldCheck, count: 0 },
];
const OWNER_ITEMS: readonly NavItem[] = [...ITEMS, { label: 'Users', to: '/portal/users', icon: Users, count: 0 }];

export const portalLogout = () => api.call(sessionRoutes.portalLogout, {});

/** An admin's read-only view of the clinic ends back in the admin, on the Clients list. */
function EndViewButton() {
  const end = () => routeOf('endViewAs').then((route) => api.call(route, {})).finally(() => window.location.assign('/admin/clients'));
  return (
    <button type="button" className="adm-button adm-button--ghost adm-sidebar__logout" onClick={() => void end()}>
      <EyeOff size={16} aria-hidden />
      End read-only view
    </button>
  );
}

function PortalSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = usePortalUser().data;
  const newLeads = usePortalNewLeads().data?.count ?? 0;
  return (
    <Sidebar
      heading={user?.clientName ?? 'Your clinic'}
      items={user?.role === 'owner' ? OWNER_ITEMS : ITEMS}
      newLeads={newLeads}
      role={user?.viewAs ? 'The agency · read-only view' : user ? `${user.name ?? user.email} · ${user.role === 'owner' ? 'Owner' : 'Staff'}` : ''}
      logout={user?.viewAs ? <EndViewButton /> : <LogoutButton logOut={portalLogout} authKey={PORTAL_AUTH_KEY} loginPath="/portal/login" />}
      onNavigate={onNavigate}
    />
  );
}

/** The clinic portal's shell: the admin's layout with the clinic's own navigation. */
export function PortalShell() {
  return (
    <AppShell
      title="Clinic Portal"
      navLabel="Portal navigation"
      drawerText="Your clinic's leads, results and team"
      sidebar={(onNavigate) => <PortalSidebar onNavigate={onNavigate} />}
    />
  );
}
