import type { PageContext } from '@hap/contracts';

/**
 * What the server uses of the built SSR entry (src/entry-server.tsx, bundled
 * by Vite into dist/server). Declared here because the server is compiled by
 * tsc apart from the Vite build; src/ssr/ssr-module.check.ts proves the entry
 * matches it.
 */
export interface RenderResult {
  status: number;
  page: 'home' | 'admin' | 'login' | 'not-found' | 'error';
  redirect?: string;
  html: string;
  head: string;
  htmlStyle: string;
}

/** The page state: opaque to the server, which hands it from pageDataFrom to render and into the page. */
export type PageState = object;

export interface SsrModule {
  pageKindFor(pathname: string): 'home' | 'admin' | 'login' | 'not-found';
  pageDataFrom(context: PageContext | null): { state: PageState; rememberClientId: number | null };
  /** Method syntax on purpose: the entry's parameter is the narrower PageState of src/. */
  render(url: string, state: PageState | null): RenderResult;
  renderAdminPage(): RenderResult;
  renderErrorPage(): RenderResult;
  DEFAULT_ADMIN_REMOTE_URL: string;
}
