import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from '../shared/precompress.mts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * The public pages: the browser bundle in dist/client and the server entry in
 * dist/server (two of the builds in package.json; /admin has its own,
 * vite.admin.config.ts).
 *
 * No federation plugin and no router here: public pages load nothing of
 * federation, the admin or a client router (docs/public-site.md#page-speed). The browser entry
 * (src/entry-client.tsx) hydrates the one page the server names in
 * `<html data-page>`.
 */
/**
 * Public pages render and hydrate with Preact through its React compatibility
 * layer: the same components, a tenth of React DOM's bytes and parse time on a
 * phone (docs/public-site.md#page-speed: every byte of script is paid by a patient). The server
 * build uses it too, so hydration meets the markup it rendered. /admin
 * (vite.admin.config.ts) keeps React, which the admin remote shares.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: [{ find: '@hap/contracts', replacement: contracts }, ...preact] },
  // Bundled into the server entry, so its `react` imports meet the alias too (external, it would load React itself).
  ssr: { noExternal: ['lucide-react'] },
  plugins: isSsrBuild ? [react()] : [react(), precompressAssets()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        rolldownOptions: {
          // The tracking script is its own entry, loaded only by pages whose clinic's tracking is
          // on (server/page-sources.ts): it shares no module with the page's entry, so it adds
          // nothing to a page without tracking, and the page's entry nothing to it.
          input: { index: 'index.html', tracking: 'src/tracking/entry-tracking.ts' },
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
