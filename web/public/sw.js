/*
 * Scentinel service worker: the app opens without a connection (the page and its hashed assets
 * are kept once loaded), and catalogue answers already seen are shown when the network fails.
 * - the page (navigations): network first, the kept page when offline;
 * - hashed assets (/assets/...), icons and the manifest: from the cache once fetched;
 * - GET /api/... reads: network first; the last answer for the same address when offline.
 * Writes, sign-in and admin calls are never cached.
 */
const VERSION = 'v1';
const SHELL = `scentinel-shell-${VERSION}`;
const ASSETS = `scentinel-assets-${VERSION}`;
const API = `scentinel-api-${VERSION}`;
const API_ENTRIES = 200;
const NEVER_CACHED = /^\/api\/(auth|admin|analytics|track|contributions|curation)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(['/', '/manifest.webmanifest', '/favicon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL, ASSETS, API]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !keep.has(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
}

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(fallbackUrl ?? request, response.clone());
      if (cacheName === API) void trim(API, API_ENTRIES);
    }
    return response;
  } catch (error) {
    const kept = await cache.match(fallbackUrl ?? request);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, '/'));
  } else if (url.pathname.startsWith('/api/')) {
    if (NEVER_CACHED.test(url.pathname) || request.headers.has('authorization')) return;
    event.respondWith(networkFirst(request, API));
  } else if (url.pathname.startsWith('/assets/') || /\.(png|svg|webmanifest)$/.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
