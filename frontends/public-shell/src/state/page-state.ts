import type { ClientBranding, ClientResolution } from '@hap/contracts';

/** A service card on the home page, already linked (built on the server, see home-services.ts). */
export interface HomeService {
  key: string;
  name: string;
  description: string;
  href: string;
}

/**
 * What the server rendered the page with. It travels to the browser in
 * `<script type="application/json" id="__HAP_STATE__">` so hydration renders
 * exactly the same tree.
 */
export interface PageState {
  client: ClientBranding;
  /** How the client was chosen; 'fallback' when the gateway gave no usable answer. */
  clientSource: ClientResolution['source'] | 'fallback';
  services: HomeService[];
  /** The year of the copyright line, fixed by the server so both renders agree. */
  year: number;
}

/** Settings read at run time, in `<script type="application/json" id="__HAP_CONFIG__">`. */
export interface RuntimeConfig {
  /** Where the admin remote's entry is served: remoteEntry.js or mf-manifest.json. */
  adminRemoteUrl: string;
}

export const STATE_SCRIPT_ID = '__HAP_STATE__';
export const CONFIG_SCRIPT_ID = '__HAP_CONFIG__';
export const DEFAULT_ADMIN_REMOTE_URL = '/remotes/admin/remoteEntry.js';
