/* global self */
/*
 * The clinic portal's service worker (scope /portal/): it shows a push of a
 * new enquiry and opens its link on a tap, nothing else. It caches nothing and
 * handles no fetch, so the portal behaves exactly as without it. The push says
 * only "New enquiry for <clinic>" and "Open the portal to see it." with the
 * lead's link (docs/leads.md#delivery); the portal shows the rest after sign-in.
 * Served by the public shell at /portal-sw.js (server/app.ts).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
