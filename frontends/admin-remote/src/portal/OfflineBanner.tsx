import { WifiOff } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { linkManifest, registration } from './portal-worker';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a connection (a server render counts as online). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/**
 * The installable portal (docs/portal.md#installable-portal): its manifest linked, and its worker
 * registered once the page has loaded so it never competes with the first paint. A browser without workers, or one that
 * refuses (a private window), simply has a portal that is not installable.
 */
export function useInstallablePortal() {
  useEffect(() => {
    linkManifest();
    if (!('serviceWorker' in navigator)) return;
    const register = () => void registration().catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}

/**
 * Said on every portal screen while the connection is gone: the portal sends nothing while
 * offline and keeps nothing to send later, so a change made now is not saved.
 */
export function OfflineBanner() {
  useInstallablePortal();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="prt-offline" role="status">
      <WifiOff size={16} aria-hidden />
      <span>
        <strong>You are offline.</strong> Nothing you change is saved until you are back online.
      </span>
    </div>
  );
}
