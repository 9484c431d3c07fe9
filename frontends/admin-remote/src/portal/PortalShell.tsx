import { CLINIC_ROLE_LABELS, OWNER_ONLY, sessionRoutes, type ClinicRole } from '@hap/contracts';
import { Building2, CalendarDays, ChartLine, EyeOff, FileText, Globe, Inbox, ListChecks, ShieldCheck, Users } from 'lucide-react';
import { api } from '../lib/api';
import { routeOf } from '../lib/lazy-routes';
import { AppShell } from '../shell/AdminShell';
import { LogoutButton } from '../shell/LogoutButton';
import type { NavItem } from '../shell/nav-items';
import { Sidebar, useNewLeads } from '../shell/SidebarNav';
import { canUse, PORTAL_AUTH_KEY, usePortalUser } from './portal-auth';

/**
 * The portal's sections, each shown to the roles its main row admits (docs/portal.md#roles): Users is
 * the owner's, as `invitePortalUser` is (a unit test holds the two together). Roles, not the row: the
 * route table stays out of the login page's script (lib/lazy-routes.ts).
 */
export const PORTAL_NAV: ReadonlyArray<NavItem & { needs?: { method: string; clinicRoles: readonly ClinicRole[] } }> = [
  { label: 'Leads', to: '/portal/leads', icon: Inbox, count: 0, live: 'newLeads' },
  { label: 'My tasks', to: '/portal/tasks', icon: ListChecks, count: 0 },
  { label: 'Booking', to: '/portal/booking', icon: CalendarDays, count: 0 },
  { label: 'Results', to: '/portal/results', icon: ChartLine, count: 0 },
  { label: 'Pages', to: '/portal/pages', icon: FileText, count: 0 },
  { label: 'Profile', to: '/portal/profile', icon: Building2, count: 0 },
  { label: 'Domains', to: '/portal/domains', icon: Globe, count: 0 },
  { label: 'Security', to: '/portal/security', icon: ShieldCheck, count: 0 },
  { label: 'Users', to: '/portal/users', icon: Users, count: 0, needs: { method: 'POST', clinicRoles: OWNER_ONLY } },
];

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
  const newLeads = useNewLeads('portal').data?.count ?? 0;
  return (
    <Sidebar
      heading={user?.clientName ?? 'Your clinic'}
      items={PORTAL_NAV.filter((item) => !item.needs || canUse(user, item.needs))}
      newLeads={newLeads}
      role={user?.viewAs ? 'The agency · read-only view' : user ? `${user.name ?? user.email} · ${CLINIC_ROLE_LABELS[user.role]}` : ''}
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
      drawerText="Your clinic's leads, bookings, results and team"
      sidebar={(onNavigate) => <PortalSidebar onNavigate={onNavigate} />}
    />
  );
}
