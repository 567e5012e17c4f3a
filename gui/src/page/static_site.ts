// The page on the static site (scripts/web.sh, docs/gui.md "The static site"): the
// engine runs in this browser, in a Web Worker, and a service worker (sw.js) keeps the
// site for offline use and makes the page cross-origin isolated, which the engine's
// threads need to share memory. web.sh marks the site's page with
// <meta name="kete-engine" content="worker">; served by the GUI server, the page has no
// such mark and talks to the server's engine.
import { EngineClient, webSocketChannel } from "./engine_client.js";
import { WorkerChannel } from "./worker_channel.js";

const kReloadKey = "kete-isolation-reload";
// How long the first visit waits for its service worker before it goes on without.
const kRegisterTimeoutMs = 10000;

export function inThisBrowser(): boolean {
  const mark = document.querySelector('meta[name="kete-engine"]');
  return mark?.getAttribute("content") === "worker";
}

export function engineClient(): EngineClient {
  if (inThisBrowser())
    return new EngineClient(() => new WorkerChannel("js/engine_worker.js"), "this browser");
  return new EngineClient(() => webSocketChannel(`ws://${location.host}/engine`));
}

// Registers the service worker; true when the page reloads to come under it (once: the
// first visit is not yet isolated). Without service workers (a private window in some
// browsers) the page goes on, and the engine's worker says what is missing.
export async function prepareStaticSite(): Promise<boolean> {
  if (!inThisBrowser() || !("serviceWorker" in navigator)) return false;
  // Under the service worker already: it looks for a new site meanwhile (registering takes
  // seconds, which the page does not wait for).
  const registered = navigator.serviceWorker.register("sw.js");
  if (crossOriginIsolated) {
    sessionStorage.removeItem(kReloadKey);
    registered.catch(() => {});
    return false;
  }
  // A browser that refuses service workers may also never settle the registration.
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), kRegisterTimeoutMs),
  );
  try {
    if ((await Promise.race([registered, timeout])) === "timeout") return false;
    if ((await Promise.race([navigator.serviceWorker.ready, timeout])) === "timeout") return false;
  } catch {
    return false;
  }
  if (sessionStorage.getItem(kReloadKey) !== null) return false;
  sessionStorage.setItem(kReloadKey, "1");
  location.reload();
  return true;
}
