// Strength presets for people through the protocol's strength options: each preset is a
// level of the engine's scale, names its Elo on the current variant's scale (kete's
// `query elo`), follows the variant when it changes, reaches the engine as `UCI_Elo` with
// `UCI_LimitStrength true` (full strength: the limit off) before the engine's next move,
// a change during a game applies from that move on, analysis always runs at full
// strength, and the choice survives a reload. What the engine received is read from the
// engine's side (logging_engine.mjs), not from the page.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

import { analyseBriefly, expected, guiSession, moveList, newPlayGame, waitIdle } from "./gui.mjs";

let engine, gui, log, eloMax, scale, baoScale;

guiSession(
  async (s) => {
    ({ engine, gui, log } = s);
    // The top of the engine's Elo scale, as its `uci` answer gives it (it is recalibrated).
    engine.send("uci");
    const { before: options } = await engine.until((l) => l === "uciok");
    eloMax = Number(/^option name UCI_Elo type spin .* max (\d+)/m.exec(options.join("\n"))[1]);
    // Each variant's scale, the Elo of levels 0 to 20 (`query elo`): kiswahili's (the
    // default) and bao's. The presets are levels 2, 5, 9 and 12 of it, full strength its top.
    scale = (await engine.query("elo")).split(" ").map(Number);
    engine.send("setoption name UCI_Variant value bao");
    baoScale = (await engine.query("elo")).split(" ").map(Number);
    engine.send("setoption name UCI_Variant value kiswahili");
  },
  { logged: "strength" },
);

// What the engine received since the search before its last one: the commands that set
// up its last search, and that search's `go` line. The solver's runs before an analysis
// (`go solve`, `go mate`: proven.ts) are not searches and play at no strength.
function lastSearch() {
  const lines = fs.readFileSync(log, "utf8").split("\n").filter(Boolean);
  const search = (l) => l.startsWith("go ") && !/^go (solve|mate)\b/.test(l);
  const gos = lines.flatMap((l, i) => (search(l) ? [i] : []));
  assert.ok(gos.length > 0, "the engine was never asked to search");
  const last = gos[gos.length - 1];
  const from = gos.length > 1 ? gos[gos.length - 2] + 1 : 0;
  const strength = /^setoption name (UCI_Elo|UCI_LimitStrength|Skill Level) /;
  return { setup: lines.slice(from, last).filter((l) => strength.test(l)), go: lines[last] };
}

// The player (South) plays a legal move and the engine answers.
async function playAndWait(page) {
  const moves = await moveList(page);
  const { legal } = await expected(engine, "kiswahili", "startpos", moves);
  await page.fill("#move-input", legal[0]);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(
    (n) => Number(document.getElementById("moves").dataset.plies) >= n,
    moves.length + 2,
  );
  await waitIdle(page);
}

const limitOn = (elo) => [
  `setoption name UCI_Elo value ${elo}`,
  "setoption name UCI_LimitStrength value true",
];
const limitOff = ["setoption name UCI_LimitStrength value false"];

test("the presets name their Elo on the engine's scale; custom takes an Elo in its range", async () => {
  const { page } = gui;
  const labels = await page.$$eval("#preset option", (os) =>
    os.map((o) => `${o.value}: ${o.textContent}`),
  );
  assert.deepEqual(labels, [
    `beginner: beginner (Elo ${scale[2]})`,
    `casual: casual (Elo ${scale[5]})`,
    `club: club (Elo ${scale[9]})`,
    `strong: strong (Elo ${scale[12]})`,
    `full: full strength (Elo ${scale[20]})`,
    "custom: custom Elo",
  ]);
  assert.equal(await page.inputValue("#preset"), "club");
  assert.equal(await page.isHidden("#elo-label"), true);
  await page.selectOption("#preset", "custom");
  assert.equal(await page.isVisible("#elo-label"), true);
  assert.equal(await page.getAttribute("#elo", "max"), String(scale[20]));
  await page.selectOption("#preset", "club");
  assert.equal(await page.isHidden("#elo-label"), true);
});

test("a preset reaches the engine before its move; a change mid-game applies at its next move", async () => {
  const { page } = gui;
  await newPlayGame(page, { side: "S", depth: 2, clock: "" });
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[9]), go: "go depth 2" });
  assert.match(
    await page.textContent("#thinking-caption"),
    new RegExp(`North played \\S+, depth 2, club Elo ${scale[9]}`),
  );
  // Changed during the game: nothing is sent until the engine's next move, which has it.
  await page.selectOption("#preset", "beginner");
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[2]), go: "go depth 2" });
  // Unchanged: not sent again.
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: [], go: "go depth 2" });
  await page.selectOption("#preset", "full");
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOff, go: "go depth 2" });
  // A custom Elo, and one above the variant's scale: its top.
  await page.selectOption("#preset", "custom");
  await page.fill("#elo", "333");
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(333), go: "go depth 2" });
  // An empty box: full strength, not Elo 0 (the random mover).
  await page.fill("#elo", "");
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOff, go: "go depth 2" });
  assert.match(await page.textContent("#thinking-caption"), /depth 2, full strength$/);
  await page.fill("#elo", "999999");
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[20]), go: "go depth 2" });
  assert.deepEqual(gui.errors, []);
});

test("the presets follow the variant's scale", async () => {
  const { page } = gui;
  assert.ok(scale[20] <= eloMax && baoScale[20] <= eloMax, "UCI_Elo's range holds both tops");
  assert.notDeepEqual(baoScale, scale, "bao's levels have other Elos than kiswahili's");
  await page.selectOption("#preset", "club");
  // The engine moves first (South) in bao, at bao's level 9.
  await newPlayGame(page, { side: "N", depth: 2, clock: "", variant: "bao" });
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 1);
  await waitIdle(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(baoScale[9]), go: "go depth 2" });
  assert.equal(await page.textContent('#preset option[value="club"]'), `club (Elo ${baoScale[9]})`);
  assert.equal(await page.getAttribute("#elo", "max"), String(baoScale[20]));
  // Back to kiswahili: its scale again, and the engine's move at its level 9.
  await newPlayGame(page, { side: "S", depth: 2, clock: "", variant: "kiswahili" });
  assert.equal(await page.textContent('#preset option[value="club"]'), `club (Elo ${scale[9]})`);
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[9]), go: "go depth 2" });
  assert.deepEqual(gui.errors, []);
});

test("analysis runs at full strength; play goes back to the preset", async () => {
  const { page } = gui;
  // The engine is limited (to the top of the scale) after the test before.
  await page.selectOption("#preset", "strong");
  await page.click('#modes [data-mode="analyse"]');
  await waitIdle(page);
  await analyseBriefly(page, 2);
  assert.deepEqual(lastSearch(), { setup: limitOff, go: "go infinite" });
  // A whole game analysed: at full strength too (already set: nothing sent).
  await page.fill("#review-depth", "1");
  await page.click("#analyse-game");
  await waitIdle(page, 60000);
  assert.deepEqual(lastSearch(), { setup: [], go: "go depth 1" });
  await page.click('#modes [data-mode="play"]');
  await waitIdle(page);
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[12]), go: "go depth 2" });
  assert.deepEqual(gui.errors, []);
});

test("the strength survives a reload and reaches the new engine", async () => {
  const { page } = gui;
  await page.selectOption("#preset", "custom");
  await page.fill("#elo", "420");
  await page.reload();
  await waitIdle(page);
  assert.equal(await page.inputValue("#preset"), "custom");
  assert.equal(await page.inputValue("#elo"), "420");
  assert.equal(await page.isVisible("#elo-label"), true);
  // A new game each time: the kept one may have ended (a weak engine's random moves can
  // lose it within the few moves the tests before played).
  await newPlayGame(page, { side: "S", depth: 2, clock: "" });
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(420), go: "go depth 2" });
  await page.selectOption("#preset", "casual");
  await page.reload();
  await waitIdle(page);
  assert.equal(await page.inputValue("#preset"), "casual");
  await newPlayGame(page, { side: "S", depth: 2, clock: "" });
  await playAndWait(page);
  assert.deepEqual(lastSearch(), { setup: limitOn(scale[5]), go: "go depth 2" });
  assert.deepEqual(gui.errors, []);
});
