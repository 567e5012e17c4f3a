// The static site (scripts/web.sh, docs/gui.md "The static site") in headless Chromium at
// a phone's size, served by a plain static file server with no kete process anywhere: the
// page comes under its service worker (cross-origin isolated), runs kete in WebAssembly
// in a Web Worker, and plays a game in which the engine moves first. Run by
// scripts/web-test.sh (not by `npm test`): it needs build/web.
//   node --test test/static_site.mjs      (SITE: the folder, default ../build/web)
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import {
  acceptDialogs,
  launchBrowser,
  moveList,
  readBoard,
  serveSite,
  setLimit,
  waitIdle,
} from "./gui.mjs";

const site = path.resolve(process.env.SITE ?? new URL("../../build/web", import.meta.url).pathname);
const kStart = {
  bao: "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
};

// The native bench signature (tests/data/bench.txt: a total per variant), which the
// engine in the browser must print too.
function benchSignature() {
  const file = new URL("../../tests/data/bench.txt", import.meta.url);
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^[a-z]+ \d+$/.test(line))
    .reduce((sum, line) => sum + Number(line.split(" ")[1]), 0);
}

let http_, browser;
before(async () => {
  assert.ok(fs.existsSync(path.join(site, "index.html")), `no site in ${site}: ./scripts/web.sh`);
  http_ = await serveSite(site);
  browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
});
after(async () => {
  await browser?.close();
  await http_?.stop();
});

test("the static site plays a game at 390x844, the engine in the browser moving first", async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  acceptDialogs(page);
  // When the engine's worker says `started` and its first `readyok`, from the page's open.
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (event) => {
          const text = String(event.data);
          if (text.startsWith('{"type":"started"')) window.keteStarted ??= performance.now();
          if (text === '{"type":"line","line":"readyok"}') window.keteReadyok ??= performance.now();
        });
      }
    };
  });
  const opened = Date.now();
  await page.goto(http_.url);
  // The first visit reloads once under the service worker.
  await waitIdle(page, 60000);
  const firstReady = Date.now() - opened;
  const firstBytes = http_.served.sent;
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "cross-origin isolated");
  assert.match(await page.textContent("#engine-status"), /in this browser/);

  await page.click('#modes [data-mode="play"]');
  await page.selectOption("#human-side", "N");
  await setLimit(page, "depth", 4);
  await page.selectOption("#variant", "bao");
  await page.click("#new-game");
  await waitIdle(page, 60000);
  const moves = await moveList(page);
  assert.ok(moves.length >= 1, `the engine moved first: ${moves.join(" ")}`);
  assert.notEqual(await readBoard(page), kStart.bao, "the board shows the engine's move");

  // Again, from the cache: the time from opening the page to the engine ready.
  const reopened = Date.now();
  await page.reload();
  await waitIdle(page, 60000);
  const cachedReady = Date.now() - reopened;
  const [started, readyok] = await page.evaluate(() => [window.keteStarted, window.keteReadyok]);
  assert.deepEqual(await moveList(page), moves, "the game survives a reload");
  console.log(
    `static site: engine ready ${firstReady} ms after the first visit's open, ` +
      `${cachedReady} ms after a reload from the cache (the engine started at ` +
      `${Math.round(started)} ms, its first readyok at ${Math.round(readyok)} ms from the ` +
      `page's open); the engine's first move ${moves[0]}; the first visit downloaded ` +
      `${firstBytes} bytes (gzip)`,
  );
  assert.ok(firstBytes < 2 * 1024 * 1024, `a first visit of ${firstBytes} bytes`);
  assert.deepEqual(errors, []);
});

// An engine that aborts (here: its worker's message, as the worker sends it when the
// engine's onAbort fires) is reported in words, replaced by a fresh one, the game kept.
test("an engine that aborts is reported, restarted, the game kept", async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.keteWorkers = [...(window.keteWorkers ?? []), this];
      }
    };
  });
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  const moves = await moveList(page);
  // An engine aborting within 5 s of its start is left dead, not restarted in a loop.
  await page.waitForTimeout(5000);
  await page.evaluate(() => {
    const reason = "the engine aborted: a test";
    const data = JSON.stringify({ type: "exited", code: null, signal: null, reason });
    window.keteWorkers.at(-1).dispatchEvent(new MessageEvent("message", { data }));
  });
  await page.waitForFunction(() => window.keteWorkers.length === 2);
  await waitIdle(page, 60000);
  assert.match(
    await page.textContent("#errors"),
    /stopped \(the engine aborted: a test\); a fresh engine was started/,
  );
  assert.deepEqual(await moveList(page), moves, "the game is kept");
  await page.close();
});

// Restart engine: a fresh worker (the old one ended), booted with the game.
test("Restart engine starts a fresh worker and keeps the game", async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.keteWorkers = [...(window.keteWorkers ?? []), this];
      }
    };
  });
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  const moves = await moveList(page);
  await page.click("#restart");
  await page.waitForFunction(() => window.keteWorkers.length === 2);
  await waitIdle(page, 60000);
  assert.match(await page.textContent("#engine-status"), /in this browser/);
  assert.deepEqual(await moveList(page), moves, "the game is kept");
  await page.close();
});

// The engine's worker, sent what no page sends: each message refused with an error in
// words, and the engine still answers after them all.
test("the engine's worker refuses bad messages and lives on", async () => {
  const page = await browser.context.newPage();
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  const answers = await page.evaluate(async () => {
    const worker = new Worker("js/engine_worker.js");
    const seen = [];
    const done = new Promise((resolve) => {
      worker.onmessage = (event) => {
        seen.push(String(event.data));
        if (String(event.data) === '{"type":"line","line":"readyok"}') resolve();
      };
    });
    const line = (text) => JSON.stringify({ type: "line", line: text });
    for (const bad of [
      42,
      { type: "line", line: "isready" },
      "not json",
      "[]",
      JSON.stringify({ type: "restart" }),
      JSON.stringify({ type: "line", line: "isready", extra: 1 }),
      JSON.stringify({ type: "line", line: 7 }),
      line("quit"),
      line("bench"),
      line("isready\nquit"),
      line("position startpos moves \u00e9"),
      line("x".repeat(300 * 1024)),
      line("setoption name EvalFile value /etc/passwd"),
      line("setoption name Hash value 100000"),
      line("setoption name Threads value 999"),
      line("perft 9"),
      line("go perft 30"),
      line(""),
    ])
      worker.postMessage(bad);
    worker.postMessage(line("position fen 1,2,3"));
    worker.postMessage(line("isready"));
    await done;
    worker.terminate();
    return seen.map((text) => JSON.parse(text));
  });
  const errors = answers.filter((a) => a.type === "error");
  assert.equal(errors.length, 18, JSON.stringify(answers));
  assert.ok(errors.every((e) => typeof e.message === "string" && e.message.length > 10));
  assert.ok(answers.some((a) => a.type === "line" && /^info string error/.test(a.line)));
  assert.equal(answers.filter((a) => a.type === "exited").length, 0);
  await page.close();
});

// Without its service worker (blocked here) the page is not isolated: the engine cannot
// start, and the page says why in words instead of failing silently.
test("without the service worker the page says why the engine cannot run", async () => {
  const blocked = await launchBrowser({
    viewport: { width: 390, height: 844 },
    serviceWorkers: "block",
  });
  try {
    const page = await blocked.context.newPage();
    await page.goto(http_.url);
    await page.waitForSelector("#dead-banner:not([hidden])", { timeout: 30000 });
    assert.match(await page.textContent("#dead-text"), /cross-origin isolated/);
  } finally {
    await blocked.close();
  }
});

// Chromium's figures for docs/performance.md: the bench's nodes per second in a worker of
// the page, and the time from `stop` to `bestmove` during `go infinite`.
test("bench and stop latency in Chromium", async () => {
  const page = await browser.context.newPage();
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  const figures = await page.evaluate(async () => {
    const base = new URL("js/", location.href).href;
    const source = `
      importScripts("${base}kete.js");
      createKete({
        mainScriptUrlOrBlob: "${base}kete.js",
        locateFile: (f) => "${base}" + f,
        print: (line) => {
          postMessage(line);
          if (line.startsWith("bestmove")) postMessage("stopped " + (performance.now() - self.stopAt));
        },
      }).then((m) => {
        m.ccall("kete_bench", "number", ["number"], [0]);
        m.ccall("kete_start", "number", [], []);
        m.ccall("kete_line", "number", ["string"], ["position startpos"]);
        m.ccall("kete_line", "number", ["string"], ["go infinite"]);
        setTimeout(() => {
          self.stopAt = performance.now();
          m.ccall("kete_line", "number", ["string"], ["stop"]);
        }, 1000);
      });`;
    const worker = new Worker(URL.createObjectURL(new Blob([source])));
    const lines = [];
    await new Promise((resolve) => {
      worker.onmessage = (event) => {
        lines.push(String(event.data));
        if (String(event.data).startsWith("stopped")) resolve();
      };
    });
    worker.terminate();
    return lines;
  });
  const value = (prefix) =>
    figures
      .find((l) => l.startsWith(prefix))
      ?.split(/[:\s]+/)
      .pop();
  const nodes = Number(value("Nodes searched"));
  const nps = Number(value("Nodes/second"));
  const stop = Number(value("stopped"));
  console.log(
    `Chromium: bench ${nodes} nodes, ${nps} nodes/s; stop to bestmove ${stop.toFixed(1)} ms`,
  );
  assert.equal(nodes, benchSignature());
  // Stop is answered during a search (the figure above is the measure; this bound only
  // catches a stop that is not heard, and holds on a loaded machine).
  assert.ok(stop < 5000, `stop took ${stop} ms`);
  await page.close();
});

// After the first visit the site needs no server: with the server gone, the page opens from
// the service worker's cache and the engine starts.
// The width and height a PNG file's header gives.
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG", "a PNG file");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("the site installs to a home screen: Chromium finds nothing missing", async () => {
  const page = await browser.context.newPage();
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  const manifest = JSON.parse(fs.readFileSync(path.join(site, "manifest.webmanifest"), "utf8"));
  const sizes = [];
  for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
    const response = await page.request.get(new URL(icon.src, http_.url).href);
    assert.equal(response.status(), 200, icon.src);
    assert.equal(pngSize(await response.body()), icon.sizes, icon.src);
    sizes.push(icon.sizes);
  }
  assert.deepEqual(sizes, ["192x192", "512x512"]);
  // Chromium's own verdict, the one behind its "Install app" (DevTools protocol).
  const cdp = await browser.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors, []);
  await page.close();
});

test("offline: the page and the engine open with no server", async () => {
  const page = await browser.context.newPage();
  await page.goto(http_.url);
  await waitIdle(page, 60000);
  await http_.stop();
  http_ = null;
  await page.reload();
  await waitIdle(page, 60000);
  assert.match(await page.textContent("#engine-status"), /in this browser/);
  await page.close();
});
