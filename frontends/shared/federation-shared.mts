/**
 * The one `shared` configuration of module federation, used by the remote's
 * build (admin-remote/vite.config.ts) and by the host's runtime on /admin
 * (public-shell/vite.admin.config.ts, built by the plugin as host) alike, so both sides agree on
 * what is a singleton: the remote renders inside the host's React tree, router
 * and QueryClient, which only works when those are the same module instances.
 */
export const federationShared = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
};

/** The remote's federation name; it exposes the admin (`admin/AdminApp`) and the clinic portal (`admin/PortalApp`). */
export const ADMIN_REMOTE_NAME = 'admin';
