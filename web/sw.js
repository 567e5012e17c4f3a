// The static site's service worker (scripts/web.sh writes the version and the file list):
// it keeps every file of the site, so that the page opens and plays offline after the
// first visit, and it gives every response the headers that make the page cross-origin
// isolated (COOP same-origin, COEP require-corp), which the engine's threads need to share
// memory (SharedArrayBuffer) on a plain static host that sends no such headers.
const kCache = "kete-__VERSION__";
const kFiles = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(kCache)
      .then((cache) => cache.addAll(kFiles))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k !== kCache).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isolated(response) {
  if (response.status === 0) return response; // opaque: not ours to change
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (
    request.method !== "GET" ||
    new URL(request.url).origin !== self.location.origin
  )
    return;
  event.respondWith(
    caches
      .match(request, { ignoreSearch: true })
      .then((cached) => cached ?? fetch(request))
      .then(isolated),
  );
});
