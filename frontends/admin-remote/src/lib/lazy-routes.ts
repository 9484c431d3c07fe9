import type { Routes } from '@hap/contracts';

/**
 * The route table (contracts routes.ts: every row with its schemas), loaded when a call needs it.
 * The shells' polls (the sidebar's new-lead count) and actions use it; the login pages, which
 * carry the shell's module, then do not (frontends/admin-remote/README.md: the login page's script is measured by
 * bench:pages).
 */
export async function routeOf<K extends keyof Routes>(operation: K): Promise<Routes[K]> {
  const { routes } = await import('./route-table');
  return routes[operation];
}
