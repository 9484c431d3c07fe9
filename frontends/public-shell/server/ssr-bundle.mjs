import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
export const clientDir = join(distDir, 'client');
const serverDir = join(distDir, 'server');

/** The SSR entry's file: dist/server/entry-server.js, or a hashed name under dist/server/assets/. */
function findServerEntry() {
  const plain = join(serverDir, 'entry-server.js');
  if (existsSync(plain)) return plain;
  const assets = join(serverDir, 'assets');
  const hashed = existsSync(assets) ? readdirSync(assets).find((f) => /^entry-server.*\.m?js$/.test(f)) : undefined;
  if (hashed) return join(assets, hashed);
  throw new Error(`No server entry under ${serverDir}. Build first: npm run build -w @hap/public-shell`);
}

function readTemplate() {
  const file = join(clientDir, 'index.html');
  if (!existsSync(file)) throw new Error(`No ${file}. Build first: npm run build -w @hap/public-shell`);
  const template = readFileSync(file, 'utf8');
  for (const marker of ['<html lang="en">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->']) {
    if (!template.includes(marker)) throw new Error(`${file} lacks ${marker}`);
  }
  return template;
}

/** Loads the built SSR module (render, loadPageState, …) and the client's index.html. */
export async function loadSsrBundle() {
  const template = readTemplate();
  const ssr = await import(pathToFileURL(findServerEntry()).href);
  return { template, ssr };
}
