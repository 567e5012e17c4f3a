// Analysis: a pasted position, infinite analysis with MultiPV whose info lines arrive in
// the table, the engine's errors shown as they are, and the takasia state drawn.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, pastePosition, readBoard, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
  await gui.page.click('#modes [data-mode="analyse"]');
  await waitIdle(gui.page);
});

// The 1994 game after A7L a5R (rules.md section 7).
const kAfterTwo = "0,0,0,0,0,0,0,0/1,2,2,7,0,0,0,0/0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0 S 21,21 Hh -";

async function setPosition(page, variant, text) {
  if ((await page.inputValue("#variant")) !== variant) {
    await page.selectOption("#variant", variant);
    await waitIdle(page);
  }
  await pastePosition(page, text);
}

const rows = (page, where) =>
  page.$$eval(`${where} tr.info-row`, (trs) =>
    trs.map((tr) => ({
      multipv: Number(tr.dataset.multipv),
      depth: Number(tr.dataset.depth),
      pv: [...tr.querySelectorAll(".pv-move")].map((s) => s.textContent),
    })),
  );

test("a pasted position string is drawn as kete reads it", async () => {
  const { page } = gui;
  await setPosition(page, "kiswahili", kAfterTwo);
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", kAfterTwo, [])).fen);
  // With moves after it.
  await setPosition(page, "kiswahili", `${kAfterTwo} moves A6L`);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", kAfterTwo, ["A6L"])).fen,
  );
  assert.equal(await page.$$eval("#moves li", (items) => items.length), 1);
});

test("infinite analysis with MultiPV 2: the info lines arrive as a live table", async () => {
  const { page } = gui;
  await setPosition(page, "kiswahili", kAfterTwo);
  const { legal } = await expected(engine, "kiswahili", kAfterTwo, []);
  await page.fill("#multipv", "2");
  await page.click("#analyse-start");
  await page.waitForFunction(
    () => {
      const ranks = [...document.querySelectorAll("#info-summary tr.info-row")];
      return ranks.length === 2 && ranks.every((tr) => Number(tr.dataset.depth) >= 6);
    },
    null,
    { timeout: 20000 },
  );
  // Both lines of one depth, read at once in the page once the table shows them: between
  // the two info lines of a depth the table holds line 1 of the new depth beside line 2 of
  // the old one, and the best move may have changed places between the two depths.
  const summary = await (
    await page.waitForFunction(() => {
      const ranks = [...document.querySelectorAll("#info-summary tr.info-row")].map((tr) => ({
        multipv: Number(tr.dataset.multipv),
        depth: Number(tr.dataset.depth),
        pv: [...tr.querySelectorAll(".pv-move")].map((s) => s.textContent),
      }));
      return ranks.length === 2 && ranks[0].depth === ranks[1].depth && ranks;
    })
  ).jsonValue();
  assert.deepEqual(
    summary.map((r) => r.multipv),
    [1, 2],
  );
  for (const r of summary)
    assert.ok(legal.includes(r.pv[0]), `PV starts with ${r.pv[0]}, not a legal move`);
  assert.notEqual(summary[0].pv[0], summary[1].pv[0], "the two lines start with the same move");
  const history = await rows(page, "#info-history");
  assert.ok(history.length >= 10, `only ${history.length} info lines`);
  // Still running: more lines come.
  const count = history.length;
  await page.waitForFunction(
    (n) => document.querySelectorAll("#info-history tr.info-row").length > n,
    count,
  );
  await page.click("#analyse-stop");
  await waitIdle(page);
  assert.equal(await page.isDisabled("#analyse-start"), false);
  assert.equal(await page.isDisabled("#analyse-stop"), true);
});

test("a move played during analysis is analysed at once", async () => {
  const { page } = gui;
  await setPosition(page, "bao", "startpos");
  await page.fill("#multipv", "1");
  await page.click("#analyse-start");
  await page.waitForFunction(
    () => document.querySelectorAll("#info-history tr.info-row").length >= 3,
  );
  await page.click('svg.board [data-pit="B3"]');
  await page.click('#picker [data-move="B3R"]');
  await page.waitForFunction(() =>
    document.getElementById("thinking-caption").textContent.includes("North to move"),
  );
  await page.waitForFunction(
    () => document.querySelectorAll("#info-history tr.info-row").length >= 3,
  );
  const { legal, fen } = await expected(engine, "bao", "startpos", ["B3R"]);
  assert.equal(await readBoard(page), fen);
  const first = await page.$eval("#info-history tr.info-row .pv-move", (s) => s.textContent);
  assert.ok(legal.includes(first), `${first} is not one of North's moves`);
  await page.click("#analyse-stop");
  await waitIdle(page);
});

test("the engine's errors are shown as they are, and the game stays", async () => {
  const { page } = gui;
  await setPosition(page, "kiswahili", kAfterTwo);
  const before = await readBoard(page);
  await setPosition(page, "kiswahili", "0,0/0,0 S");
  await page.waitForSelector("#errors li");
  assert.equal(
    await page.textContent("#errors li span"),
    "error: position: position string: pits: expected 4 rows separated by '/', got 2",
  );
  assert.equal(await readBoard(page), before);
  // An illegal typed move: the page says why in words (query why, issue #31 "Why not"),
  // not as a protocol error, and the board does not change.
  await page.fill("#move-input", "A1L");
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => document.getElementById("why-not").textContent !== "");
  assert.equal(await page.textContent("#why-not"), "Not a move: A1 is empty.");
  assert.ok(!(await page.textContent("#errors")).includes("A1L"));
  await waitIdle(page);
  assert.equal(await readBoard(page), before);
  assert.equal(await page.$$eval("#moves li", (items) => items.length), 0);
  // The engine still plays on from it.
  await page.fill("#move-input", "A6L");
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 1);
  await waitIdle(page);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", kAfterTwo, ["A6L"])).fen,
  );
});

test("a takasia position: the blocked pit is marked", async () => {
  const { page } = gui;
  // North to move with its own a6 blocked (the bench position of docs/protocol.md).
  const fen = "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6";
  await setPosition(page, "kiswahili", fen);
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", fen, [])).fen);
  assert.equal(await page.getAttribute('svg.board [data-pit="a6"]', "data-takasia"), "blocked");
  assert.equal(await page.$$eval("svg.board [data-takasia]:not(svg)", (els) => els.length), 1);
  assert.deepEqual(gui.errors, []);
});
