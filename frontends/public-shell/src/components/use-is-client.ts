import { useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true after the first effect:
 * lets a client-only subtree hydrate against the server's placeholder first.
 * (State and an effect, not useSyncExternalStore's server snapshot, which
 * Preact's compatibility layer does not honour when rendering on the server.)
 */
export function useIsClient(): boolean {
  const [isClient, setIsClient] = useState(false);
  // The one render after hydration is the point: the effect runs once, after the server's markup is adopted.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setIsClient(true), []);
  return isClient;
}
