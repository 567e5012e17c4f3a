// Two tabs of the page share the browser's storage (issue #31, Broken 4): a tab never
// silently writes over the game another tab has changed since; it says so, and the player
// chooses which game is kept.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, newPlayGame, openGui, waitIdle } from "./gui.mjs";

let engine, gui, session;

guiSession(async (s) => {
  ({ engine, gui } = s);
  session = s;
});

// The moves of the game kept in the storage, as the page wrote it.
const keptMoves = (page) =>
  page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem("kete-gui-game"));
    return (kept.game ?? kept).moves;
  });

// The player's move (the legal move `pick`) and the engine's answer.
async function playOne(page, pick = 0) {
  const moves = await moveList(page);
  const { legal } = await expected(engine, "kiswahili", "startpos", moves);
  await page.fill("#move-input", legal[pick]);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(
    (n) => Number(document.getElementById("moves").dataset.plies) >= n,
    moves.length + 2,
  );
  await waitIdle(page);
  return moveList(page);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 4: two tabs do not overwrite each other's game (${size.width}x${size.height})`, async () => {
    const first = gui.page;
    await first.setViewportSize(size);
    await first.selectOption("#preset", "club");
    await newPlayGame(first, { side: "S", depth: 1, variant: "kiswahili" });
    await playOne(first);
    // A second tab takes up the game kept.
    const { page: second, errors } = await openGui(session.browser.context, session.server.url);
    try {
      await second.setViewportSize(size);
      assert.deepEqual(await moveList(second), await moveList(first));
      // The first tab plays on, and keeps its game.
      const firstLine = await playOne(first);
      assert.deepEqual(await keptMoves(first), firstLine);
      assert.ok(await first.isHidden("#tabs-conflict"));
      // The second, still on the older game, plays: it does not write over the first's.
      const secondLine = await playOne(second, 1);
      assert.notDeepEqual(secondLine, firstLine);
      assert.deepEqual(await keptMoves(second), firstLine, "the second tab wrote over the first's");
      await second.waitForSelector("#tabs-conflict:not([hidden])");
      assert.match(await second.textContent("#tabs-conflict"), /Another tab has changed/);
      // Its player keeps this tab's game: now the first tab is the one told.
      await second.click("#tabs-keep");
      assert.ok(await second.isHidden("#tabs-conflict"));
      assert.deepEqual(await keptMoves(second), secondLine);
      await playOne(first);
      await first.waitForSelector("#tabs-conflict:not([hidden])");
      assert.deepEqual(await keptMoves(first), secondLine);
      // And that one opens the other tab's game.
      await first.click("#tabs-load");
      await first.waitForFunction(
        (n) => document.getElementById("moves")?.dataset.plies === String(n),
        secondLine.length,
      );
      await waitIdle(first);
      assert.deepEqual(await moveList(first), secondLine);
      assert.ok(await first.isHidden("#tabs-conflict"));
      assert.deepEqual(errors, []);
    } finally {
      await second.close();
    }
    await first.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
