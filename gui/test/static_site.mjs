// The static site (scripts/web.sh, docs/gui.md "The static site") in headless Chromium at
// a phone's size, served by a plain static file server with no kete process anywhere: the
// page comes under its service worker (cross-origin isolated), runs kete in WebAssembly
// in a Web Worker, and plays a game in which the engine moves first. Run by
// scripts/web-test.sh (not by `npm test`): it needs build/web.
//   node --test test/static_site.mjs      (SITE: the folder, default ../build/web)
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, test } from "node:test";
import zlib from "node:zlib";

import { acceptDialogs, launchBrowser, moveList, readBoard, setLimit, waitIdle } from "./gui.mjs";

const site = path.resolve(process.env.SITE ?? new URL("../../build/web", import.meta.url).pathname);
const kTypes = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

// A plain static server: files and their types, no other header (as python3 -m http.server),
// gzip-compressed when the browser accepts it (as most hosts do); `sent` counts the bytes
// of the bodies it sent.
function serve(root) {
  const served = { sent: 0 };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return response.writeHead(403).end();
    if (file.endsWith("/")) file += "index.html";
    fs.readFile(file, (error, content) => {
      let body = content;
      if (error) return response.writeHead(404).end("not found\n");
      const headers = { "Content-Type": kTypes[path.extname(file)] ?? "text/plain" };
      if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        body = zlib.gzipSync(body, { level: 9 });
        headers["Content-Encoding"] = "gzip";
      }
      served.sent += body.length;
      response.writeHead(200, headers);
      response.end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, served, url: `http://127.0.0.1:${server.address().port}/` }),
    ),
  );
}

const kStart = {
  bao: "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
};

let http_, browser;
before(async () => {
  assert.ok(fs.existsSync(path.join(site, "index.html")), `no site in ${site}: ./scripts/web.sh`);
  http_ = await serve(site);
  browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
});
after(async () => {
  await browser?.close();
  http_?.server.close();
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
