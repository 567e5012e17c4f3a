// Take back in Play (issue #31): one click undoes the player's last move and the
// engine's answer; the moves taken back are kept as a variation until the same moves are
// played again, which leaves no variation equal to the game's line.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  expected,
  guiSession,
  moveList,
  newPlayGame,
  readBoard,
  typeMove,
  waitIdle,
} from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

async function takeBack(page, plies) {
  await page.click("#take-back");
  await page.waitForFunction(
    (n) => Number(document.getElementById("moves").dataset.plies) === n,
    plies,
  );
  await waitIdle(page);
}

const variations = (page) =>
  page.$$eval("#variations li", (items) => items.map((li) => li.querySelector("code").textContent));

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 take back: one click, and the same moves again leave no variation (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    assert.ok(await page.$("#take-back"), "no Take back button");
    // Full strength at depth 1: the engine answers a move the same way each time.
    await page.selectOption("#preset", "full");
    await newPlayGame(page, { side: "S", depth: 1, variant: "kiswahili" });
    assert.ok(await page.isDisabled("#take-back"), "nothing to take back yet");
    await typeMove(page, "A6L", 2);
    const first = await moveList(page);
    assert.equal(first.length, 2);
    const second = (await expected(engine, "kiswahili", "startpos", first)).legal[0];
    await typeMove(page, second, 4);
    const line = await moveList(page);
    assert.deepEqual(line.slice(0, 2), first);

    // One click: the player's second move and the engine's answer.
    await takeBack(page, 2);
    assert.deepEqual(await moveList(page), first);
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kiswahili", "startpos", first)).fen,
    );
    assert.match(await page.textContent("#status-line"), /your move/);
    assert.deepEqual(await variations(page), [`2. ${line[2]} ${line[3]}`]);
    assert.ok(await page.isEnabled("#take-back"));

    // The same move again: the engine answers as before, and the variation is the game's line.
    await typeMove(page, second, 4);
    assert.deepEqual(await moveList(page), line);
    assert.deepEqual(await variations(page), []);
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kiswahili", "startpos", line)).fen,
    );

    // Twice back, to the start: the first pair is a variation, the second one inside it.
    await takeBack(page, 2);
    await takeBack(page, 0);
    assert.ok(await page.isDisabled("#take-back"));
    const pairs = [`1. ${line[0]} ${line[1]}`, `2. ${line[2]} ${line[3]}`];
    assert.deepEqual(await variations(page), pairs);
    // The first move again: that pair is the game's line again, and the second pair a
    // variation of it.
    await typeMove(page, "A6L", 2);
    assert.deepEqual(await moveList(page), first);
    assert.deepEqual(await variations(page), [pairs[1]]);
    await page.selectOption("#preset", "club");
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
