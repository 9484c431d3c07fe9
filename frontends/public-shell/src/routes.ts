import { matchRoutes } from 'react-router';

/** What a URL shows. The server uses it for the status code, the title and redirects. */
export type PageKind = 'home' | 'admin' | 'login' | 'not-found';

export interface PageRoute {
  path: string;
  kind: PageKind;
}

/** public spec §2 routes built so far; DESIGN §9.2 (home pages) and §9.7 (/login). */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', kind: 'home' },
  { path: '/home', kind: 'home' },
  { path: '/client-home', kind: 'home' },
  // DESIGN §9.2 gives these the client landing page (reading B), which comes
  // with the services pages; until then they show the home page rather than a
  // 404, since the admin's "View Client Homepage" links here for clients 4+.
  { path: '/standalone-client-home', kind: 'home' },
  { path: '/legacy-home', kind: 'home' },
  { path: '/login', kind: 'login' },
  { path: '/admin/*', kind: 'admin' },
  { path: '*', kind: 'not-found' },
];

export const ADMIN_LOGIN_PATH = '/admin/login';

export function pageKindFor(pathname: string): PageKind {
  return matchRoutes(PAGE_ROUTES, pathname)?.[0]?.route.kind ?? 'not-found';
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
