import { DEFAULT_BRAND_COLOR } from './brand-colours';

/**
 * The installable clinic portal's addresses (docs/portal.md#installable-portal), shared by the
 * gateway (which opens them without a session and signs the clinic user onto the manifest's
 * request), the public shell (which serves them) and the portal (which links and registers them).
 */

/** Where the installed portal opens, and all it covers: the manifest's scope and the worker's. */
export const PORTAL_SCOPE = '/portal/';
/** The web app manifest, in the signed-in user's clinic's name and colours. */
export const PORTAL_MANIFEST_PATH = '/portal/manifest.webmanifest';
/** The page the worker keeps and shows when the network cannot give a portal page. */
export const PORTAL_OFFLINE_PATH = '/portal/offline';
/** The icons, drawn from the colour their address names. */
export const PORTAL_ICONS_PREFIX = '/portal/icons/';
/** The worker, at the site's root, controlling PORTAL_SCOPE. */
export const PORTAL_WORKER_URL = '/portal-sw.js';

/** An icon's address: its size and purpose in the path, its colour (`#rrggbb`) in the query without `#`. */
export const portalIconPath = (size: number, colour: string, maskable = false) =>
  `${PORTAL_ICONS_PREFIX}icon-${size}${maskable ? '-maskable' : ''}.png?colour=${colour.replace(/^#/, '').toLowerCase()}`;

/** The icon an iPhone puts on its home screen, in the default colour: a page that links it knows no clinic yet. */
export const PORTAL_TOUCH_ICON_PATH = portalIconPath(180, DEFAULT_BRAND_COLOR, true);
