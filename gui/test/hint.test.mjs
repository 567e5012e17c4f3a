// Play's *Hint* (issue #31, Teach): one click shows the engine's move on the board (the
// pit it starts from and its direction, nothing of its line), searched at full strength
// to depth 8, never played, counted in the game and its record (SouthHints, NorthHints);
// a move or a new game during its search cancels it (nothing shown, nothing counted), and
// it runs on the player's time only: the engine's clock is untouched. What the engine
// received is read from the engine's side (logging_engine.mjs); a search the test must
// act during is held open there (LOG.hold) rather than raced.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import {
  expected,
  guiSession,
  kMatchPath,
  moveList,
  newPlayGame,
  pastePosition,
  readBoard,
  typeMove,
  waitIdle,
} from "./gui.mjs";

let engine, gui, tmp, log, scale;

guiSession(
  async (s) => {
    ({ engine, gui, tmp, log } = s);
    scale = (await engine.query("elo")).split(" ").map(Number); // kiswahili's levels
  },
  { logged: "hint" },
);

const logLines = () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);

// The engine's last search: the strength commands since the search before, and its `go`.
function lastSearch() {
  const lines = logLines();
  const gos = lines.flatMap((l, i) => (l.startsWith("go ") ? [i] : []));
  const last = gos[gos.length - 1];
  const from = gos.length > 1 ? gos[gos.length - 2] + 1 : 0;
  const strength = /^setoption name (UCI_Elo|UCI_LimitStrength) /;
  return { setup: lines.slice(from, last).filter((l) => strength.test(l)), go: lines[last] };
}

const limitOff = ["setoption name UCI_LimitStrength value false"];
const limitOn = (elo) => [
  `setoption name UCI_Elo value ${elo}`,
  "setoption name UCI_LimitStrength value true",
];

// Waits until the engine's log ends with `line` (its count of lines then), within a minute.
async function logEndsWith(line) {
  for (const deadline = Date.now() + 60000; ;) {
    const lines = logLines();
    if (lines[lines.length - 1] === line) return lines.length;
    assert.ok(Date.now() < deadline, `the engine's log ends with ${lines[lines.length - 1]}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const hintState = (page) => page.$eval("#hint-text", (e) => e.dataset.state);
const hintCount = (page) =>
  page.$eval("#hint-count", (e) => ({ S: e.dataset.south, N: e.dataset.north }));
const hintedPits = (page) =>
  page.$$eval("svg.board [data-pit].hint", (els) =>
    els.map((e) => ({ pit: e.dataset.pit, letter: e.dataset.hint })),
  );

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 hint: the engine's move on the board, at full strength, not played, counted (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.selectOption("#preset", "club");
    await newPlayGame(page, { side: "S", depth: 1, clock: "", variant: "kiswahili" });
    assert.equal(await page.isEnabled("#hint"), true);
    assert.deepEqual(await hintedPits(page), []);

    await page.click("#hint");
    await page.waitForFunction(
      () => document.getElementById("hint-text").dataset.state === "shown",
    );
    await waitIdle(page);
    const token = await page.$eval("#hint-text", (e) => e.dataset.token);
    const start = await expected(engine, "kiswahili", "startpos", []);
    assert.ok(start.legal.includes(token), `the hint ${token} is a legal move`);
    // Its start pit and direction only (A6L: pit A6, direction L), none of its line.
    const [, pit, letter] = /^([A-Ba-b]\d+)([LR])?/.exec(token);
    assert.deepEqual(await hintedPits(page), [{ pit, letter: letter ?? "" }]);
    assert.equal(await page.$$eval("svg.board .touched", (els) => els.length), 0);
    assert.match(await page.getAttribute(`svg.board [data-pit="${pit}"]`, "aria-label"), /hint/);
    assert.match(await page.textContent("#hint-text"), new RegExp(`^Hint: ${token}, `));
    // Not played: no move, the board kete's start, the player still to move.
    assert.deepEqual(await moveList(page), []);
    assert.equal(await readBoard(page), start.fen);
    assert.match(await page.textContent("#status-line"), /your move/);
    // Searched at full strength to depth 8, the preset (club) not used.
    assert.deepEqual(lastSearch(), { setup: limitOff, go: "go depth 8" });
    assert.deepEqual(await hintCount(page), { S: "1", N: "0" });
    assert.match(await page.textContent("#hint-count"), /South 1, North 0/);
    assert.equal(await page.isDisabled("#hint"), true, "one hint a position");

    // The player's move: the hint is gone; the engine answers at the preset again.
    await typeMove(page, token, 2);
    assert.deepEqual(await hintedPits(page), []);
    assert.equal(await hintState(page), "none");
    assert.deepEqual(lastSearch(), { setup: limitOn(scale[9]), go: "go depth 1" });
    assert.equal(await page.isEnabled("#hint"), true);

    // Counted in the record, which kete-match replays; kept over a reload.
    await page.click("#export");
    const text = await page.inputValue("#record");
    assert.match(text, /^\[SouthHints "1"\]$/m);
    assert.match(text, /^\[NorthHints "0"\]$/m);
    const file = path.join(tmp, `hint-${size.width}.pgn`);
    fs.writeFileSync(file, text);
    const replay = execFileSync(kMatchPath, ["--replay", file], { encoding: "utf8" });
    assert.match(replay, /1 games, every move legal/);
    await page.reload();
    await waitIdle(page);
    assert.deepEqual(await hintCount(page), { S: "1", N: "0" });
    // The record loaded again brings its count with it.
    await newPlayGame(page, { side: "S", depth: 1, clock: "", variant: "kiswahili" });
    assert.deepEqual(await hintCount(page), { S: "0", N: "0" });
    await pastePosition(page, text);
    assert.equal((await moveList(page)).length, 2);
    assert.deepEqual(await hintCount(page), { S: "1", N: "0" });
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 hint: a move or a new game cancels it; the engine's clock untouched (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await newPlayGame(page, { side: "S", depth: 1, clock: "600+5", variant: "kiswahili" });
    // The hint's search runs until the page stops it.
    fs.writeFileSync(`${log}.hold`, "go depth 8\n");
    try {
      await page.click("#hint");
      await page.waitForFunction(
        () => document.getElementById("hint-text").dataset.state === "searching",
      );
      // The page shows "searching" once it has sent the search; the engine logs it when it
      // reads it, which a loaded machine may delay.
      const heldAt = await logEndsWith("go depth 8");
      // The hint runs on the player's time: South's clock runs on, North's is untouched.
      await page.waitForFunction(
        () => Number(document.getElementById("clock-S").dataset.ms) < 600000,
      );
      assert.equal(await hintState(page), "searching");
      assert.equal(await page.$eval("#clock-S", (e) => e.classList.contains("running")), true);
      assert.equal(await page.$eval("#clock-N", (e) => e.classList.contains("running")), false);
      assert.equal(await page.getAttribute("#clock-N", "data-ms"), "600000");
      // The player moves meanwhile: the hint is stopped, nothing shown or counted.
      const { legal } = await expected(engine, "kiswahili", "startpos", []);
      await typeMove(page, legal[0], 2);
      assert.equal((await moveList(page))[0], legal[0]);
      const since = logLines().slice(heldAt);
      assert.equal(since[0], "stop", "the hint's search stopped first");
      assert.deepEqual(await hintedPits(page), []);
      assert.equal(await hintState(page), "none");
      assert.deepEqual(await hintCount(page), { S: "0", N: "0" });
      // The engine's answer on its clock, told both (its own never beyond the start).
      const go = since.find((l) => l.startsWith("go "));
      const [, wtime, btime] = /^go wtime (\d+) btime (\d+) winc 5000 binc 5000$/.exec(go);
      assert.ok(Number(btime) <= 600000 && Number(wtime) <= 605000, go);

      // A new game during a hint: the hint is dropped with the old game.
      await page.click("#hint");
      await page.waitForFunction(
        () => document.getElementById("hint-text").dataset.state === "searching",
      );
      await page.click("#new-game");
      await waitIdle(page);
      assert.deepEqual(await moveList(page), []);
      assert.equal(await hintState(page), "none");
      assert.deepEqual(await hintedPits(page), []);
      assert.deepEqual(await hintCount(page), { S: "0", N: "0" });
      assert.equal(await page.isEnabled("#hint"), true);
    } finally {
      fs.rmSync(`${log}.hold`, { force: true });
    }
    await page.selectOption("#time-control", "");
    assert.deepEqual(gui.errors, []);
  });
}
