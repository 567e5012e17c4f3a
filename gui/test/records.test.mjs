// What a person pastes and loads, and what is kept: a multi-line record is read by the
// page and loaded as a game (never sent to the engine as lines); a line break in a
// position string never reaches the engine; a refused moves list applies nothing; the
// records kete-match writes load, step through and replay; exports name the players;
// a reload keeps the game and the settings; changing the variant asks first.
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
  pastePosition,
  protocolLog,
  readBoard,
  waitIdle,
  writeMatchRecord,
} from "./gui.mjs";

let engine, gui, tmp;

guiSession(async (s) => {
  ({ engine, gui } = s);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-records-"));
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const pid = (page) => page.getAttribute("#engine-status", "data-pid").then(Number);
// Every line the page sent to the engine (the protocol log).
const sentLines = async (page) =>
  (await protocolLog(page))
    .split("\n")
    .filter((l) => l.startsWith("> "))
    .map((l) => l.slice(2));
const errorTexts = (page) =>
  page.$$eval("#errors li span", (spans) => spans.map((s) => s.textContent));
const clearErrors = (page) =>
  page.evaluate(() => (document.getElementById("errors").innerHTML = ""));

// The board at every ply of the game shown, stepping with the keyboard (Home, →).
async function stepThrough(page, variant, start, moves, kichwa = "choose") {
  await page.locator("#moves").focus();
  await page.keyboard.press("Home");
  for (let ply = 0; ply <= moves.length; ++ply) {
    assert.equal(await page.getAttribute("#board", "data-ply"), String(ply));
    const { fen } = await expected(engine, variant, start, moves.slice(0, ply), kichwa);
    assert.equal(await readBoard(page), fen, `${variant} after ${ply} plies`);
    if (ply < moves.length) await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("End");
}

test("a pasted multi-line record is loaded as a game, never sent as lines", async () => {
  const { page } = gui;
  const record = [
    '[Event "kete-gui"]',
    '[South "Asha"]',
    '[North "Baraka"]',
    '[Variant "bao"]',
    '[KichwaRule "choose"]',
    '[Start "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"]',
    '[Result "*"]',
    "",
    "1. A5R a3R 2. A1R {12ms} b1L {7ms}",
    "3. B6L *",
    "",
  ].join("\n");
  const before = await pid(page);
  await clearErrors(page);
  await pastePosition(page, record);
  const moves = ["A5R", "a3R", "A1R", "b1L", "B6L"];
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(await errorTexts(page), []);
  assert.equal(await pid(page), before, "the engine was restarted or killed");
  // Loaded in analyse mode at its start, the names from the record.
  assert.equal(await page.getAttribute("body", "data-mode"), "analyse");
  assert.match(await page.textContent("svg.board"), /Asha/);
  await stepThrough(
    page,
    "bao",
    "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
    moves,
  );
  // Nothing of the text went to the engine as it was: only the page's own commands.
  for (const line of await sentLines(page)) {
    assert.doesNotMatch(line, /\[|\{|\*|Event|Asha/, `sent: ${line}`);
    assert.match(
      line,
      /^(uci|isready|ucinewgame|stop|setoption name \w+ value \w+|query \w+|position (startpos|fen [0-9,/ SNHhab-]+)( moves( \S+)+)?|go .*)$/,
      `sent: ${line}`,
    );
  }
});

test("a line break or a command in the position box never reaches the engine", async () => {
  const { page } = gui;
  await page.click('#modes [data-mode="analyse"]');
  await waitIdle(page);
  const board = await readBoard(page);
  const moves = await moveList(page);
  const before = await pid(page);
  for (const text of [
    "startpos\nquit",
    "startpos quit",
    "startpos moves A1L\nsetoption name Hash value 1",
    "0,0/0,0 S\rquit",
  ]) {
    await clearErrors(page);
    await pastePosition(page, text);
    const errors = await errorTexts(page);
    assert.equal(errors.length, 1, `${JSON.stringify(text)}: ${errors}`);
    assert.match(errors[0], /^position box: /);
    assert.equal(await readBoard(page), board);
    assert.deepEqual(await moveList(page), moves);
  }
  assert.equal(await pid(page), before);
  assert.equal(await page.getAttribute("body", "data-engine"), "ready");
  assert.ok(!(await sentLines(page)).some((l) => /quit|Hash/.test(l)));
});

test("a refused moves list applies nothing", async () => {
  const { page } = gui;
  await page.selectOption("#variant", "kiswahili");
  await waitIdle(page);
  await pastePosition(page, "startpos moves A7L a5R");
  const board = await readBoard(page);
  await clearErrors(page);
  // The third move is illegal: not even the first two are applied on top of the game.
  await pastePosition(page, "startpos moves A6L a6L A1L");
  assert.deepEqual(await errorTexts(page), ["error: position: illegal move 'A1L'"]);
  assert.deepEqual(await moveList(page), ["A7L", "a5R"]);
  assert.equal(await readBoard(page), board);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", ["A7L", "a5R"])).fen,
  );
});

test("a record file written by kete-match loads, steps through and replays", async () => {
  const { page } = gui;
  const file = path.join(tmp, "match.pgn");
  writeMatchRecord(file, { variant: "kujifunza", nodes: 300 });
  const text = fs.readFileSync(file, "utf8");
  const games = text.split(/\n(?=\[Event )/);
  assert.equal(games.length, 2);
  const tags = (g) =>
    Object.fromEntries([...g.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
  await page.setInputFiles("#load-file", file);
  await waitIdle(page);
  // Both games offered; the first one loaded.
  assert.equal(await page.$$eval("#record-game option", (o) => o.length), 2);
  assert.equal(await page.getAttribute("svg.board", "data-variant"), "kujifunza");
  for (const [index, game] of games.entries()) {
    if (index > 0) {
      await page.selectOption("#record-game", String(index));
      await waitIdle(page);
    }
    const t = tags(game);
    const moves = await moveList(page);
    assert.equal(moves.length, Number(t.Plies));
    assert.match(await page.textContent("svg.board"), new RegExp(t.South));
    await stepThrough(page, "kujifunza", t.Start, moves);
    // The engine times came with it.
    assert.ok((await page.$$eval("#moves small", (s) => s.length)) > 0);
  }
  // Exported again, it replays.
  await page.click("#export");
  const exported = path.join(tmp, "again.pgn");
  fs.writeFileSync(exported, await page.inputValue("#record"));
  assert.match(
    execFileSync(kMatchPath, ["--replay", exported], { encoding: "utf8" }),
    /1 games, every move legal/,
  );
  const t = tags(await page.inputValue("#record"));
  const second = tags(games[1]);
  assert.equal(t.South, second.South);
  assert.equal(t.North, second.North);
});

test("a human game exported from Play names the human and the engine", async () => {
  const { page } = gui;
  await newPlayGame(page, { side: "N", depth: 2, variant: "bao" });
  // The engine (South) opened; North plays.
  const legal = (await expected(engine, "bao", "startpos", await moveList(page))).legal;
  await page.fill("#move-input", legal[0]);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 3);
  await waitIdle(page);
  await page.click("#export");
  const record = await page.inputValue("#record");
  assert.match(record, /^\[South "kete[^"]*"\]$/m);
  assert.match(record, /^\[North "human"\]$/m);
  // From Watch too: who played is kept with the moves, not read from the mode.
  await page.click('#modes [data-mode="watch"]');
  await waitIdle(page);
  await page.click("#export");
  assert.match(await page.inputValue("#record"), /^\[North "human"\]$/m);
  await page.click('#modes [data-mode="play"]');
  await page.selectOption("#human-side", "S");
});

test("a reload keeps the game and the settings", async () => {
  const { page } = gui;
  await page.click('#modes [data-mode="analyse"]');
  await page.selectOption("#variant", "kiswahili");
  await waitIdle(page);
  await pastePosition(page, "startpos moves A7L a5R A6R");
  await page.fill("#multipv", "2");
  await page.selectOption("#speed", "12");
  await page.click("#step-back");
  const moves = await moveList(page);
  const board = await readBoard(page);
  await page.reload();
  await waitIdle(page);
  await page.waitForSelector("svg.board [data-pit]");
  assert.deepEqual(await moveList(page), moves);
  assert.equal(await page.getAttribute("body", "data-mode"), "analyse");
  assert.equal(await page.inputValue("#variant"), "kiswahili");
  assert.equal(await page.inputValue("#multipv"), "2");
  assert.equal(await page.inputValue("#speed"), "12");
  await page.click("#step-last");
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", "startpos", moves)).fen);
  assert.notEqual(await readBoard(page), board);
  // And the engine is on it: a move plays on from there.
  const { legal } = await expected(engine, "kiswahili", "startpos", moves);
  await page.fill("#move-input", legal[0]);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(
    (n) => Number(document.getElementById("moves").dataset.plies) === n,
    moves.length + 1,
  );
  await waitIdle(page);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", [...moves, legal[0]])).fen,
  );
});

test("changing the variant asks before it throws the game away", async () => {
  const { page } = gui;
  const moves = await moveList(page);
  assert.ok(moves.length > 0);
  page.dialogs.length = 0;
  page.dialogAnswer = false;
  await page.selectOption("#variant", "bao");
  await waitIdle(page);
  page.dialogAnswer = undefined;
  assert.equal(page.dialogs.length, 1);
  assert.match(page.dialogs[0], /leave this one/);
  assert.equal(await page.inputValue("#variant"), "kiswahili");
  assert.deepEqual(await moveList(page), moves);
  await page.selectOption("#variant", "bao");
  await waitIdle(page);
  assert.equal(page.dialogs.length, 2);
  assert.equal(await page.getAttribute("svg.board", "data-variant"), "bao");
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(gui.errors, []);
});
