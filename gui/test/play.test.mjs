// Playing kete in every variant: only kete's legal moves are offered, and after every
// move (the player's and the engine's) the drawn board is kete's `query fen`.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  acceptDialogs,
  expected,
  guiSession,
  launchBrowser,
  moveList,
  readBoard,
  waitIdle,
} from "./gui.mjs";

let engine, gui;

const session = guiSession(async (s) => {
  ({ engine, gui } = s);
});

const pitOf = (token) => /^[ABab]\d+/.exec(token)[0];

async function newGame(page, variant, human, kichwa = "choose") {
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "2");
  await page.selectOption("#human-side", human);
  await page.selectOption("#variant", variant);
  if (variant === "kujifunza") await page.selectOption("#kichwa", kichwa);
  await page.click("#new-game");
  await waitIdle(page);
  assert.equal(await page.getAttribute("svg.board", "data-variant"), variant);
}

// The board at every ply of the game, by stepping through the move list.
async function checkEveryPly(page, variant, kichwa) {
  const moves = await moveList(page);
  for (let ply = 0; ply <= moves.length; ++ply) {
    await page.click(ply === 0 ? "#step-first" : `#moves li[data-ply="${ply}"]`);
    const { fen } = await expected(engine, variant, "startpos", moves.slice(0, ply), kichwa);
    assert.equal(
      await readBoard(page),
      fen,
      `${variant} after ${moves.slice(0, ply).join(" ") || "no move"}`,
    );
  }
  await page.click("#step-last");
}

async function playTurns(variant, human, turns, kichwa = "choose") {
  const { page, errors } = gui;
  await newGame(page, variant, human, kichwa);
  let played = 0;
  for (let turn = 0; turn < turns; ++turn) {
    const moves = await moveList(page);
    const { fen, legal } = await expected(engine, variant, "startpos", moves, kichwa);
    assert.equal(await readBoard(page), fen, `${variant} after ${moves.join(" ")}`);
    if (legal.length === 0) break;
    // The pits offered are exactly the start pits of kete's legal moves.
    const offered = (
      await page.$$eval("svg.board .pit.selectable", (els) => els.map((e) => e.dataset.pit))
    ).sort();
    assert.deepEqual(
      offered,
      [...new Set(legal.map(pitOf))].sort(),
      `${variant}: pits offered after ${moves.join(" ")}`,
    );
    const pit = offered[(turn * 3) % offered.length];
    const fromPit = legal.filter((m) => pitOf(m) === pit).sort();
    await page.click(`svg.board [data-pit="${pit}"]`);
    // Kujifunza (choose): a direction first, then each central capture's kichwa as the
    // sowing reaches it (kichwa.test.mjs checks the questions).
    const choices = (
      await page.$$eval("#picker [data-move], #picker [data-base]", (els) =>
        els.map((e) => e.dataset.move ?? e.dataset.base),
      )
    ).sort();
    assert.deepEqual(
      choices,
      [...new Set(fromPit.map((m) => m.split(":")[0]))].sort(),
      `${variant}: choices of ${pit}`,
    );
    const last = choices[choices.length - 1];
    await page.click(`#picker [data-move="${last}"], #picker [data-base="${last}"]`);
    for (;;) {
      const question = await page.waitForSelector(
        '#picker [data-kichwa], #moves[data-plies]:not([data-plies="' + moves.length + '"])',
      );
      if (!(await question.getAttribute("data-kichwa"))) break;
      await page.locator("#picker [data-kichwa]").last().click();
    }
    // The player's move, then the engine's answer unless the game ended.
    await page.waitForFunction(
      (n) => Number(document.getElementById("moves").dataset.plies) >= n,
      moves.length + 1,
    );
    await waitIdle(page);
    ++played;
  }
  const moves = await moveList(page);
  const { fen } = await expected(engine, variant, "startpos", moves, kichwa);
  assert.equal(await readBoard(page), fen);
  await checkEveryPly(page, variant, kichwa);
  assert.deepEqual(errors, []);
  assert.ok(played >= 1, "no move played");
  return moves;
}

test("bao: play three moves against kete at depth 2", async () => {
  const moves = await playTurns("bao", "S", 3);
  assert.ok(moves.length >= 6, `only ${moves.length} plies`);
});

test("kigogo (4x12): play North against kete, which opens", async () => {
  const moves = await playTurns("kigogo", "N", 3);
  assert.ok(moves.length >= 6, `only ${moves.length} plies`);
  assert.equal(await gui.page.$$eval("svg.board [data-pit]", (els) => els.length), 48);
});

test("kiswahili: namua moves with hands and houses", async () => {
  const moves = await playTurns("kiswahili", "S", 4);
  assert.ok(moves.length >= 8, `only ${moves.length} plies`);
  assert.equal(await gui.page.$$eval("svg.board [data-house]", (els) => els.length), 2);
});

test("kujifunza: kichwa choices under choose, and the follow rule", async () => {
  await playTurns("kujifunza", "S", 3, "choose");
  await playTurns("kujifunza", "S", 3, "follow");
});

test("every sowing was animated and ended on kete's board", async () => {
  const data = await gui.page.evaluate(() => ({ ...document.body.dataset }));
  assert.ok(Number(data.animPlayed) >= 20, `only ${data.animPlayed} animations`);
  assert.equal(data.animMismatched ?? "0", "0");
});

test("a move typed as a token is matched case-insensitively", async () => {
  const { page } = gui;
  await newGame(page, "kiswahili", "S");
  await page.fill("#move-input", "a6l");
  await page.click('#type-move button[type="submit"]');
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
  await waitIdle(page);
  const moves = await moveList(page);
  assert.equal(moves[0], "A6L");
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", "startpos", moves)).fen);
});

// The sowing's time stands still (a page of its own, in a browser of its own: the clock
// is the browser context's), so the sowing ends by the skip or not at all: after the
// skip, one frame's time ends it, where without the skip it draws the next frame.
test("a slow sowing can be skipped", async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.clock.install();
    acceptDialogs(page);
    await page.goto(session.server.url);
    await waitIdle(page);
    await newGame(page, "bao", "S");
    await page.selectOption("#speed", "120");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.click('svg.board [data-pit="A1"]');
    await page.click('#picker [data-move="A1R"]');
    const sowing = page.locator("#animation-state", { hasText: "sowing A1R" });
    await sowing.waitFor();
    await page.click("#skip");
    await page.clock.runFor(120); // the slow speed's frame (24 frames fit the 3 s budget)
    await sowing.waitFor({ state: "detached" });
    await page.clock.resume();
    await page.selectOption("#speed", "4");
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
    await waitIdle(page);
    const moves = await moveList(page);
    assert.equal(moves[0], "A1R");
    assert.equal(await readBoard(page), (await expected(engine, "bao", "startpos", moves)).fen);
  } finally {
    await browser.close();
  }
});
