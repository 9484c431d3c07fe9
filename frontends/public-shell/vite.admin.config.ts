import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ADMIN_REMOTE_NAME, federationShared } from '../shared/federation-shared.mts';
import { precompressAssets } from '../shared/precompress.mts';
import { DEFAULT_ADMIN_REMOTE_URL } from './src/state/page-state.ts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/** index.html with the /admin entry in place of the public pages' one. */
const adminEntry: Plugin = {
  name: 'hap-admin-entry',
  transformIndexHtml: {
    order: 'pre',
    handler: (html) => {
      const page = html.replace('src="/src/entry-client.tsx"', 'src="/src/admin/entry-admin.tsx"');
      if (page === html) throw new Error('index.html no longer loads /src/entry-client.tsx');
      return page;
    },
  },
};

/**
 * The /admin page: its own entry (src/admin/entry-admin.tsx) in the public
 * pages' HTML template (index.html, the same markers the server fills),
 * built as a module-federation HOST, so the plugin wires the remote and the
 * shared singletons. Public pages are built by vite.config.ts, without the
 * plugin, and load nothing of this build.
 *
 * Output: dist/admin/index.html (the server's template for /admin/*) and
 * dist/admin/assets/admin/* (served at /assets/admin/, under /assets/ like
 * every hashed asset).
 */
export default defineConfig({
  resolve: { alias: { '@hap/contracts': contracts } },
  plugins: [
    adminEntry,
    react(),
    federation({
      name: 'public_shell',
      remotes: {
        // The default address; the server's runtime config (ADMIN_REMOTE_URL) may
        // name another, which src/admin/admin-remote-entry.ts puts in its place.
        [ADMIN_REMOTE_NAME]: { type: 'module', name: ADMIN_REMOTE_NAME, entry: DEFAULT_ADMIN_REMOTE_URL },
      },
      runtimePlugins: ['./src/admin/admin-remote-entry.ts'],
      // The host's own container entry (its share scope); hashed, beside its other assets.
      filename: 'assets/admin/host-entry-[hash].js',
      shared: federationShared,
      dts: false,
      // The remote reads the federation runtime this page provides instead of bundling its own.
      experiments: { provideExternalRuntime: true },
    }),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist/admin',
    assetsDir: 'assets/admin',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Named `admin`: the federation plugin then preloads only what the host's entry needs, not the shared singletons.
    rolldownOptions: { input: { admin: fileURLToPath(new URL('./index.html', import.meta.url)) } },
  },
});
