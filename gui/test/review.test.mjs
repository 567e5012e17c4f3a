// Analysis as players use it, and the texts around the board: a whole game analysed move
// by move (one graph point per position, the moves the review marks), a PV move
// previewed on the board, live progress and the evaluation bar; no stale caption, table
// or status; the move list as pairs with variations (nested); the game-over banner; kigogo's
// captured seeds; clocks the engine plays on.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";

import { markMoves } from "../dist/page/move_marks.js";
import {
  acceptDialogs,
  expected,
  guiSession,
  moveList,
  pastePosition,
  protocolLog,
  readBoard,
  waitIdle,
  writeMatchRecord,
} from "./gui.mjs";

let engine, gui, tmp, session;

guiSession(async (s) => {
  ({ engine, gui } = s);
  session = s;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-review-"));
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function mode(page, name) {
  await page.click(`#modes [data-mode="${name}"]`);
  await waitIdle(page);
}

// Analyse mode with `variant`'s rules on the pasted `position`.
async function analyse(page, variant, position) {
  await mode(page, "analyse");
  await page.selectOption("#variant", variant);
  await waitIdle(page);
  await pastePosition(page, position);
}

test("a whole game analysed: one graph point per position, the moves the review marks", async () => {
  const { page } = gui;
  const file = path.join(tmp, "bao.pgn");
  writeMatchRecord(file, { names: ["one", "two"] });
  await page.setInputFiles("#load-file", file);
  await waitIdle(page);
  const moves = await moveList(page);
  assert.equal(await page.isHidden("#graph-section"), true, "a graph before any analysis");
  await page.fill("#review-depth", "3");
  await page.click("#analyse-game");
  await page.waitForFunction(
    () => /the game analysed/.test(document.getElementById("thinking-caption").textContent),
    null,
    { timeout: 60000 },
  );
  await waitIdle(page);
  const points = await page.$$eval("#graph circle.point", (cs) =>
    cs.map((c) => ({ ply: Number(c.dataset.ply), title: c.textContent })),
  );
  assert.equal(points.length, moves.length + 1);
  assert.deepEqual(
    points.map((p) => p.ply),
    [...Array(moves.length + 1).keys()],
  );
  assert.equal(await page.getAttribute("#graph svg", "data-points"), String(moves.length + 1));
  // The marks are the review's rules (move_marks.ts, whose own cases are in
  // review_marks.test.mjs) applied to the scores the page kept for the game.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("kete-gui-game")).game);
  const { fen: start } = await expected(engine, "bao", saved.fens[0], []);
  const movers = [];
  let side = start.split(" ")[1];
  for (let i = 0; i < moves.length; ++i) {
    movers.push(side);
    side = side === "S" ? "N" : "S";
  }
  const rules = markMoves(saved.evals, movers, moves);
  const marked = await page.$$eval("#moves li[data-mark]", (lis) =>
    lis.map((li) => Number(li.dataset.ply) - 1),
  );
  assert.deepEqual(
    marked.sort((a, b) => a - b),
    [...rules.keys()].sort((a, b) => a - b),
  );
  // Clicking a point shows that position.
  await page.click(`#graph circle.point[data-ply="3"]`);
  assert.equal(await page.getAttribute("#board", "data-ply"), "3");
  await waitIdle(page);
});

test("live analysis: progress between depths, the evaluation bar, a PV move previewed, the caption after Stop", async () => {
  const { page } = gui;
  await analyse(page, "kiswahili", "startpos moves A7L a5R");
  await page.fill("#multipv", "1");
  await page.click("#analyse-start");
  await page.waitForFunction(() => document.getElementById("progress").dataset.running === "true");
  assert.match(await page.textContent("#progress"), /searching \d+\.\d s/);
  await page.waitForFunction(
    () => Number(document.querySelector("#info-summary tr.info-row")?.dataset.depth) >= 5,
    null,
    { timeout: 20000 },
  );
  await page.waitForFunction(() =>
    /depth \d+ done · [\d,]+ nodes/.test(document.getElementById("progress").textContent),
  );
  assert.equal(await page.isVisible("#eval-bar"), true);
  assert.match(await page.textContent("#eval-text"), /South's view/);
  const board = await readBoard(page);
  // Found and clicked in one step in the page: the table is redrawn at every report of
  // the running analysis, so a click aimed at a span located a moment earlier can land
  // on its successor's space (a race seen once in a CI rehearsal).
  await page.waitForFunction(() => {
    const move = document.querySelector('#info-summary tr.info-row .pv-move[data-index="1"]');
    move?.click();
    return move !== null;
  });
  await page.waitForSelector("#preview-bar", { state: "visible" });
  await waitIdle(page);
  // The line's first two moves, as they were shown when clicked, played out by kete.
  const line = /line (\S+) (\S+) \(not played\)/.exec(await page.textContent("#preview-text"));
  assert.ok(line, await page.textContent("#preview-text"));
  const { fen } = await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", line[1], line[2]]);
  assert.equal(await readBoard(page), fen);
  assert.deepEqual(await moveList(page), ["A7L", "a5R"], "the preview played nothing");
  await page.click("#preview-close");
  assert.equal(await readBoard(page), board);
  await page.click("#analyse-stop");
  await waitIdle(page);
  assert.match(await page.textContent("#thinking-caption"), /analysis stopped/);
  assert.doesNotMatch(await page.textContent("#thinking-caption"), /— analysing/);
  assert.equal(await page.textContent("#progress"), "");
});

test("the move list: pairs in two columns, Home/End, a variation kept", async () => {
  const { page } = gui;
  await mode(page, "analyse");
  await pastePosition(page, "startpos moves A7L a5R A6R a6L");
  const cells = await page.$$eval("#moves li", (lis) =>
    lis.map((li) => ({ x: li.offsetLeft, y: li.offsetTop })),
  );
  assert.equal(cells.length, 4);
  assert.ok(cells[0].x < cells[1].x && cells[0].y === cells[1].y, "South and North side by side");
  assert.ok(cells[2].x === cells[0].x && cells[2].y > cells[0].y, "the next pair below");
  await page.locator("#moves").focus();
  await page.keyboard.press("Home");
  assert.equal(await page.getAttribute("#board", "data-ply"), "0");
  await page.keyboard.press("End");
  assert.equal(await page.getAttribute("#board", "data-ply"), "4");
  // From move 2, another move: the old line is kept as a variation.
  await page.click('#moves li[data-ply="2"]');
  await waitIdle(page);
  const { legal } = await expected(engine, "kiswahili", "startpos", ["A7L", "a5R"]);
  const other = legal.find((m) => m !== "A6R");
  await page.fill("#move-input", other);
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => document.getElementById("moves").dataset.plies === "3");
  await waitIdle(page);
  assert.deepEqual(await moveList(page), ["A7L", "a5R", other]);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", other])).fen,
  );
  assert.match(await page.textContent("#variations"), /from move 2: 2\. A6R a6L/);
  await page.click("#variations [data-variation]");
  await waitIdle(page);
  assert.deepEqual(await moveList(page), ["A7L", "a5R", "A6R", "a6L"]);
  assert.match(await page.textContent("#variations"), new RegExp(`from move 2: 2\\. ${other}`));
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", "A6R", "a6L"])).fen,
  );
});

test("a variation inside a variation: kept under it, and played on its own moves", async () => {
  const { page } = gui;
  await mode(page, "analyse");
  await pastePosition(page, "startpos moves A7L a5R A6R a6L");
  const playFrom = async (ply, moves, avoid) => {
    await page.click(`#moves li[data-ply="${ply}"]`);
    await waitIdle(page);
    const { legal } = await expected(engine, "kiswahili", "startpos", moves);
    const move = legal.find((m) => m !== avoid);
    await page.fill("#move-input", move);
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(
      (n) => document.getElementById("moves").dataset.plies === String(n),
      ply + 1,
    );
    await waitIdle(page);
    return move;
  };
  // From North's second move, then from South's: the line left at North's belongs to the
  // one left at South's.
  const y = await playFrom(3, ["A7L", "a5R", "A6R"], "a6L");
  const z = await playFrom(2, ["A7L", "a5R"], "A6R");
  const shown = () =>
    page.$$eval("#variations li", (lis) =>
      lis.map(
        (li) =>
          `${li.parentElement.id === "variations" ? "" : "  "}${li.firstChild.textContent}${li.querySelector("code").textContent}`,
      ),
    );
  assert.deepEqual(await shown(), [`from move 2: 2. A6R ${y}`, "  from move 2: 2… a6L"]);
  // Straight to the inner one: the game's first line again.
  await page.click('#variations [data-variation="0.0"]');
  await waitIdle(page);
  assert.deepEqual(await moveList(page), ["A7L", "a5R", "A6R", "a6L"]);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", "A6R", "a6L"])).fen,
  );
  assert.deepEqual(await shown(), [`from move 2: 2. ${z}`, `from move 2: 2… ${y}`]);
  // And back to z's line.
  await page.click('#variations [data-variation="0"]');
  await waitIdle(page);
  assert.deepEqual(await moveList(page), ["A7L", "a5R", z]);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", ["A7L", "a5R", z])).fen,
  );
  assert.deepEqual(await shown(), [`from move 2: 2. A6R a6L`, `  from move 2: 2… ${y}`]);
  assert.deepEqual(gui.errors, []);
});

test("no stale texts: the engine table while stepping back, the status during the player's own sowing", async () => {
  const { page } = gui;
  await mode(page, "play");
  await page.check("#show-thinking");
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "2");
  await page.click("#new-game");
  await waitIdle(page);
  await page.selectOption("#speed", "120");
  await page.click('svg.board [data-pit="A6"]');
  await page.click('#picker [data-move="A6L"]');
  await page.waitForFunction(() =>
    document.getElementById("animation-state").textContent.includes("A6L"),
  );
  assert.equal(await page.textContent("#status-line"), "South sows A6L…");
  await page.selectOption("#speed", "4");
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
  await waitIdle(page);
  assert.equal(await page.getAttribute("#thinking", "data-stale"), "false");
  await page.click("#step-back");
  assert.equal(await page.getAttribute("#thinking", "data-stale"), "true");
  assert.match(
    await page.textContent("#thinking-caption"),
    /showing the position after 1\. A6L \(its analysis: [^)]*\); the table is for the position after 1… \w+/,
  );
  await page.click("#step-last");
  assert.equal(await page.getAttribute("#thinking", "data-stale"), "false");
  // The engine's output is hidden while playing unless asked for.
  await page.uncheck("#show-thinking");
  assert.equal(await page.isHidden("#thinking"), true);
});

test("the game over: a banner with a new game; kigogo's captured seeds", async () => {
  const { page } = gui;
  // The bao worked example of rules.md section 3: B7R ends the game.
  await analyse(
    page,
    "bao",
    "4,3,5,4,5,6,3,2/0,0,0,4,0,0,0,2/2,2,0,2,2,0,2,1/0,0,8,1,2,0,2,2 S moves B7R",
  );
  await page.waitForSelector("#game-over", { state: "visible" });
  assert.match(await page.textContent("#game-over-text"), /South wins \(front row emptied\)/);
  await page.click("#game-over-new");
  await waitIdle(page);
  assert.equal(await page.isHidden("#game-over"), true);
  assert.deepEqual(await moveList(page), []);
  // Kigogo: the seeds each side captured, next to its name.
  await page.selectOption("#variant", "kigogo");
  await waitIdle(page);
  await pastePosition(page, "startpos moves A1R");
  let moves = await moveList(page);
  const { legal } = await expected(engine, "kigogo", "startpos", moves);
  for (let i = 0; i < 10 && legal.length; ++i) {
    const next = (await expected(engine, "kigogo", "startpos", moves)).legal;
    if (!next.length) break;
    moves = [...moves, next[i % next.length]];
  }
  await pastePosition(page, `startpos moves ${moves.join(" ")}`);
  const captured = await page.$$eval("svg.board .band", (bands) =>
    Object.fromEntries(bands.map((b) => [b.dataset.side, Number(b.dataset.captured)])),
  );
  // What kete's positions say: each side's seeds lost on the opponent's moves.
  const seeds = (fen, side) => {
    const rows = fen
      .split(" ")[0]
      .split("/")
      .map((r) => r.split(",").map(Number));
    const sum = (rs) => rs.flat().reduce((a, b) => a + b, 0);
    return side === "N" ? sum(rows.slice(0, 2)) : sum(rows.slice(2));
  };
  const want = { S: 0, N: 0 };
  let before = (await expected(engine, "kigogo", "startpos", [])).fen;
  for (let i = 0; i < moves.length; ++i) {
    const afterFen = (await expected(engine, "kigogo", "startpos", moves.slice(0, i + 1))).fen;
    const mover = before.split(" ")[1];
    const victim = mover === "S" ? "N" : "S";
    want[mover] += seeds(before, victim) - seeds(afterFen, victim);
    before = afterFen;
  }
  assert.deepEqual(captured, want);
  assert.match(await page.textContent("svg.board"), new RegExp(`${want.S} captured`));
});

test("a strength preset and clocks: the engine plays on its clock", async () => {
  const { page } = gui;
  await mode(page, "play");
  await page.selectOption("#variant", "kiswahili");
  await page.selectOption("#preset", "beginner");
  await page.selectOption("#time-control", "60+0");
  await page.click("#new-game");
  await waitIdle(page);
  assert.equal(await page.isVisible("#clocks"), true);
  // South's clock runs: its first tick takes it below the full minute.
  await page.waitForFunction(() => Number(document.getElementById("clock-S").dataset.ms) < 60000);
  const mine = Number(await page.getAttribute("#clock-S", "data-ms"));
  assert.ok(mine < 60000 && mine > 50000, `South's clock ${mine}`);
  assert.equal(await page.getAttribute("#clock-N", "data-ms"), "60000");
  assert.ok(await page.$eval("#clock-S", (c) => c.classList.contains("running")));
  await page.click('svg.board [data-pit="A6"]');
  await page.click('#picker [data-move="A6L"]');
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
  await waitIdle(page);
  const log = await protocolLog(page);
  // The preset's strength (beginner: level 2 on kiswahili's scale, as kete's `query elo`
  // gave it), then a search on the clocks alone (strength.test.mjs checks the presets at
  // the engine's end).
  const scale = /^> query elo\nresponse ([\d ]+)$/m.exec(log)[1].split(" ");
  assert.match(
    log,
    new RegExp(
      `^> setoption name UCI_Elo value ${scale[2]}\\n(.*\\n)*> setoption name UCI_LimitStrength value true$`,
      "m",
    ),
  );
  assert.match(log, /^> go wtime \d+ btime \d+ winc 0 binc 0$/m);
  await page.selectOption("#time-control", "");
  assert.equal(await page.isHidden("#clocks"), true);
  // Sound is a setting, off by default.
  assert.equal(await page.isChecked("#sound"), false);
  assert.deepEqual(gui.errors, []);
});

test("a side whose clock runs out loses; the record says so", async () => {
  // A page of its own with a controlled clock: a minute passes at once.
  const page = await session.browser.context.newPage();
  try {
    await page.clock.install();
    acceptDialogs(page);
    await page.goto(session.server.url);
    await waitIdle(page);
    await page.click('#modes [data-mode="play"]');
    await page.selectOption("#human-side", "S");
    await page.selectOption("#variant", "kiswahili");
    await page.selectOption("#time-control", "60+0");
    await page.click("#new-game");
    await waitIdle(page);
    await page.clock.fastForward(61000);
    await page.waitForSelector("#game-over", { state: "visible" });
    assert.equal(await page.textContent("#game-over-text"), "North wins (South ran out of time).");
    assert.equal(await page.getAttribute("#clock-S", "data-ms"), "0");
    await page.click("#export");
    const record = await page.inputValue("#record");
    assert.match(record, /^\[Result "0-1"\]$/m);
    assert.match(record, /^\[Termination "time forfeit"\]$/m);
    assert.match(record, /^\[TimeControl "60\+0"\]$/m);
    // No move can be played any more.
    assert.equal(await page.$$eval("svg.board .selectable", (els) => els.length), 0);
    await page.selectOption("#time-control", "");
  } finally {
    await page.close();
  }
});
