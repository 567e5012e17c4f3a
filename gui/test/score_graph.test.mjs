// The score graph (issue #31, Review): axes with their labels (seeds up the side, move
// numbers along the bottom), drawn from the player's side in Play and from South's in
// Analyse, and in Play part of the engine's thinking: hidden when that is.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, newPlayGame, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

// South's score of a kept evaluation, in centi-seeds (a mate at the edge).
const southCp = (e) => (e.mate !== null ? Math.sign(e.mate) * 10000 : e.cp);

// The graph as drawn: its side, labels and each point's plotted score, with the scores the
// page kept for the game.
async function graph(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("#graph svg");
    return {
      hidden: document.getElementById("graph-section").hidden,
      view: document.getElementById("graph-view").textContent,
      side: svg?.dataset.side,
      yLabels: [...(svg?.querySelectorAll(".y-label") ?? [])].map((t) => t.textContent),
      xLabels: [...(svg?.querySelectorAll(".x-label") ?? [])].map((t) => t.textContent),
      titles: [...(svg?.querySelectorAll(".axis-title") ?? [])].map((t) => t.textContent),
      points: [...(svg?.querySelectorAll("circle.point") ?? [])].map((c) => ({
        ply: Number(c.dataset.ply),
        score: Number(c.dataset.score),
      })),
      evals: JSON.parse(localStorage.getItem("kete-gui-game")).game.evals,
    };
  });
}

function assertDrawn(g, side) {
  assert.equal(g.hidden, false, "the graph is shown");
  assert.equal(g.side, side);
  assert.equal(g.view, `${side === "S" ? "South" : "North"}'s view`);
  assert.deepEqual(g.yLabels, ["-10", "-5", "0", "+5", "+10"]);
  assert.ok(g.xLabels.includes("1"), `x labels ${g.xLabels}`);
  assert.deepEqual(g.titles, [`${side === "S" ? "South" : "North"} ahead (seeds)`, "move"]);
  assert.ok(g.points.length > 0);
  for (const p of g.points)
    assert.equal(p.score, (side === "S" ? 1 : -1) * southCp(g.evals[p.ply]), `ply ${p.ply}`);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 review: the score graph's axes, its side, hidden with the thinking (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    if (await page.isChecked("#show-thinking")) await page.uncheck("#show-thinking");
    // Playing North: the engine (South) opens, the player answers, the engine again.
    await newPlayGame(page, { side: "N", depth: 2, variant: "bao" });
    const { legal } = await expected(engine, "bao", "startpos", await moveList(page));
    await page.fill("#move-input", legal[0]);
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 3);
    await waitIdle(page);
    let g = await graph(page);
    assert.ok(
      g.evals.some((e) => e),
      "the engine's searches scored positions",
    );
    assert.equal(g.hidden, true, "the graph is shown while the engine's thinking is hidden");
    await page.check("#show-thinking");
    await page.waitForSelector("#graph-section:not([hidden]) svg");
    assertDrawn(await graph(page), "N");
    await page.uncheck("#show-thinking");
    await page.waitForSelector("#graph-section", { state: "hidden" });

    // Analyse: South's view, whoever played.
    await page.click('#modes [data-mode="analyse"]');
    await waitIdle(page);
    await page.waitForSelector("#graph-section:not([hidden]) svg");
    g = await graph(page);
    assertDrawn(g, "S");
    await page.click('#modes [data-mode="play"]');
    await page.selectOption("#human-side", "S");
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
