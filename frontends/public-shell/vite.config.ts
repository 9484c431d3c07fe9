import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from '../shared/precompress.mts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * Two builds (see package.json): the browser bundle in dist/client and the
 * server entry in dist/server.
 *
 * The host has no federation build plugin: nothing of federation is on public
 * pages (DESIGN §7). The browser bundle imports react, react-dom, react-router
 * as plain packages; on /admin only, the lazy chunk of src/admin/ starts the
 * federation runtime (@module-federation/runtime) and offers those very module
 * instances, with react-query, to the remote as the singletons of
 * `federationShared` (src/admin/host-federation.ts). The admin remote is
 * client-only (notes/toolchain.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '@hap/contracts': contracts } },
  plugins: isSsrBuild ? [react()] : [react(), precompressAssets()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        rolldownOptions: {
          // @hap/contracts only declares constants, helpers and zod schemas (nothing happens
          // on import), so a contracts module the browser takes nothing from can be dropped.
          // With constants inlined (the default colours), what is left is the zod-free
          // helpers it calls (assetUrl): zod (≈ 85 kB) stays out of the browser bundle.
          // The server build keeps the defaults.
          treeshake: { moduleSideEffects: [{ test: /\/packages\/contracts\/src\//, sideEffects: false }] },
          optimization: { inlineConst: { mode: 'all' } },
        },
      },
}));
