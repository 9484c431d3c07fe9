import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ADMIN_REMOTE_NAME, federationShared } from '../shared/federation-shared.mts';
import { precompressAssets } from '../shared/precompress.mts';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
// The experiments' rule constants (the statistics themselves stay on the server).
const statsRule = fileURLToPath(new URL('../../packages/stats/src/rule.ts', import.meta.url));
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  // The gateway serves dist/ at /remotes/admin/, so every built chunk URL starts there.
  // `vite dev` runs the standalone page (index.html) at the root instead.
  base: command === 'build' ? '/remotes/admin/' : '/',
  resolve: { alias: { '@hap/contracts': contracts, '@hap/stats/rule': statsRule } },
  plugins: [
    react(),
    federation({
      name: ADMIN_REMOTE_NAME,
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: { './AdminApp': './src/AdminApp.tsx', './PortalApp': './src/portal/PortalApp.tsx' },
      shared: federationShared,
      // The host (public-shell's /admin page) provides the federation runtime; the
      // remote's build reads it instead of shipping a second copy. `vite dev` keeps
      // its own, since the standalone page has no host.
      experiments: { externalRuntime: command === 'build' },
    }),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    port: 4110,
    strictPort: true,
    origin: 'http://localhost:4110',
    proxy: { '/api': { target: gatewayUrl, changeOrigin: false } },
  },
}));
