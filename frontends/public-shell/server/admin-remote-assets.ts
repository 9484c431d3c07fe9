import { z } from 'zod';

/**
 * The admin remote's files, preloaded with /admin/*: without
 * them the browser learns of remoteEntry.js only once the host's scripts
 * have run, and of the AdminApp chunks only once remoteEntry.js has, a chain
 * of round trips before the first admin screen. The remote's build writes
 * them in its federation manifest (mf-manifest.json, beside remoteEntry.js);
 * this module reads it through the gateway and keeps the tags.
 *
 * A page never waits for the manifest: it gets the tags known at that moment
 * (none before the first read), and a stale read is refreshed in the
 * background. Without a manifest the page works as before, only slower.
 */

/** The part of @module-federation's manifest read here. */
const ManifestSchema = z.object({
  metaData: z.object({
    publicPath: z.string().optional(),
    remoteEntry: z.object({ name: z.string(), path: z.string().default('') }),
  }),
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()) }),
        css: z.object({ sync: z.array(z.string()) }),
      }),
    }),
  ),
});
export type RemoteManifest = z.infer<typeof ManifestSchema>;

/** The exposed modules: /admin/* renders AdminApp, the clinic portal's /portal/* PortalApp. */
export const EXPOSED_APPS = ['AdminApp', 'PortalApp'] as const;
export type ExposedApp = (typeof EXPOSED_APPS)[number];

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Where the manifest of the remote at `remoteUrl` (ADMIN_REMOTE_URL: a
 * remoteEntry.js or the manifest itself, absolute or a path on the gateway)
 * is, and the base its relative paths resolve against in the browser.
 */
export function manifestLocation(remoteUrl: string, gatewayUrl: string): { fetchUrl: string; browserBase: string } {
  const browser = new URL(remoteUrl, 'http://gateway.invalid');
  const manifestPath = browser.pathname.endsWith('.json') ? browser.pathname : browser.pathname.replace(/[^/]*$/, 'mf-manifest.json');
  const onGateway = browser.origin === 'http://gateway.invalid';
  const fetchUrl = new URL(manifestPath, onGateway ? `${gatewayUrl}/` : browser.origin).toString();
  const baseDir = browser.pathname.replace(/[^/]*$/, '');
  return { fetchUrl, browserBase: onGateway ? baseDir : `${browser.origin}${baseDir}` };
}

/**
 * The tags that fetch the remote's entry, the exposed module's scripts and
 * its stylesheet ahead: modulepreload for the modules (the federation
 * runtime imports them as modules), preload for the stylesheet (the remote's
 * script inserts it; preloading it here does not make it block the frame).
 * Low priority, like the page's own scripts (page-assets.ts): nothing may
 * compete with the frame's first paint, and on this page nothing else does.
 */
export function preloadTags(manifest: RemoteManifest, browserBase: string, exposedName: ExposedApp = 'AdminApp'): string {
  // The build's public path, unless it is a path on this site while the remote is served from another.
  const publicPath = manifest.metaData.publicPath;
  const isAbsolute = (url: string) => /^https?:\/\//.test(url);
  const base = publicPath && publicPath !== 'auto' && (isAbsolute(publicPath) || !isAbsolute(browserBase)) ? publicPath : browserBase;
  const href = (file: string) => escapeAttr(new URL(file, new URL(base, 'http://x.invalid')).toString().replace(/^http:\/\/x\.invalid/, ''));
  const crossOrigin = isAbsolute(base) ? ' crossorigin' : '';
  const entry = `${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`;
  const exposed = manifest.exposes.find((e) => e.name === exposedName);
  const modules = [entry, ...(exposed?.assets.js.sync ?? [])];
  return [
    ...modules.map((file) => `<link rel="modulepreload" fetchpriority="low" href="${href(file)}"${crossOrigin}>`),
    ...(exposed?.assets.css.sync ?? []).map((file) => `<link rel="preload" as="style" fetchpriority="low" href="${href(file)}"${crossOrigin}>`),
  ].join('\n    ');
}

export interface AdminRemoteAssets {
  /** The preload tags of an exposed app known now ('' before the first successful read). */
  tags(app?: ExposedApp): string;
  /** The read in progress, if any (for tests and start-up). */
  refreshing(): Promise<void> | null;
  /** Stops the retries of a failed read. */
  close(): void;
}

/**
 * Reads the manifest at start, again when the tags are older than
 * `maxAgeMs` and a page asks for them, and every `retryMs` after a failed
 * read until one succeeds (the shell may start before the gateway); a failed
 * read keeps the last tags and is logged once per run of failures.
 */
export function adminRemoteAssets(options: {
  remoteUrl: string;
  gatewayUrl: string;
  timeoutMs: number;
  maxAgeMs?: number;
  retryMs?: number;
  log: { warn: (obj: object, msg: string) => void };
}): AdminRemoteAssets {
  const { fetchUrl, browserBase } = manifestLocation(options.remoteUrl, options.gatewayUrl);
  const maxAge = options.maxAgeMs ?? 60_000;
  const retryMs = options.retryMs ?? 5_000;
  let tags: Record<ExposedApp, string> = { AdminApp: '', PortalApp: '' };
  let readAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  let failing = false;
  let retry: NodeJS.Timeout | undefined;

  const refresh = () => {
    clearTimeout(retry);
    inFlight ??= (async () => {
      try {
        const res = await fetch(fetchUrl, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        const manifest = ManifestSchema.parse(await res.json());
        tags = { AdminApp: preloadTags(manifest, browserBase, 'AdminApp'), PortalApp: preloadTags(manifest, browserBase, 'PortalApp') };
        failing = false;
      } catch (err) {
        if (!failing) options.log.warn({ err, url: fetchUrl }, 'admin remote manifest not read: /admin pages load the remote without preloads until it is');
        failing = true;
        retry = setTimeout(() => void refresh(), retryMs).unref();
      } finally {
        readAt = Date.now();
        inFlight = null;
      }
    })();
    return inFlight;
  };

  void refresh();
  return {
    tags(app = 'AdminApp') {
      if (!failing && Date.now() - readAt > maxAge) void refresh();
      return tags[app];
    },
    refreshing: () => inFlight,
    close: () => clearTimeout(retry),
  };
}
