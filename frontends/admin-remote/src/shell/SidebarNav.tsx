import { NavLink } from 'react-router';
import { LogoutButton } from './LogoutButton';
import { NAV_ITEMS } from './nav-items';

/** The sidebar's content, the same on the desktop rail and in the mobile slide-out. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
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
          Management
        </h2>
        <ul className="adm-nav__list">
          {NAV_ITEMS.map(({ label, to, icon: Icon, count, page }) => {
            const inner = (
              <>
                <Icon size={18} aria-hidden />
                <span className="adm-nav__label">{label}</span>
                {count > 0 && (
                  <span className="adm-badge adm-badge--count" aria-label={`${count} notifications`}>
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
        <span className="adm-sidebar__role">Admin</span>
        <LogoutButton />
      </div>
    </div>
  );
}
