import { DEFAULT_CLIENT_ID, type PageContext } from '@hap/contracts';
import { fallbackBranding } from '../state/branding';
import type { PageState } from '../state/page-state';

export interface PageData {
  state: PageState;
  /** Set when `?client=` was accepted: the server stores it in the currentClientId cookie. */
  rememberClientId: number | null;
}

/**
 * A public page's state from the one page-context answer of the gateway, or
 * from nothing when that call failed: then client 1's built-in colours and the
 * generic name (public spec §3), never an error page.
 *
 * Services are empty until the templates service answers a client's services
 * (a later issue): the home page shows the spec's "being prepared" state.
 */
export function pageDataFrom(context: PageContext | null, year: number = new Date().getFullYear()): PageData {
  if (!context) {
    return { state: { client: fallbackBranding(DEFAULT_CLIENT_ID), clientSource: 'fallback', services: [], year }, rememberClientId: null };
  }
  const { resolution, client } = context;
  return {
    state: {
      client: client ?? fallbackBranding(resolution.clientId),
      clientSource: client ? resolution.source : 'fallback',
      services: [],
      year,
    },
    rememberClientId: resolution.source === 'query' ? resolution.clientId : null,
  };
}
