// What the end-to-end tests share: the GUI server on a free port, Debian's Chromium
// driven by playwright-core (never a downloaded browser), and reading the board the way
// a person sees it: from the drawn pits, not from the page's own copy of the position.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import zlib from "node:zlib";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

import { Engine, guiDir, kMatchPath, ketePath, writeMatchRecord } from "./engine.mjs";

export const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

export const kChromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Starts the GUI server for `command` (default: kete) on a free port; `nodeArgs` go to
// node before the script, `serverArgs` to the server before `--`, `env` replaces the
// environment.
export async function startServer(
  command = [ketePath],
  { nodeArgs = [], serverArgs = [], env = process.env } = {},
) {
  const script = path.join(guiDir, "dist/server/main.js");
  const child = spawn(
    process.execPath,
    [...nodeArgs, script, "--port", "0", ...serverArgs, "--", ...command],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env,
    },
  );
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the GUI server did not start")), 10000);
    lines.on("line", (line) => {
      const m = /^kete GUI: (http:\/\/\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`the GUI server exited with ${code}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

// The static site (scripts/web.sh, build/web/) instead of the GUI server, with its engine
// in the browser: the end-to-end tests of a session run against it when KETE_GUI_SITE
// names the site's folder (scripts/web-test.sh).
export const siteDir = process.env.KETE_GUI_SITE;

const kSiteTypes = {
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
export function serveSite(root) {
  const served = { sent: 0 };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return response.writeHead(403).end();
    if (file.endsWith("/")) file += "index.html";
    fs.readFile(file, (error, content) => {
      let body = content;
      if (error) return response.writeHead(404).end("not found\n");
      const headers = { "Content-Type": kSiteTypes[path.extname(file)] ?? "text/plain" };
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
      resolve({
        server,
        served,
        url: `http://127.0.0.1:${server.address().port}/`,
        // Every connection too, keep-alive ones included: nothing is served after.
        stop: () =>
          new Promise((done) => {
            server.close(done);
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

// `hasTouch`: the page is tapped with a finger (page.tap), as on a phone.
export async function launchBrowser({
  viewport = { width: 1360, height: 900 },
  serviceWorkers = "allow",
  hasTouch = false,
} = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: kChromiumArgs,
    viewport,
    serviceWorkers,
    hasTouch,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// A page of the GUI with the engine ready and the first game set up. Page errors fail
// the test that reads `errors`.
export async function openGui(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  acceptDialogs(page);
  await page.goto(url);
  await waitIdle(page);
  await page.waitForSelector("svg.board [data-pit]");
  await page.selectOption("#speed", "4");
  return { page, errors };
}

// The page asks before it throws a game away (window.confirm). Tests answer yes unless
// they set page.dialogAnswer = false; every question asked is kept in page.dialogs.
export function acceptDialogs(page) {
  page.dialogs = [];
  page.on("dialog", (dialog) => {
    page.dialogs.push(dialog.message());
    return page.dialogAnswer === false ? dialog.dismiss() : dialog.accept();
  });
}

// Registers the hooks of a test file that drives one GUI page: before its tests, a kete
// of the test's own, the GUI server, Chromium and the page, handed to ready(session);
// after them, all of it closed again. `browser` holds launchBrowser's options. With
// `logged` (a name), the server's engine is kete behind test/logging_engine.mjs, which
// writes every line kete receives to session.log, in a folder of the session's own
// (session.tmp, removed after).
export function guiSession(ready = async () => {}, { browser = {}, logged = null } = {}) {
  const session = {};
  before(async () => {
    session.engine = new Engine();
    if (logged) {
      session.tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kete-gui-${logged}-`));
      session.log = path.join(session.tmp, "engine-input.log");
      const wrapper = path.join(guiDir, "test/logging_engine.mjs");
      session.server = await startServer([process.execPath, wrapper, session.log, ketePath]);
    } else {
      session.server = siteDir ? await serveSite(path.resolve(siteDir)) : await startServer();
    }
    session.browser = await launchBrowser(browser);
    session.gui = await openGui(session.browser.context, session.server.url);
    await ready(session);
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.stop();
    session.engine?.close();
    if (session.tmp) fs.rmSync(session.tmp, { recursive: true, force: true });
  });
  return session;
}

// Nothing running: no task, no animation (an infinite analysis does not count as busy).
export async function waitIdle(page, timeout = 30000) {
  await page.waitForFunction(
    () =>
      document.body.dataset.busy === "false" &&
      document.body.dataset.engine === "ready" &&
      document.getElementById("skip").disabled,
    null,
    { timeout },
  );
}

// Types `token` as the player's move and waits until the game has `plies` moves, the
// page idle again.
export async function typeMove(page, token, plies) {
  await page.fill("#move-input", token);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(
    (n) => Number(document.getElementById("moves").dataset.plies) >= n,
    plies,
  );
  await waitIdle(page);
}

// A game set from the position box (a position string or `startpos`, with moves after it,
// or a record), the page idle again.
export async function pastePosition(page, text) {
  await page.fill("#position-input", text);
  await page.click("#set-position");
  await waitIdle(page);
}

// The position `text` of `variant` (kujifunza under `kichwa`, when given) set in Analyse,
// any analysis stopped first.
export async function setAnalysePosition(page, variant, text, kichwa) {
  await page.click('#modes [data-mode="analyse"]');
  if (await page.isEnabled("#analyse-stop")) await page.click("#analyse-stop");
  await waitIdle(page);
  if ((await page.inputValue("#variant")) !== variant) {
    await page.selectOption("#variant", variant);
    await waitIdle(page);
  }
  if (kichwa && (await page.inputValue("#kichwa")) !== kichwa) {
    await page.selectOption("#kichwa", kichwa);
    await waitIdle(page);
  }
  await pastePosition(page, text);
}

// The engine's move limit in Play and Watch: `kind` (depth, nodes, movetime) and its value.
export async function setLimit(page, kind, value) {
  await page.selectOption("#limit-kind", kind);
  await page.fill("#limit-value", String(value));
}

// A new game in Play: the human on `side`, the engine searching `depth` plies a move; the
// variant and the clock (a #time-control value) changed only when given.
export async function newPlayGame(page, { side = "S", depth = 2, variant, clock } = {}) {
  await page.click('#modes [data-mode="play"]');
  await page.selectOption("#human-side", side);
  if (clock !== undefined) await page.selectOption("#time-control", clock);
  await setLimit(page, "depth", depth);
  if (variant !== undefined) await page.selectOption("#variant", variant);
  await page.click("#new-game");
  await waitIdle(page);
}

// Analyses the position until `rows` info lines of the analysis have come (not those of
// a search before it, nor its solve: the caption says it analyses), then stops and waits
// for idle.
export async function analyseBriefly(page, rows) {
  await page.click("#analyse-start");
  await page.waitForFunction(
    (n) =>
      document.getElementById("thinking-caption").textContent.startsWith("— analysing") &&
      document.querySelectorAll("#info-history tr.info-row").length >= n,
    rows,
  );
  await page.click("#analyse-stop");
  await waitIdle(page);
}

// The position string of the drawn board: pit counts, side to move, hands, houses and
// takasia, each read from what is drawn; `selector`: another board of the page.
export function readBoard(page, selector = "svg.board") {
  return page.evaluate((selector) => {
    const svg = document.querySelector(selector);
    const width = Number(svg.dataset.width);
    const variant = svg.dataset.variant;
    const count = (name) => Number(svg.querySelector(`[data-pit="${name}"]`).dataset.count);
    const range = (from, to) => {
      const out = [];
      for (let i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1) out.push(i);
      return out;
    };
    const rows = [
      range(width, 1).map((n) => count(`b${n}`)),
      range(width, 1).map((n) => count(`a${n}`)),
      range(1, width).map((n) => count(`A${n}`)),
      range(1, width).map((n) => count(`B${n}`)),
    ];
    const side = svg.querySelector('.band[data-to-move="true"]').dataset.side;
    let text = `${rows.map((r) => r.join(",")).join("/")} ${side}`;
    if (variant === "kiswahili") {
      const hand = (s) => svg.querySelector(`[data-hand="${s}"]`).dataset.seeds;
      const intact = (name) => svg.querySelector(`[data-pit="${name}"]`).dataset.house === "intact";
      const houses = (intact("A5") ? "H" : "") + (intact("a5") ? "h" : "") || "-";
      const takasia = svg.querySelector("[data-pit][data-takasia]")?.dataset.pit ?? "-";
      text += ` ${hand("S")},${hand("N")} ${houses} ${takasia}`;
    }
    return text;
  }, selector);
}

// The protocol log as the page shows it: the details around it opened, and read once the
// page has drawn it (the page draws the log on the details' toggle event, which comes
// after `open` is set; its own listener runs before this one).
export function protocolLog(page) {
  return page.evaluate(async () => {
    const details = document.getElementById("log").closest("details");
    if (!details.open)
      await new Promise((resolve) => {
        details.addEventListener("toggle", resolve, { once: true });
        details.open = true;
      });
    return document.getElementById("log").textContent;
  });
}

export function moveList(page) {
  return page.$$eval("#moves li[data-token]", (items) => items.map((li) => li.dataset.token));
}

// What kete says the board is after these moves from `start` ("startpos" or a position
// string), and its legal moves there.
export async function expected(engine, variant, start, moves, kichwa = "choose") {
  await engine.command(`setoption name UCI_Variant value ${variant}`);
  if (variant === "kujifunza") await engine.command(`setoption name KichwaRule value ${kichwa}`);
  const base = start === "startpos" ? "position startpos" : `position fen ${start}`;
  const errors = await engine.command(moves.length ? `${base} moves ${moves.join(" ")}` : base);
  if (errors.length) throw new Error(`kete refused the page's game: ${errors.join("; ")}`);
  const fen = await engine.query("fen");
  const legal = (await engine.query("moves")).split(/\s+/).filter(Boolean);
  return { fen, legal };
}

export { Engine, kMatchPath, ketePath, writeMatchRecord };
