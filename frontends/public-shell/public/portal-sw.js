/* global self, caches */
/*
 * The clinic portal's service worker (scope /portal/; docs/portal.md#installable-portal).
 * - Pushes: it shows a push of a new enquiry and opens its link on a tap. The push says
 *   only "New enquiry for <clinic>" and "Open the portal to see it." with the lead's link
 *   (docs/leads.md#delivery); the portal shows the rest after sign-in.
 * - The app shell: the build's hashed files (/assets/…, the admin remote's /remotes/admin/assets/…)
 *   are kept once fetched and served from the cache after that. They are the same for every
 *   clinic and hold no patient's data.
 * - Offline: a portal page the network cannot give is answered with the offline page
 *   ('You are offline', kept at install). Nothing else is answered from a cache: the API
 *   (/api/…) and every page online go to the network as without a worker, and nothing is
 *   queued for later, so nothing a user does offline is sent behind their back.
 * Served by the public shell at /portal-sw.js (server/portal-worker.ts). A change of what is
 * kept changes VERSION, and the new worker drops the old caches.
 */
const VERSION = 'v2';
const SHELL_CACHE = `portal-shell-${VERSION}`;
const OFFLINE_URL = '/portal/offline';
/** Hashed files are named by their content: the cache never needs to ask again. */
const HASHED = [/^\/assets\//, /^\/remotes\/admin\/assets\//];
/** The app shell's files kept at most (a new build's replace the oldest). */
const MAX_SHELL_FILES = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('portal-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      // A page's request starts while the worker wakes up, rather than after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** Keeps at most MAX_SHELL_FILES hashed files, the oldest put dropped first. */
async function trim(cache) {
  const keys = await cache.keys();
  const files = keys.filter((request) => new URL(request.url).pathname !== OFFLINE_URL);
  await Promise.all(files.slice(0, Math.max(0, files.length - MAX_SHELL_FILES)).map((request) => cache.delete(request)));
}

/** A hashed file: from the cache, else the network (kept when it is a whole, same-site answer). */
async function shellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && answer.type === 'basic' && answer.status === 200) {
    await cache.put(request, answer.clone());
    await trim(cache);
  }
  return answer;
}

/** A portal page: the network's answer (or the one preloaded), else the offline page. */
async function portalPage(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/portal')) {
    event.respondWith(portalPage(event));
    return;
  }
  if (HASHED.some((pattern) => pattern.test(url.pathname))) event.respondWith(shellFile(request));
});

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = {};
  }
  const title = typeof alert.title === 'string' ? alert.title : 'New enquiry';
  const url = alert.data && typeof alert.data.url === 'string' ? alert.data.url : '/portal/leads';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === 'string' ? alert.body : 'Open the portal to see it.',
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a link on this site is opened: a push is ours, but a link is checked anyway.
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/portal/leads', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL('/portal/leads', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/portal'));
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url) : w));
      return self.clients.openWindow(url);
    }),
  );
});
