import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ADMIN_REMOTE_NAME, federationShared } from '../shared/federation-shared.mts';
import { precompressAssets } from '../shared/precompress.mts';
import { DEFAULT_ADMIN_REMOTE_URL } from './src/state/page-state.ts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * The /admin page: its own entry (admin.html → src/admin/entry-admin.tsx),
 * built as a module-federation HOST, so the plugin wires the remote and the
 * shared singletons. Public pages are built by vite.config.ts, without the
 * plugin, and load nothing of this build.
 *
 * Output: dist/admin/admin.html (the server's template for /admin/*) and
 * dist/admin/assets/admin/* (served at /assets/admin/, under /assets/ like
 * every hashed asset).
 */
export default defineConfig({
  resolve: { alias: { '@hap/contracts': contracts } },
  plugins: [
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
    rolldownOptions: { input: fileURLToPath(new URL('./admin.html', import.meta.url)) },
  },
});
