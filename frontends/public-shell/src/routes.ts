/** What a URL shows. The server uses it for the template, the status code, the title and redirects. */
export type PageKind = 'home' | 'admin' | 'login' | 'not-found';

/** The kinds the public entry renders; /admin has its own entry and /login only redirects. */
export type PublicPageKind = Extract<PageKind, 'home' | 'not-found'>;

/**
 * public spec §2 routes built so far; DESIGN §9.2 (home pages) and §9.7 (/login).
 * `/standalone-client-home` and `/legacy-home` get the client landing page
 * (reading B) with the services pages; until then they show the home page
 * rather than a 404, since the admin's "View Client Homepage" links there for clients 4+.
 */
const EXACT: Readonly<Record<string, PageKind>> = {
  '/': 'home',
  '/home': 'home',
  '/client-home': 'home',
  '/standalone-client-home': 'home',
  '/legacy-home': 'home',
  '/login': 'login',
};

export const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * The page of a path, matched as the router did before (case-insensitive,
 * trailing slashes ignored); `/admin` and everything below it is the admin.
 * Plain code, not a router: public pages ship no client router (DESIGN §7).
 */
export function pageKindFor(pathname: string): PageKind {
  const path = `/${pathname.toLowerCase().split('/').filter(Boolean).join('/')}`;
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return EXACT[path] ?? 'not-found';
}

export function pageTitle(kind: PageKind, clinicName: string): string {
  switch (kind) {
    case 'home':
      return clinicName;
    case 'admin':
    case 'login':
      return 'Admin Dashboard';
    case 'not-found':
      return `Page Not Found | ${clinicName}`;
  }
}
