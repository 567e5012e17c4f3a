// Exports keep who took how long (issue #31, Broken 7): a game people played move by move
// is not all "opening", and a game against the engine keeps the engine's move times. A
// person's move carries the time they took, so the times run on after the opening as the
// arena's format reads them (moves[OpeningPlies + i] took the i-th time); kete-match
// replays every export.
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
  newPlayGame,
  typeMove,
  waitIdle,
} from "./gui.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-export-"));
let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// The record exported, replayed by kete-match; its tags and each move's time (null: none).
async function exported(page, name) {
  await page.click("#export");
  const text = await page.inputValue("#record");
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  const replay = execFileSync(kMatchPath, ["--replay", file], { encoding: "utf8" });
  assert.match(replay, /1 games, every move legal/);
  const tags = Object.fromEntries(
    [...text.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]),
  );
  const words = text
    .split("\n\n")[1]
    .split(/\s+/)
    .filter((w) => w && !/^\d+\.+$/.test(w));
  const times = [];
  for (const w of words.slice(0, -1)) {
    const ms = /^\{(\d+)ms\}$/.exec(w);
    if (ms) times[times.length - 1] = Number(ms[1]);
    else times.push(null);
  }
  return { text, tags, times };
}

// The think times the page keeps with the game (what its move list shows).
const keptTimes = (page) =>
  page.$$eval("#moves li[data-token]", (items) =>
    items.map((li) => {
      const m = /(\d+) ms/.exec(li.querySelector("small")?.textContent ?? "");
      return m ? Number(m[1]) : null;
    }),
  );

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 7: people's game: no opening, a time per move (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    if ((await page.inputValue("#variant")) !== "bao") await page.selectOption("#variant", "bao");
    await page.click("#new-game");
    await waitIdle(page);
    for (let ply = 1; ply <= 4; ++ply) {
      const { legal } = await expected(engine, "bao", "startpos", await moveList(page));
      await typeMove(page, legal[0], ply);
    }
    const { tags, times } = await exported(page, `people-${size.width}.pgn`);
    assert.equal(tags.South, "human");
    assert.equal(tags.North, "human");
    assert.equal(tags.OpeningPlies, "0");
    assert.equal(times.length, 4);
    assert.ok(
      times.every((t) => Number.isInteger(t)),
      `times ${JSON.stringify(times)}`,
    );
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 broken 7: a game against the engine keeps the engine's times (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await newPlayGame(page, { side: "S", depth: 1, variant: "bao" });
    for (const plies of [2, 4]) {
      const { legal } = await expected(engine, "bao", "startpos", await moveList(page));
      await typeMove(page, legal[legal.length - 1], plies);
    }
    const kept = await keptTimes(page);
    const { tags, times } = await exported(page, `engine-${size.width}.pgn`);
    assert.equal(tags.South, "human");
    assert.match(tags.North, /^kete/);
    assert.equal(tags.OpeningPlies, "0");
    assert.equal(times.length, 4);
    // The engine's moves (North's) with the think times the page shows for them.
    assert.deepEqual([times[1], times[3]], [kept[1], kept[3]]);
    assert.ok(
      times.every((t) => Number.isInteger(t)),
      `times ${JSON.stringify(times)}`,
    );
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
