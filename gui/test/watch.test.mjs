// Engine against engine: a game to its end and a game paused midway, each stepped
// through and exported in the arena's record format, which `kete-match --replay` must
// read back (every move legal, the result the referee's).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";

import {
  expected,
  guiSession,
  kMatchPath,
  moveList,
  pastePosition,
  readBoard,
  waitIdle,
} from "./gui.mjs";

let engine, gui, tmp;

guiSession(async (s) => {
  ({ engine, gui } = s);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-watch-"));
  await gui.page.click('#modes [data-mode="watch"]');
  await waitIdle(gui.page);
});

after(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function exportRecord(page, name) {
  await page.click("#export");
  const text = await page.inputValue("#record");
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  const replay = execFileSync(kMatchPath, ["--replay", file], { encoding: "utf8" });
  assert.match(replay, /1 games, every move legal/);
  return text;
}

const tags = (text) =>
  Object.fromEntries([...text.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));

test("kujifunza, engine against engine to the end; stepped through; exported", async () => {
  const { page } = gui;
  await page.selectOption("#variant", "kujifunza");
  await page.selectOption("#kichwa", "follow");
  await waitIdle(page);
  await page.selectOption("#limit-kind", "nodes");
  await page.fill("#limit-value", "300");
  // Sowing not animated: a whole game at full speed.
  await page.uncheck("#animate");
  const skippedBefore = Number(await page.evaluate(() => document.body.dataset.animSkipped ?? 0));
  await page.click("#watch-start");
  await page.waitForFunction(
    () => /wins|Draw/.test(document.getElementById("status-line").textContent),
    null,
    {
      timeout: 60000,
    },
  );
  await waitIdle(page);
  // The game is over: the engines stopped, and can be started again.
  assert.equal(await page.isDisabled("#watch-start"), false);
  assert.equal(await page.isDisabled("#watch-pause"), true);
  const moves = await moveList(page);
  assert.ok(moves.length >= 2);
  const skipped = Number(await page.evaluate(() => document.body.dataset.animSkipped));
  assert.equal(skipped - skippedBefore, moves.length);
  await page.check("#animate");
  const { fen } = await expected(engine, "kujifunza", "startpos", moves, "follow");
  assert.equal(await readBoard(page), fen);
  const result = await engine.query("result");
  // Step back through the last plies, to the start, and forward again.
  for (let ply = moves.length - 1; ply >= Math.max(0, moves.length - 8); --ply) {
    await page.click("#step-back");
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kujifunza", "startpos", moves.slice(0, ply), "follow")).fen,
    );
  }
  await page.click("#step-first");
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kujifunza", "startpos", [], "follow")).fen,
  );
  await page.click("#step-forward");
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kujifunza", "startpos", moves.slice(0, 1), "follow")).fen,
  );
  await page.click("#step-last");
  const record = await exportRecord(page, "kujifunza.pgn");
  const t = tags(record);
  assert.equal(t.Variant, "kujifunza");
  assert.equal(t.KichwaRule, "follow");
  assert.equal(t.TimeControl, "nodes=300");
  assert.equal(t.Result, { p1win: "1-0", p2win: "0-1", draw: "1/2-1/2" }[result]);
  assert.equal(t.Termination, "rules");
  assert.equal(t.Plies, String(moves.length));
  assert.match(record, /\{\d+ms\}/);
});

test("kiswahili from a position: watch, pause, export the unfinished game", async () => {
  const { page } = gui;
  await page.selectOption("#variant", "kiswahili");
  await waitIdle(page);
  const start = "0,0,0,0,0,0,0,0/1,2,2,7,0,0,0,0/0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0 S 21,21 Hh -";
  await pastePosition(page, start);
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "3");
  await page.click("#watch-start");
  await page.waitForFunction(
    () => Number(document.getElementById("moves").dataset.plies) >= 6,
    null,
    { timeout: 60000 },
  );
  await page.click("#watch-pause");
  // Paused: the engines no longer play (Engines play can be pressed again) and nothing
  // runs. Idle means every task is over (session.ts), the one that played the moves
  // included: it has had the bestmove of any search the pause stopped. Only a task plays
  // a move, so the moves read now are all there will be.
  await page.waitForFunction(
    () =>
      !document.getElementById("watch-start").disabled &&
      document.getElementById("watch-pause").disabled,
  );
  await waitIdle(page);
  const moves = await moveList(page);
  const { fen } = await expected(engine, "kiswahili", start, moves);
  assert.equal(await readBoard(page), fen);
  const record = await exportRecord(page, "kiswahili.pgn");
  const t = tags(record);
  assert.equal(t.Start, start);
  assert.equal(t.Result, "*");
  assert.equal(t.Termination, "aborted");
  assert.equal(t.TimeControl, "depth=3");
  assert.equal(t.Plies, String(moves.length));
  assert.match(record, new RegExp(`^1\\. ${moves[0]} \\{\\d+ms\\} ${moves[1]} \\{\\d+ms\\}`, "m"));
  assert.deepEqual(await moveList(page), moves, "a move came after the pause");
  assert.deepEqual(gui.errors, []);
});
