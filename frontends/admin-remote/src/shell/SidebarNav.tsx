import type { NewLeads } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { api } from '../lib/api';
import { routeOf } from '../lib/lazy-routes';
import { LogoutButton } from './LogoutButton';
import { NAV_ITEMS, type NavItem } from './nav-items';

/**
 * How the sidebar's new-leads count is read: every clinic's for the admin, the clinic's own in the
 * portal ("new leads live"), and how often it asks; an unchanged answer is a 304 the browser turns
 * into its last copy.
 */
const NEW_LEADS = {
  admin: { operation: 'getNewLeads', pollMs: 20_000 },
  portal: { operation: 'getPortalNewLeads', pollMs: 10_000 },
} as const;

/** Leads awaiting a first contact, kept live while the admin or the portal is open. */
export function useNewLeads(scope: keyof typeof NEW_LEADS) {
  const { operation, pollMs } = NEW_LEADS[scope];
  return useQuery({
    queryKey: [scope, 'leads', 'new'],
    queryFn: async ({ signal }): Promise<NewLeads> => api.call(await routeOf(operation), {}, { signal }),
    refetchInterval: pollMs,
    // A count that could not be read shows none rather than an error in the sidebar.
    retry: false,
  });
}

/** The sidebar's content, the same on the desktop rail and in the mobile slide-out. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const newLeads = useNewLeads('admin').data?.count ?? 0;
  return <Sidebar heading="Management" items={NAV_ITEMS} newLeads={newLeads} role="Admin" logout={<LogoutButton />} onNavigate={onNavigate} />;
}

export interface SidebarProps {
  heading: string;
  items: readonly NavItem[];
  /** The live count of the items marked `live: 'newLeads'`. */
  newLeads: number;
  /** Who is signed in, in a word or two (the footer). */
  role: string;
  logout: ReactNode;
  onNavigate?: () => void;
}

/** A sidebar: the platform's name, the links with their counts, who is signed in and the logout (the admin's, the portal's). */
export function Sidebar({ heading, items, newLeads, role, logout, onNavigate }: SidebarProps) {
  return (
    <div className="adm-sidebar__inner">
      <div className="adm-sidebar__brand">
        <span className="adm-logo-mark" aria-hidden>
          HA
        </span>
        <span>Health Ads Platform</span>
      </div>
      <nav className="adm-nav" aria-labelledby="adm-nav-heading">
        <h2 id="adm-nav-heading" className="adm-nav__heading">
          {heading}
        </h2>
        <ul className="adm-nav__list">
          {items.map(({ label, to, icon: Icon, count: fixed, live, page }) => {
            const count = live === 'newLeads' ? newLeads : fixed;
            const inner = (
              <>
                <Icon size={18} aria-hidden />
                <span className="adm-nav__label">{label}</span>
                {count > 0 && (
                  <span className="adm-badge adm-badge--count" aria-label={live === 'newLeads' ? `${count} new ${count === 1 ? 'lead' : 'leads'}` : `${count} notifications`}>
                    {count}
                  </span>
                )}
              </>
            );
            return (
              <li key={to}>
                {page ? (
                  // The gateway's own page (the queue board): a page load, not the router's.
                  <a href={to} className="adm-nav__link">
                    {inner}
                  </a>
                ) : (
                  <NavLink
                    to={to}
                    onClick={onNavigate}
                    className={({ isActive }) => (isActive ? 'adm-nav__link adm-nav__link--active' : 'adm-nav__link')}
                  >
                    {inner}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="adm-sidebar__footer">
        <span className="adm-sidebar__role">{role}</span>
        {logout}
      </div>
    </div>
  );
}
