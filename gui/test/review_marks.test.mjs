// The review's marks (issue #31, Review): every move that loses half a seed or more is
// marked (not only the worst three), `?!`, `?` or `??`, with the loss and the move the
// engine found best; the engine's own move and a mate score seen past the search's
// horizon (which may flip to the other side's mate a move later) are never marked.
// First the rules on scores made up for each case, then a bao game with four known
// blunders analysed in the page at 390x844 and 1400x1000.
import assert from "node:assert/strict";
import { test } from "node:test";

import { markMove, markMoves } from "../dist/page/move_marks.js";
import { guiSession, moveList, pastePosition, waitIdle } from "./gui.mjs";

const score = (cp, pv = ["A1L"], depth = 6) => ({ cp, mate: null, depth, pv });
const mate = (moves, pv = ["A1L"], depth = 6) => ({
  cp: Math.sign(moves) * 10000,
  mate: moves,
  depth,
  pv,
});

test("#31 review: the marks' thresholds, the loss and the best move", () => {
  assert.equal(markMove(score(100), score(60), "S", "B2R"), null, "0.4 seeds: no mark");
  assert.deepEqual(markMove(score(100), score(40), "S", "B2R"), {
    kind: "inaccuracy",
    symbol: "?!",
    loss: 60,
    best: "A1L",
  });
  assert.equal(markMove(score(100), score(-50), "S", "B2R").symbol, "?");
  assert.equal(markMove(score(100), score(-200), "S", "B2R").symbol, "??");
  // North's loss is South's gain.
  assert.equal(markMove(score(100), score(-200), "N", "b2R"), null);
  assert.equal(markMove(score(-100), score(250), "N", "b2R").symbol, "??");
  // The engine's own move loses nothing, whatever the next search says.
  assert.equal(markMove(score(100, ["B2R"]), score(-900), "S", "b2r"), null);
  // Every move past the threshold, not three.
  const evals = [score(0), score(-100), score(150), score(-200), score(200), score(-300)];
  const marks = markMoves(evals, ["S", "N", "S", "N", "S"], ["A", "B", "C", "D", "E"]);
  assert.deepEqual([...marks.keys()], [0, 1, 2, 3, 4]);
});

test("#31 review: a mate-score flip at low depth is no blunder; a mate thrown away is", () => {
  // South "mates in 4" at depth 3 (7 plies, past the horizon); a move later at the same
  // depth North "mates in 3": the first was never seen to its end.
  assert.equal(markMove(mate(4, ["A1L"], 3), mate(-3, ["a1L"], 3), "S", "B2R"), null);
  assert.equal(markMove(score(200, ["A1L"], 3), mate(-4, ["a1L"], 3), "S", "B2R"), null);
  // Seen to its end (mate in 2 at depth 6), thrown away into a lost game: a blunder.
  const thrown = markMove(mate(2, ["A1L"], 6), mate(-2, ["a1L"], 6), "S", "B2R");
  assert.equal(thrown.symbol, "??");
  assert.equal(thrown.best, "A1L");
  assert.equal(thrown.loss, 20000);
});

// Bao from the start, every move kete's best at depth 4 but four, each the legal move that
// lost most without losing the game outright (kete at depth 4, loss before the move in
// centi-seeds): South's A4R (3046, best A3R), North's a1R (1969, best a8L), b7R (6482, best
// b8L) and b1L (786, best b5L).
const kGame = "B5R a3L A4R b4L B3R a1R B5R a5L A4R b7R B2R b1L B3R b3R B8R b7R A3R a8R".split(" ");
const kBlunders = new Map([
  [2, "A3R"],
  [5, "a8L"],
  [9, "b8L"],
  [11, "b5L"],
]);

let gui;

guiSession(async (s) => {
  ({ gui } = s);
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 review: a game with four known blunders analysed (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    if ((await page.inputValue("#variant")) !== "bao") await page.selectOption("#variant", "bao");
    await pastePosition(page, `startpos moves ${kGame.join(" ")}`);
    assert.deepEqual(await moveList(page), kGame);
    await page.fill("#review-depth", "4");
    await page.click("#analyse-game");
    await page.waitForFunction(
      () => /the game analysed/.test(document.getElementById("thinking-caption").textContent),
      null,
      { timeout: 120000 },
    );
    await waitIdle(page);
    const marks = await page.$$eval("#moves li[data-mark]", (lis) =>
      lis.map((li) => ({
        i: Number(li.dataset.ply) - 1,
        kind: li.dataset.mark,
        symbol: li.querySelector(".mark").textContent,
        loss: Number(li.dataset.loss),
        title: li.title,
      })),
    );
    const byIndex = new Map(marks.map((m) => [m.i, m]));
    for (const [i, best] of kBlunders) {
      const mark = byIndex.get(i);
      assert.ok(mark, `${kGame[i]} (move index ${i}) is not marked: ${JSON.stringify(marks)}`);
      assert.equal(mark.symbol, "??", `${kGame[i]}: ${JSON.stringify(mark)}`);
      assert.ok(mark.loss >= 300, `${kGame[i]}: ${JSON.stringify(mark)}`);
      assert.match(mark.title, /^lost \d+\.\d\d seeds; best was \S+$/);
      assert.doesNotMatch(mark.title, new RegExp(`best was ${kGame[i]}$`));
      test.diagnostic?.(`${kGame[i]}: ${mark.title} (built with best ${best})`);
    }
    assert.ok(marks.length >= 4, "every blunder marked, not three");
    // Each mark as the rules give it from the scores the page kept.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("kete-gui-game")).game);
    const movers = kGame.map((_, i) => (i % 2 === 0 ? "S" : "N"));
    const rules = markMoves(saved.evals, movers, kGame);
    assert.deepEqual(
      marks.map((m) => [m.i, m.symbol, m.loss]),
      [...rules.entries()].map(([i, m]) => [i, m.symbol, m.loss]),
    );
    // Under the move list, in words; a click shows the position after the move.
    const listed = await page.$$eval("#review-marks li", (lis) => lis.map((li) => li.textContent));
    assert.equal(listed.length, marks.length);
    assert.match(listed[0], /^2\. A4R\?\? lost \d+\.\d\d seeds; best was \S+$/);
    await page.click('#review-marks button[data-ply="3"]');
    await page.waitForFunction(() => document.getElementById("board").dataset.ply === "3");
    assert.match(
      await page.textContent("#thinking-caption"),
      new RegExp(`${marks.length} moves marked \\(\\d+ \\?\\?, \\d+ \\?, \\d+ \\?!\\)`),
    );
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
