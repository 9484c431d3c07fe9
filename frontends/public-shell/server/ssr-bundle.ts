import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEMPLATE_MARKERS } from './html.js';
import type { SsrModule } from './ssr-module.js';

/** Where the three builds of `npm run build -w @hap/public-shell` put their output. */
export interface BuildDirs {
  /** The public entry: index.html and assets/ (vite.config.ts). */
  client: string;
  /** The /admin entry, a federation host: index.html and assets/admin/ (vite.admin.config.ts). */
  admin: string;
  /** The SSR entry (vite build --ssr). */
  server: string;
}

export const buildDirs = (distDir: string): BuildDirs => ({
  client: join(distDir, 'client'),
  admin: join(distDir, 'admin'),
  server: join(distDir, 'server'),
});

export interface SsrBundle {
  ssr: SsrModule;
  templates: { page: string; admin: string };
}

const BUILD_FIRST = 'Build first: npm run build -w @hap/public-shell';

/** The SSR entry's file: entry-server.js, or a hashed name under assets/. */
function findServerEntry(serverDir: string): string {
  const plain = join(serverDir, 'entry-server.js');
  if (existsSync(plain)) return plain;
  const assets = join(serverDir, 'assets');
  const hashed = existsSync(assets) ? readdirSync(assets).find((f) => /^entry-server.*\.m?js$/.test(f)) : undefined;
  if (hashed) return join(assets, hashed);
  throw new Error(`No server entry under ${serverDir}. ${BUILD_FIRST}`);
}

function readTemplate(file: string): string {
  if (!existsSync(file)) throw new Error(`No ${file}. ${BUILD_FIRST}`);
  const template = readFileSync(file, 'utf8');
  for (const marker of TEMPLATE_MARKERS) {
    if (!template.includes(marker)) throw new Error(`${file} lacks ${marker}`);
  }
  return template;
}

/** Loads the built SSR module and both HTML templates; fails at start when a build is missing. */
export async function loadSsrBundle(dirs: BuildDirs): Promise<SsrBundle> {
  const templates = { page: readTemplate(join(dirs.client, 'index.html')), admin: readTemplate(join(dirs.admin, 'index.html')) };
  const ssr = (await import(pathToFileURL(findServerEntry(dirs.server)).href)) as SsrModule;
  return { ssr, templates };
}
