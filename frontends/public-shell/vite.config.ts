import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { federationShared } from '../shared/federation-shared.mts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * Two builds (see package.json): the browser bundle in dist/client (with the
 * federation host runtime) and the server entry in dist/server. Federation is
 * left out of the server build: the admin remote is client-only
 * (notes/toolchain.md), so on the server React must be the plain package.
 */
export default defineConfig(({ isSsrBuild }) => {
  const plugins: PluginOption[] = [react()];
  if (!isSsrBuild) {
    plugins.push(
      federation({
        name: 'public_shell',
        // The admin remote is registered at run time from ADMIN_REMOTE_URL (src/admin/load-admin-app.ts).
        remotes: {},
        // The host's own container entry; kept under assets/ with the other hashed files.
        filename: 'assets/remoteEntry-[hash].js',
        shared: federationShared,
        dts: false,
      }),
    );
  }
  return {
    resolve: { alias: { '@hap/contracts': contracts } },
    plugins,
    build: isSsrBuild
      ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
      : { outDir: 'dist/client', emptyOutDir: true, target: 'es2022', manifest: true },
  };
});
