// Kujifunza under KichwaRule choose: the player picks a direction, the sowing pauses at
// each central capture and asks which kichwa the seeds enter (with a preview of where
// each choice ends), and the move played is the engine's token for those choices.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, readBoard, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
  const { page } = s.gui;
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "1");
  await page.selectOption("#variant", "kujifunza");
  await waitIdle(page);
  await page.selectOption("#kichwa", "choose");
  await waitIdle(page);
});

const question = (page) => page.waitForSelector("#picker [data-kichwa]");
const letters = (page) =>
  page.$$eval("#picker [data-kichwa]", (bs) => bs.map((b) => b.dataset.kichwa));

// Plays `token` (a legal move with kichwa letters) by answering each question; returns
// the questions' option lists.
async function playByQuestions(page, token) {
  const [base, choices] = token.split(":");
  await page.click(`svg.board [data-pit="${base.slice(0, -1)}"]`);
  await page.click(`#picker [data-base="${base}"]`);
  const asked = [];
  for (const letter of choices) {
    await question(page);
    assert.match(await page.textContent("#status-line"), /choose the kichwa/);
    asked.push(await letters(page));
    await page.click(`#picker [data-kichwa="${letter}"]`);
  }
  return asked;
}

test("the sowing pauses at each central capture; the move is the engine's token", async () => {
  const { page } = gui;
  await page.click("#new-game");
  await waitIdle(page);
  const { legal } = await expected(engine, "kujifunza", "startpos", [], "choose");
  const withChoices = legal.filter((t) => t.includes(":")).sort((a, b) => b.length - a.length);
  assert.ok(withChoices.length > 0);
  // The move with the most central captures, answered as its token says.
  const token = withChoices[0];
  const asked = await playByQuestions(page, token);
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 1);
  await waitIdle(page);
  const moves = await moveList(page);
  assert.equal(moves[0], token);
  // Asked once per central capture, each time offering the choices some legal move takes.
  assert.equal(asked.length, token.split(":")[1].length);
  asked.forEach((options, i) => {
    const prefix = token.split(":")[1].slice(0, i);
    const possible = [
      ...new Set(
        legal
          .filter((t) => t.startsWith(`${token.split(":")[0]}:${prefix}`))
          .map((t) => t.split(":")[1][i]),
      ),
    ];
    assert.deepEqual(options.sort(), possible.sort(), `question ${i + 1}`);
  });
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kujifunza", "startpos", moves, "choose")).fen,
  );
  assert.equal(await page.evaluate(() => document.body.dataset.animMismatched ?? "0"), "0");
});

test("a choice previews where it ends; cancel leaves the game as it was", async () => {
  const { page } = gui;
  await page.click("#new-game");
  await waitIdle(page);
  const { legal, fen } = await expected(engine, "kujifunza", "startpos", [], "choose");
  const token = legal.find((t) => t.includes(":"));
  const base = token.split(":")[0];
  await page.click(`svg.board [data-pit="${base.slice(0, -1)}"]`);
  await page.click(`#picker [data-base="${base}"]`);
  await question(page);
  await page.hover("#status-line"); // the pointer off the choices: no preview
  const paused = await readBoard(page);
  assert.notEqual(paused, fen, "the board at the capture is not the start");
  const options = await letters(page);
  const previews = [];
  for (const letter of options) {
    await page.hover(`#picker [data-kichwa="${letter}"]`);
    previews.push(await readBoard(page));
    assert.match(
      await page.textContent(`#picker [data-kichwa="${letter}"]`),
      /\d+ more seeds? captured/,
    );
  }
  if (options.length === 2) assert.notEqual(previews[0], previews[1]);
  await page.hover("#status-line");
  assert.equal(await readBoard(page), paused);
  await page.click("#picker [data-cancel]");
  await waitIdle(page);
  assert.equal(await page.isHidden("#picker"), true);
  assert.equal(await readBoard(page), fen);
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(gui.errors, []);
});
