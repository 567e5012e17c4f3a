// The static site's first script (scripts/web.sh puts it in build/web/index.html before
// the page's modules): it starts the engine's worker at once, so that the engine's start
// overlaps the loading of the page's 40 modules, and keeps the worker's messages until
// the page takes it (worker_channel.ts, takeEarlyWorker). Only on a cross-origin isolated
// page: the first visit reloads under the service worker first (static_site.ts).
if (self.crossOriginIsolated) {
  const messages = [];
  const worker = new Worker("js/engine_worker.js");
  worker.onmessage = (event) => messages.push(event.data);
  self.keteEarlyWorker = { worker, messages, startedAt: performance.now() };
}
