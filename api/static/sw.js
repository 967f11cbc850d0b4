// The page's service worker: it keeps the page, its files and the card catalog, so that the page opens and
// its card picker works without a network. Online it always asks the server first (a new version is used at
// once); offline it answers from what it kept. Judging and scoring are POSTs to the server and are never kept.
const CACHE = 'novelty-page-2';
const KEEP = ['/', '/static/app.css', '/static/app.js', '/static/api.js', '/static/best.js', '/static/cards.js',
  '/static/game.js', '/static/judge.js', '/static/motifs.js', '/static/names.js', '/static/pick.js',
  '/static/results.js', '/static/manifest.webmanifest', '/static/icon.svg', '/v1/cards',
  '/v1/motifs?fields=id,name,scope,effect'];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(name => name !== CACHE).map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', event => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // the page with any state in its query is one page; a list is kept with its query (`?fields=...`)
  const key = url.pathname === '/' ? '/' : url.pathname + url.search;
  if (!KEEP.includes(key)) return;
  event.respondWith(fetch(request).then(response => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(cache => cache.put(key, copy)));
    }
    return response;
  }).catch(() => caches.match(key).then(kept => kept || Response.error())));
});
