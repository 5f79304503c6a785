// Suki's service worker: shows the order notifications the shop pushes and opens the order on
// click (docs/decisions/014-web-push.md). It caches nothing and handles no fetches.
/* global self, clients, URL */

/** A path or URL on this shop only: a push never sends the browser elsewhere. */
function shopUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/account/orders', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/account/orders', self.location.origin).href;
  } catch {
    return new URL('/account/orders', self.location.origin).href;
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(clients.claim());
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Suki';
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    icon: '/favicon.svg',
    data: { url: shopUrl(message.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = shopUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      return clients.openWindow(url);
    }),
  );
});
