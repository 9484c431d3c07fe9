import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingPanel } from '../pages/LoadingPanel';
import { SidebarNav } from './SidebarNav';

/**
 * admin spec §2.2: a fixed 14rem sidebar on desktop, hidden on small screens,
 * where a menu button opens the same navigation as a slide-out dialog.
 */
export function AdminShell() {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="adm-shell">
      {/* The first stop of the Tab key: past the navigation to the screen itself (issue 8, accessibility). */}
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
      <aside className="adm-sidebar" aria-label="Admin navigation">
        <SidebarNav />
      </aside>

      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <header className="adm-topbar">
          <Dialog.Trigger className="adm-icon-button" aria-label="Open menu">
            <Menu size={20} aria-hidden />
          </Dialog.Trigger>
          <span className="adm-topbar__title">Admin Dashboard</span>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="adm-overlay" />
          <Dialog.Content className="adm-drawer">
            <div className="adm-drawer__header">
              <div>
                <Dialog.Title className="adm-drawer__title">Admin Dashboard</Dialog.Title>
                <Dialog.Description className="adm-drawer__description">
                  Navigate to different sections of the admin area
                </Dialog.Description>
              </div>
              <Dialog.Close className="adm-icon-button" aria-label="Close menu">
                <X size={20} aria-hidden />
              </Dialog.Close>
            </div>
            <SidebarNav onNavigate={() => setMenuOpen(false)} />
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
