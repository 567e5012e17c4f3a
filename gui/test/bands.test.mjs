// The players' bands above and below the board (issue #31, Broken 1): the engine named
// as a player would name it ("kete, club"), nothing in a band drawn over anything else
// at a phone's, a desktop's or a large screen's size, and no "to move" once the game is over.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  expected,
  guiSession,
  moveList,
  pastePosition,
  readBoard,
  setLimit,
  waitIdle,
} from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
  { width: 2560, height: 1440 },
];

// Each band's texts as drawn: what they say and their boxes on the screen.
function bands(page) {
  return page.$$eval("svg.board .band", (groups) =>
    groups.map((g) => ({
      side: g.dataset.side,
      text: g.textContent,
      boxes: [...g.querySelectorAll(":scope > text")].map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    })),
  );
}

function assertNoOverlap(list, where) {
  for (const band of list)
    for (let i = 0; i < band.boxes.length; ++i)
      for (let j = i + 1; j < band.boxes.length; ++j) {
        const [a, b] = [band.boxes[i], band.boxes[j]];
        const apart =
          a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        assert.ok(apart, `${where}: "${a.text}" overlaps "${b.text}"`);
      }
}

test("#31 broken 1: the engine's band says 'kete, club' and overlaps nothing, North to move", async () => {
  const { page } = gui;
  await page.click('#modes [data-mode="watch"]');
  await page.selectOption("#variant", "kiswahili");
  await page.selectOption("#preset", "club");
  await setLimit(page, "depth", 1);
  // North to move after South's first move, with both hands full: the longest bands.
  await pastePosition(page, "startpos moves A7L");
  assert.equal(await page.getAttribute("svg.board", "data-to-move"), "N");
  for (const size of kSizes) {
    await page.setViewportSize(size);
    await page.waitForFunction(
      (upright) => document.querySelector("svg.board").dataset.upright === String(upright),
      size.width < 600,
    );
    const list = await bands(page);
    assertNoOverlap(list, `${size.width}x${size.height}`);
    const north = list.find((b) => b.side === "N");
    assert.match(north.text, /kete, club/, `${size.width}: ${north.text}`);
    assert.doesNotMatch(north.text, /\d+\.\d+|pid/, `${size.width}: ${north.text}`);
    if (size.width >= 600) assert.match(north.text, /— to move/);
  }
  await page.setViewportSize({ width: 1360, height: 900 });
  assert.deepEqual(gui.errors, []);
});

// South to move in bao with one seed left in North's front row: South's capture of it
// ends the game.
const kLastSeed = "4,4,4,4,4,4,4,3/0,0,0,0,0,0,0,1/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";

async function winningMove() {
  const { legal } = await expected(engine, "bao", kLastSeed, []);
  for (const move of legal) {
    await engine.command(`position fen ${kLastSeed} moves ${move}`);
    if ((await engine.query("result")) === "p1win") return move;
  }
  throw new Error("no move of South ends the game");
}

for (const size of [kSizes[0], kSizes[1]]) {
  test(`#31 broken 1: once the game is over no band says 'to move' (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="play"]');
    await page.selectOption("#human-side", "S");
    await setLimit(page, "depth", 1);
    await page.selectOption("#variant", "bao");
    await waitIdle(page);
    await pastePosition(page, kLastSeed);
    assert.match((await bands(page)).find((b) => b.side === "S").text, /▶|to move/);
    const move = await winningMove();
    await page.fill("#move-input", move);
    await page.click('#type-move button[type="submit"]');
    await page.waitForSelector("#game-over:not([hidden])");
    await waitIdle(page);
    assert.deepEqual(await moveList(page), [move]);
    assert.equal(await readBoard(page), (await expected(engine, "bao", kLastSeed, [move])).fen);
    const list = await bands(page);
    for (const band of list) assert.doesNotMatch(band.text, /to move|▶/, band.text);
    assert.match(list.find((b) => b.side === "S").text, /wins/);
    assert.match(list.find((b) => b.side === "N").text, /kete, club/);
    assertNoOverlap(list, `${size.width}x${size.height}, game over`);
    await page.click("#game-over-close");
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
