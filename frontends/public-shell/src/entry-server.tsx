import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { ADMIN_LOGIN_PATH, pageKindFor, pageTitle, type PageKind } from './routes';
import { brandColours, brandStyle, fallbackBranding } from './state/branding';
import type { PageState } from './state/page-state';

export { loadPageState, type PageData, type PageRequest } from './ssr/load-page-state';
export { pageKindFor } from './routes';
export { SESSION_CLIENT_COOKIE } from '@hap/contracts';
export { DEFAULT_ADMIN_REMOTE_URL } from './state/page-state';

export interface RenderResult {
  status: number;
  /** What was rendered; goes into <html data-page> so the browser knows an error page from a route. */
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
 * Renders one page of the public site for `url` (path and query) with the
 * state loaded for it. A redirect-only URL (/login) needs no state.
 */
export function render(url: string, state: PageState | null): RenderResult {
  const pathname = new URL(url, 'http://localhost').pathname;
  const kind = pageKindFor(pathname);
  if (kind === 'login') {
    const { search } = new URL(url, 'http://localhost');
    return { status: 302, page: kind, redirect: `${ADMIN_LOGIN_PATH}${search}`, html: '', head: '', htmlStyle: '' };
  }
  if (!state) throw new Error(`render(${pathname}) needs the page state`);
  const htmlStyle = brandStyle(state.client);

  const html = renderToString(
    <StrictMode>
      <AppProviders state={state}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const description = `${state.client.name}: personalized wellness and medical care. Explore our services and contact us today.`;
  return {
    status: kind === 'not-found' ? 404 : 200,
    page: kind,
    html,
    head: headTags(pageTitle(kind, state.client.name), description, brandColours(state.client).brand, kind !== 'home'),
    htmlStyle,
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
