/*
 * Virtual Diner's service worker (registered from the default layout at /sw.js, scope /).
 *
 * What it caches, and only that:
 * - hashed build assets under /_astro/ (their names change with their content, so a cached copy is never stale),
 *   cache-first;
 * - the offline page (/offline), fetched without cookies at install, shown when a page cannot be fetched.
 * Pages are network-only with the offline page as fallback: no page is ever cached, so neither signed-in pages
 * nor anything a session cookie could have shaped ends up on disk. /api/, /gateway, /_server-islands/ and every
 * other request are not touched at all (no respondWith: the browser handles them as if there were no worker).
 */
const ASSETS = 'vd-assets-v1';
const OFFLINE_CACHE = 'vd-offline-v1';
const OFFLINE_URL = '/offline';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(OFFLINE_URL, { credentials: 'omit', cache: 'no-cache' });
      if (!response.ok) return;
      const html = await response.clone().text();
      await (await caches.open(OFFLINE_CACHE)).put(OFFLINE_URL, response);
      // The offline page's own stylesheet (hashed), so it looks like the site without the network.
      const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]);
      await (await caches.open(ASSETS)).addAll(assets);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([ASSETS, OFFLINE_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
});
