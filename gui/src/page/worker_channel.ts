// The engine in this browser (the static site, docs/gui.md): kete compiled to WebAssembly,
// run by a Web Worker (engine_worker.ts) that speaks the GUI server's messages, so the
// page talks to it as to the server. A restart is a fresh worker. A worker whose engine
// aborted says so in words; it is replaced at once by a fresh one, and the page boots
// the new engine with the game as after any restart. An engine that aborts again within
// a few seconds of its start is left dead: the player restarts it.
import type { EngineChannel } from "./engine_client.js";

// An engine that aborts sooner than this after its start is not started again by itself.
const kQuickAbortMs = 5000;

export class WorkerChannel implements EngineChannel {
  onmessage: (text: string) => void = () => {};
  onclose: () => void = () => {};
  private worker: Worker | null = null;
  private startedAt = 0;

  constructor(private readonly script: string) {
    this.spawn();
  }

  get open(): boolean {
    return this.worker !== null;
  }

  send(text: string): void {
    // The page sends only {type: "restart"} or a line; the worker checks the lines.
    if (text === JSON.stringify({ type: "restart" })) return this.spawn();
    this.worker?.postMessage(text);
  }

  private spawn(): void {
    this.worker?.terminate();
    // The first engine may have been started by the site's page itself, before its modules
    // loaded (scripts/web.sh puts that script in build/web/index.html): its messages so far
    // were kept.
    const early = takeEarlyWorker();
    const worker = early?.worker ?? new Worker(this.script);
    this.worker = worker;
    this.startedAt = early?.startedAt ?? performance.now();
    const receive = (text: string) => {
      if (this.worker !== worker) return;
      this.onmessage(text);
      if (text.startsWith('{"type":"exited"')) this.aborted(worker, text);
    };
    worker.onmessage = (event: MessageEvent) => receive(String(event.data));
    // After this constructor returns: the client sets onmessage first.
    if (early) queueMicrotask(() => early.messages.forEach((m) => receive(String(m))));
    // The worker's script failed to load or threw outside the engine.
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (this.worker !== worker) return;
      const reason = `the engine's worker failed: ${event.message || "its script did not load"}`;
      const text = JSON.stringify({ type: "exited", code: null, signal: null, reason });
      this.onmessage(text);
      this.aborted(worker, text);
    };
  }

  private aborted(worker: Worker, exited: string): void {
    worker.terminate();
    if (this.worker !== worker) return;
    if (performance.now() - this.startedAt < kQuickAbortMs) {
      this.worker = null;
      return;
    }
    let reason = "it stopped";
    try {
      reason = String((JSON.parse(exited) as { reason?: unknown }).reason ?? reason);
    } catch {
      // the words stay general
    }
    const message = `The engine in this browser stopped (${reason}); a fresh engine was started and the game is kept.`;
    this.onmessage(JSON.stringify({ type: "error", message }));
    this.spawn();
  }
}

interface EarlyWorker {
  worker: Worker;
  messages: unknown[];
  startedAt: number;
}

function takeEarlyWorker(): EarlyWorker | undefined {
  const holder = window as unknown as { keteEarlyWorker?: EarlyWorker };
  const early = holder.keteEarlyWorker;
  delete holder.keteEarlyWorker;
  return early;
}
