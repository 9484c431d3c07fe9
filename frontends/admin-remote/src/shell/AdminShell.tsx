import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import type { ReactNode } from 'react';
import { LoadingPanel } from '../pages/LoadingPanel';
import { SidebarNav } from './SidebarNav';

/** docs/admin.md#sign-in-and-the-shell: the admin's shell. */
export function AdminShell() {
  return (
    <AppShell
      title="Admin Dashboard"
      navLabel="Admin navigation"
      drawerText="Navigate to different sections of the admin area"
      sidebar={(onNavigate) => <SidebarNav onNavigate={onNavigate} />}
    />
  );
}

export interface AppShellProps {
  /** The top bar's and the mobile menu's title. */
  title: string;
  /** The sidebar's accessible name. */
  navLabel: string;
  /** The mobile menu's description. */
  drawerText: string;
  /** The navigation, the same on the desktop rail and in the mobile slide-out (which closes on navigating). */
  sidebar: (onNavigate?: () => void) => ReactNode;
}

/**
 * docs/admin.md#sign-in-and-the-shell: a fixed 14rem sidebar on desktop, hidden on small screens,
 * where a menu button opens the same navigation as a slide-out dialog. The
 * clinic portal has the same shell with its own navigation.
 */
export function AppShell({ title, navLabel, drawerText, sidebar }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="adm-shell">
      {/* The first stop of the Tab key: past the navigation to the screen itself (accessibility). */}
      <a
        className="adm-skip-link"
        href="#admin-main"
        onClick={(event) => {
          // Focus moves without a hash in the address: the router owns the URL.
          event.preventDefault();
          document.getElementById('admin-main')?.focus();
        }}
      >
        Skip to main content
      </a>
      <aside className="adm-sidebar" aria-label={navLabel}>
        {sidebar()}
      </aside>

      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <header className="adm-topbar">
          <Dialog.Trigger className="adm-icon-button" aria-label="Open menu">
            <Menu size={20} aria-hidden />
          </Dialog.Trigger>
          <span className="adm-topbar__title">{title}</span>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="adm-overlay" />
          <Dialog.Content className="adm-drawer">
            <div className="adm-drawer__header">
              <div>
                <Dialog.Title className="adm-drawer__title">{title}</Dialog.Title>
                <Dialog.Description className="adm-drawer__description">{drawerText}</Dialog.Description>
              </div>
              <Dialog.Close className="adm-icon-button" aria-label="Close menu">
                <X size={20} aria-hidden />
              </Dialog.Close>
            </div>
            {sidebar(() => setMenuOpen(false))}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main id="admin-main" className="adm-main" tabIndex={-1}>
        {/* A screen's chunk is loaded when it is first opened (AdminApp.tsx). */}
        <Suspense fallback={<LoadingPanel label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
