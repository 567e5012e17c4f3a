// One convention for move numbers (issue #31, Broken 6): a move number counts a South
// move and the North move after it, as the move list writes them ("2. A6R a6L"); the
// stepping status, the analysis caption and the variations say where they are in the
// same numbers, never in plies ("Move 3 of 4").
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, pastePosition, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

// The move list's items as shown: "1.A7L", "a5R", ...
function listed(page) {
  return page.$$eval("#moves li[data-ply]", (items) => items.map((li) => li.textContent.trim()));
}

async function stepTo(page, ply) {
  await page.click(ply === 0 ? "#step-first" : `#moves li[data-ply="${ply}"]`);
  await page.waitForFunction(
    (p) => document.getElementById("board").dataset.ply === String(p),
    ply,
  );
  await waitIdle(page);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 6: the move list's numbers everywhere (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    await page.selectOption("#variant", "kiswahili");
    await waitIdle(page);
    await pastePosition(page, "startpos moves A7L a5R A6R a6L");
    assert.deepEqual(await listed(page), ["1.A7L", "a5R", "2.A6R", "a6L"]);
    // After South's second move: move 2 of 2, North to move.
    await stepTo(page, 3);
    const status = await page.textContent("#status-line");
    assert.match(status, /^After 2\. A6R \(of 2 moves\) — North to move/, status);
    await page.click("#analyse-start");
    await page.waitForFunction(() =>
      document.getElementById("thinking-caption").textContent.includes("analysing"),
    );
    await page.click("#analyse-stop");
    await waitIdle(page);
    assert.match(await page.textContent("#thinking-caption"), /\(after 2\. A6R\)/);
    // Another move there: the line left is North's second move.
    const { legal } = await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", "A6R"]);
    const other = legal.find((m) => m !== "a6L");
    await page.fill("#move-input", other);
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(() => document.getElementById("moves").dataset.plies === "4");
    await waitIdle(page);
    assert.deepEqual(await moveList(page), ["A7L", "a5R", "A6R", other]);
    assert.equal(
      (await page.textContent("#variations li")).trim(),
      "from move 2: 2… a6L switch to it",
    );
    await stepTo(page, 0);
    assert.match(await page.textContent("#status-line"), /^The start \(of 2 moves\)/);

    // A game that starts with North to move: its first move is "1… ".
    const { fen } = await expected(engine, "kiswahili", "startpos", ["A7L"]);
    await pastePosition(page, `${fen} moves a5R A6R`);
    assert.deepEqual(await listed(page), ["1…a5R", "2.A6R"]);
    await stepTo(page, 1);
    assert.match(await page.textContent("#status-line"), /^After 1… a5R \(of 2 moves\)/);
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
