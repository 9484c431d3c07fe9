import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AdminLoading } from './admin/AdminLoading';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { ADMIN_LOGIN_PATH, pageKindFor, pageTitle, type PageKind } from './routes';
import { brandColours, brandStyle, defaultBranding, fallbackBranding } from './state/branding';
import type { PageState } from './state/page-state';

export { pageDataFrom, type PageData } from './ssr/page-data';
export { pageKindFor } from './routes';
export { DEFAULT_ADMIN_REMOTE_URL } from './state/page-state';

export interface RenderResult {
  status: number;
  /** What was rendered; goes into <html data-page> so the browser knows which page it hydrates. */
  page: PageKind | 'error';
  /** Set when the URL only redirects (e.g. /login); nothing else is rendered then. */
  redirect?: string;
  /** Markup for inside <div id="root">. */
  html: string;
  /** Tags for <head>: title, description, theme colour. */
  head: string;
  /** The value of the style attribute of <html>: the client's colours as CSS variables. */
  htmlStyle: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function headTags(title: string, description: string, themeColour: string, noIndex: boolean): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="theme-color" content="${escapeHtml(themeColour)}" />`,
    noIndex ? '<meta name="robots" content="noindex" />' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * Renders one public page for `url` (path and query) with the state loaded
 * for it. A redirect-only URL (/login) needs no state; /admin/* is
 * renderAdminPage's.
 */
export function render(url: string, state: PageState | null): RenderResult {
  const { pathname, search } = new URL(url, 'http://localhost');
  const kind = pageKindFor(pathname);
  if (kind === 'login') {
    return { status: 302, page: kind, redirect: `${ADMIN_LOGIN_PATH}${search}`, html: '', head: '', htmlStyle: '' };
  }
  if (kind === 'admin') return renderAdminPage();
  if (!state) throw new Error(`render(${pathname}) needs the page state`);

  const html = renderToString(
    <StrictMode>
      <AppProviders state={state}>
        <App kind={kind} />
      </AppProviders>
    </StrictMode>,
  );
  const description = `${state.client.name}: personalized wellness and medical care. Explore our services and contact us today.`;
  return {
    status: kind === 'not-found' ? 404 : 200,
    page: kind,
    html,
    head: headTags(pageTitle(kind, state.client.name), description, brandColours(state.client).brand, kind !== 'home'),
    htmlStyle: brandStyle(state.client),
  };
}

/**
 * The /admin/* page: only the loading placeholder (the remote is client-only,
 * see notes/toolchain.md), in the default colours; it needs no clinic, so no
 * gateway call.
 */
export function renderAdminPage(): RenderResult {
  const client = defaultBranding();
  return {
    status: 200,
    page: 'admin',
    html: renderToString(<AdminLoading />),
    head: headTags(pageTitle('admin', client.name), 'Admin Dashboard', brandColours(client).brand, true),
    htmlStyle: brandStyle(client),
  };
}

/** The error fallback as a whole page, for when server rendering itself fails. */
export function renderErrorPage(): RenderResult {
  const client = fallbackBranding();
  return {
    status: 500,
    page: 'error',
    html: renderToString(<ErrorScreen />),
    head: headTags('Something went wrong', 'Something went wrong', brandColours(client).brand, true),
    htmlStyle: brandStyle(client),
  };
}
