import type { PageContent, PageContext } from '@hap/contracts';
import type { LoadedBooking } from './booking-data.js';

/**
 * What the server uses of the built SSR entry (src/entry-server.tsx, bundled
 * by Vite into dist/server). Declared here because the server is compiled by
 * tsc apart from the Vite build; src/ssr/ssr-module.check.ts proves the entry
 * matches it.
 */
export interface RenderResult {
  status: number;
  page: string;
  redirect?: string;
  html: string;
  head: string;
  htmlStyle: string;
  /** 'interaction': the page loads its script only when the visitor acts; 'never': it has none (src/pages/hydration.ts). */
  hydration?: 'load' | 'interaction' | 'never';
  /** An app page's remote module: the agency's admin or the clinic portal. */
  app?: 'AdminApp' | 'PortalApp';
  /** The page shows the booking picker (or may: /appointment's 'Change time'): its styles and chunk come with it. */
  picker?: boolean;
}

/** The page state: opaque to the server, which hands it from pageDataFrom to render and into the page. */
export type PageState = object;

export type PageKind = 'home' | 'client-landing' | 'service' | 'unified' | 'thanks' | 'book' | 'appointment' | 'onboard' | 'admin' | 'login' | 'not-found';

/** What a URL shows (src/routes.ts). */
export interface PageRoute {
  kind: PageKind;
  servicePath?: string;
  /** `?preview=1` on a service page. */
  preview?: boolean;
  /** A service page's style: the URL's, else the server's choice (the default style or an experiment's arm). */
  style?: 'A' | 'B' | 'C';
  /** The URL names the style (`/trt/b`, `?style=B`): no experiment at it. */
  explicitStyle?: boolean;
  experiment?: { id: number; variant: 'A' | 'B' | 'C' };
  aliasOf?: string;
  redirect?: string;
  /** /thanks and /book: `?service=`. */
  serviceId?: number;
  /** /book: the lead's booking token; /appointment: the link's token. */
  token?: string;
  booked?: boolean;
}

export interface SsrModule {
  routeFor(pathname: string, search: string): PageRoute;
  /** The page's address as the page carries it: path and the parameters that change it, no campaign parameters (src/routes.ts). */
  pageAddress(pathname: string, search: URLSearchParams, acceptedClientId: number | null): string;
  pageDataFrom(loaded: {
    route: PageRoute;
    context: PageContext | null;
    content: PageContent | null;
    origin: string;
    pageUrl?: string;
    booking?: LoadedBooking | null;
    /** The ad keyword the visit's `kw` matched (landing-keywords.ts). */
    keyword?: string | null;
  }): {
    state: PageState;
    rememberClientId: number | null;
  };
  /** Method syntax on purpose: the entry's parameter is the narrower PageState of src/. */
  render(url: string, state: PageState | null): RenderResult;
  renderAdminPage(pathname: string): RenderResult;
  renderErrorPage(): RenderResult;
  DEFAULT_ADMIN_REMOTE_URL: string;
  /** Each view's source module, as the client build's manifest names it. */
  VIEW_MODULES: Readonly<Record<string, string>>;
  /** The booking picker's source module (its own chunk and styles, on pages that show it). */
  PICKER_MODULE: string;
}
