import { escapeHtml, PORTAL_MANIFEST_PATH, PORTAL_TOUCH_ICON_PATH } from '@hap/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AdminFrame, appOfPath, isLoginFramePath } from './admin/AdminFrame';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { hydrationMoment, type HydrationMoment } from './pages/hydration';
import { SERVER_PAGES } from './pages/server-pages';
import { showsPicker, statusOf, viewOf, type PageView } from './pages/views';
import { routeFor, type PageKind } from './routes';
import { structuredDataTag } from './ssr/structured-data';
import { brandColours, brandStyle, defaultBranding, fallbackBranding } from './state/branding';
import type { PageState } from './state/page-state';

export { pageDataFrom, type PageData } from './ssr/page-data';
export { pageAddress, routeFor } from './routes';
export { PICKER_MODULE, VIEW_MODULES } from './pages/views';
export { DEFAULT_ADMIN_REMOTE_URL } from './state/page-state';

export interface RenderResult {
  status: number;
  /** What was rendered; goes into <html data-page> so the browser knows which view it hydrates. */
  page: PageView | 'admin' | 'login' | 'error';
  /** Set when the URL only redirects (e.g. /login); nothing else is rendered then. */
  redirect?: string;
  /** Markup for inside <div id="root">. */
  html: string;
  /** Tags for <head>: title, description, canonical, theme colour. */
  head: string;
  /** The value of the style attribute of <html>: the client's colours as CSS variables. */
  htmlStyle: string;
  /** When the page's script takes over (pages/hydration.ts); at load when not set. */
  hydration?: HydrationMoment;
  /** An app page's remote module: the agency's admin or the clinic portal. */
  app?: 'AdminApp' | 'PortalApp';
  /** The page shows the booking picker: its styles and chunk come with it (server/app.ts). */
  picker?: boolean;
}

interface Head {
  title: string;
  description: string;
  themeColour: string;
  noIndex: boolean;
  canonical?: string;
}

function headTags({ title, description, themeColour, noIndex, canonical }: Head): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
    `<meta name="theme-color" content="${escapeHtml(themeColour)}" />`,
    noIndex ? '<meta name="robots" content="noindex" />' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * A preload for the page's first-fetched picture (the one marked
 * fetchPriority="high", normally the largest paint), so the browser asks for
 * it from the `<head>` rather than when the parser reaches it. Its attribute
 * values come from React's markup, already escaped.
 */
export function heroPreload(html: string): string {
  const img = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i.exec(html)?.[0];
  if (!img) return '';
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(img)?.[1];
  const src = attr('src');
  // A phone's placeholder pixel (the landing hero, landing/parts.tsx) needs no preload.
  if (!src || src.startsWith('data:')) return '';
  const srcSet = attr('srcSet');
  const sizes = attr('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcSet ? ` imagesrcset="${srcSet}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" />`;
}

/** The page's title and description (docs/public-site.md#pages-and-routes: service pages from service meta). */
function headOf(view: PageView, state: PageState): Omit<Head, 'themeColour'> {
  const { client, landing, route, origin } = state;
  const clinic = client.name;
  const generic = `${clinic}: personalized wellness and medical care. Explore our services and contact us today.`;
  switch (view) {
    case 'home':
      return { title: clinic, description: generic, noIndex: false, canonical: `${origin}/` };
    case 'client-landing':
      return { title: `${clinic} | Services`, description: generic, noIndex: false, canonical: `${origin}/standalone-client-home` };
    case 'service':
    case 'unified': {
      const meta = landing!.meta;
      return {
        title: `${meta.title} | ${clinic}`,
        description: meta.description,
        // A preview is an admin's look at the page, never a search result; nor is a fallback service's
        // page (the shared template's page of a clinic that has no services yet).
        noIndex: route.preview === true || landing!.fallback === true,
        canonical: `${origin}${meta.canonicalUrl}`,
      };
    }
    case 'onboard':
      // The agency's sign-up, reachable on every clinic's host: never a clinic's search result.
      return {
        title: `Create Your Clinic's Account | ${clinic}`,
        description: 'Register your clinic, choose your services and get ready-made landing pages and a CRM account.',
        noIndex: true,
        canonical: `${origin}/onboard`,
      };
    case 'thanks':
      // A visitor's receipt, never a search result (docs/public-site.md#pages-and-routes).
      return { title: `Thank You | ${clinic}`, description: generic, noIndex: true };
    case 'book':
      // One patient's booking (its address may carry the lead's token): never a search result (docs/booking.md#pages).
      return { title: `Book Your Appointment | ${clinic}`, description: generic, noIndex: true };
    case 'appointment':
      return { title: `Your Appointment | ${clinic}`, description: generic, noIndex: true };
    case 'not-found':
      return { title: `Page Not Found | ${clinic}`, description: generic, noIndex: true };
    case 'unavailable':
      return { title: `Service Not Available | ${clinic}`, description: generic, noIndex: true };
  }
}

/**
 * Renders one public page for `url` (path and query) with the state loaded
 * for it. A redirect-only URL (/login) needs no state; /admin/* is
 * renderAdminPage's.
 */
export function render(url: string, state: PageState | null): RenderResult {
  const { pathname, search } = new URL(url, 'http://localhost');
  const route = routeFor(pathname, search);
  if (route.redirect) {
    const target = route.kind === 'login' ? `${route.redirect}${search}` : route.redirect;
    return { status: 302, page: route.kind === 'login' ? 'login' : 'not-found', redirect: target, html: '', head: '', htmlStyle: '' };
  }
  if (route.kind === 'admin') return renderAdminPage(pathname);
  if (!state) throw new Error(`render(${pathname}) needs the page state`);

  const view = viewOf(state);
  const Page = SERVER_PAGES[view];
  const html = renderToString(
    <StrictMode>
      <AppProviders state={state}>
        <App Page={Page} view={view} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    status: statusOf(view),
    page: view,
    html,
    head: [headTags({ ...headOf(view, state), themeColour: brandColours(state.client).brand }), heroPreload(html), structuredDataTag(view, state)].filter(Boolean).join('\n    '),
    htmlStyle: brandStyle(state.client),
    hydration: hydrationMoment(view, state, search),
    picker: showsPicker(view, state),
  };
}

/**
 * What makes the portal installable (docs/portal.md#installable-portal): its manifest, asked for
 * with the session cookie so the gateway can name the user's clinic (its name and colours), and
 * the icon an iPhone puts on its home screen (the default colour: this frame knows no clinic).
 * The login page leaves them to the portal's script, which adds them once the visitor starts
 * using it (admin-remote portal/portal-worker.ts): a manifest fetched with the first paint cost
 * the login ~3 Lighthouse points (bench:pages).
 */
const PORTAL_INSTALL_TAGS = [
  `<link rel="manifest" href="${PORTAL_MANIFEST_PATH}" crossorigin="use-credentials" />`,
  `<link rel="apple-touch-icon" href="${PORTAL_TOUCH_ICON_PATH}" />`,
].join('\n    ');

/**
 * The /admin/* page: only the frame of the screen to come (the remote is
 * client-only, see notes/toolchain.md); it needs no clinic, so no gateway call.
 */
export function renderAdminPage(pathname: string): RenderResult {
  const client = defaultBranding();
  const app = appOfPath(pathname);
  const title = app === 'PortalApp' ? 'Clinic Portal' : 'Admin Dashboard';
  return {
    status: 200,
    page: 'admin',
    app,
    html: renderToString(<AdminFrame path={pathname} />),
    head: [headTags({ title, description: title, themeColour: brandColours(client).brand, noIndex: true }), app === 'PortalApp' && !isLoginFramePath(pathname) ? PORTAL_INSTALL_TAGS : '']
      .filter(Boolean)
      .join('\n    '),
    htmlStyle: brandStyle(client),
    // The login card is a working form: the app loads when the visitor starts using it.
    hydration: isLoginFramePath(pathname) ? 'interaction' : 'load',
  };
}

/** The error fallback as a whole page, for when server rendering itself fails. */
export function renderErrorPage(): RenderResult {
  const client = fallbackBranding();
  return {
    status: 500,
    page: 'error',
    html: renderToString(<ErrorScreen />),
    head: headTags({ title: 'Something went wrong', description: 'Something went wrong', themeColour: brandColours(client).brand, noIndex: true }),
    htmlStyle: brandStyle(client),
  };
}

export type { PageKind };
