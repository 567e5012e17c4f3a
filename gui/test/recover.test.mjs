// A dead engine: killed between moves, killed mid-search, or never started. The page
// says so plainly and, after a restart, goes on with the same game without a reload.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, readBoard, waitIdle, startServer } from "./gui.mjs";

let engine, gui;

const session = guiSession(async (s) => {
  ({ engine, gui } = s);
});

const pid = (page) => page.getAttribute("#engine-status", "data-pid").then(Number);

async function killEngine(page) {
  const old = await pid(page);
  assert.ok(old > 0);
  process.kill(old, "SIGKILL");
  await page.waitForSelector("#dead-banner", { state: "visible" });
  assert.match(await page.textContent("#dead-text"), /the engine died \(killed by SIGKILL\)/);
  return old;
}

async function restart(page, old) {
  await page.click("#dead-restart");
  await waitIdle(page);
  assert.equal(await page.isHidden("#dead-banner"), true);
  assert.notEqual(await pid(page), old);
}

test("the engine killed between moves: shown, restarted, the game goes on", async () => {
  const { page } = gui;
  await page.evaluate(() => (window.notReloaded = true));
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "2");
  await page.click('svg.board [data-pit="A6"]');
  await page.click('#picker [data-move="A6L"]');
  await page.waitForFunction(() => document.getElementById("moves").dataset.plies === "2");
  await waitIdle(page);
  const moves = await moveList(page);
  const old = await killEngine(page);
  assert.match(await page.textContent("#status-line"), /the engine is not running/);
  // Nothing to click while the engine is dead; the board stays.
  assert.equal(await page.$$eval("svg.board .selectable", (els) => els.length), 0);
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", "startpos", moves)).fen);
  await restart(page, old);
  assert.deepEqual(await moveList(page), moves);
  const { fen, legal } = await expected(engine, "kiswahili", "startpos", moves);
  assert.equal(await readBoard(page), fen);
  // And play on.
  await page.fill("#move-input", legal[0]);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => document.getElementById("moves").dataset.plies === "4");
  await waitIdle(page);
  const after = await moveList(page);
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", "startpos", after)).fen);
  assert.equal(await page.evaluate(() => window.notReloaded), true);
});

test("the engine killed during an infinite analysis", async () => {
  const { page } = gui;
  await page.click('#modes [data-mode="analyse"]');
  await waitIdle(page);
  await page.click("#analyse-start");
  await page.waitForFunction(
    () => document.querySelectorAll("#info-history tr.info-row").length >= 3,
  );
  const old = await killEngine(page);
  assert.equal(await page.isDisabled("#analyse-start"), false);
  await restart(page, old);
  await page.click("#analyse-start");
  await page.waitForFunction(
    () => document.querySelectorAll("#info-history tr.info-row").length >= 3,
  );
  await page.click("#analyse-stop");
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.notReloaded), true);
  assert.deepEqual(gui.errors, []);
});

test("an engine command that cannot start is reported", async () => {
  const broken = await startServer(["/nonexistent/engine"]);
  const page = await session.browser.context.newPage();
  try {
    await page.goto(broken.url);
    await page.waitForSelector("#dead-banner", { state: "visible" });
    assert.match(await page.textContent("#errors"), /\/nonexistent\/engine.*ENOENT/);
  } finally {
    await page.close();
    await broken.stop();
  }
});
