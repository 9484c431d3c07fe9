import { PORTAL_MANIFEST_PATH, PORTAL_SCOPE, PORTAL_TOUCH_ICON_PATH, PORTAL_WORKER_URL } from '@hap/contracts';

/**
 * The installable portal (docs/portal.md#installable-portal): its service worker (served by the
 * public shell, scope /portal/) makes it installable, keeps the app shell and the offline page,
 * and shows pushes (push-device.ts). Only constants of the contracts here: the offline banner,
 * on every portal page and the login's, registers it.
 */

/** The portal's worker: the one registered, else registered now. */
export async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration(PORTAL_SCOPE);
  return found ?? navigator.serviceWorker.register(PORTAL_WORKER_URL, { scope: PORTAL_SCOPE });
}

/**
 * The manifest's link (with the session cookie: the gateway names the clinic) and the iPhone's
 * home-screen icon, when the page came without them: the login page leaves them out of its first
 * paint (public-shell entry-server.tsx) and gets them once its script runs.
 */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const manifest = Object.assign(document.createElement('link'), { rel: 'manifest', href: PORTAL_MANIFEST_PATH, crossOrigin: 'use-credentials' });
  const icon = Object.assign(document.createElement('link'), { rel: 'apple-touch-icon', href: PORTAL_TOUCH_ICON_PATH });
  document.head.append(manifest, icon);
}
