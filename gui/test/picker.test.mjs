// The move picker on a phone (issue #31, Broken 2): sticking to the bottom of the window,
// it never lies over the pit just tapped, nor at a kujifunza question over the kichwa the
// question is about; and a tapped kichwa choice shows where it ends before a second tap
// plays it, so a finger never plays a choice blind. Tapped with a finger (hasTouch).
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, readBoard, setLimit, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(
  async (s) => {
    ({ engine, gui } = s);
  },
  { browser: { hasTouch: true } },
);

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];

// The on-screen box of a pit's cell, or of the picker.
const box = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().toJSON());
const pitBox = (page, pit) => box(page, `svg.board [data-pit="${pit}"] .hit`);

function assertClear(pit, picker, size, what) {
  const where = `${size.width}x${size.height}: ${what} ${JSON.stringify(pit)}, picker ${JSON.stringify(picker)}`;
  assert.ok(pit.top >= 0 && pit.bottom <= size.height, `${where}: the pit is out of the window`);
  assert.ok(picker.top >= 0 && picker.bottom <= size.height, `${where}: the picker is out of view`);
  assert.ok(pit.bottom <= picker.top || pit.top >= picker.bottom, `${where}: the picker covers it`);
}

// A new game of kujifunza (choose) in Play, the window scrolled to the top, as a page opens.
async function newGame(page, size) {
  await page.setViewportSize(size);
  await page.click('#modes [data-mode="play"]');
  await page.selectOption("#human-side", "S");
  await setLimit(page, "depth", 1);
  if ((await page.inputValue("#variant")) !== "kujifunza")
    await page.selectOption("#variant", "kujifunza");
  await waitIdle(page);
  await page.selectOption("#kichwa", "choose");
  await waitIdle(page);
  await page.tap("#new-game");
  await waitIdle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const size of kSizes) {
  test(`#31 broken 2: the picker leaves the pit tapped in view (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await newGame(page, size);
    // The pit that can start a move drawn lowest on the screen (the bottom row).
    const lowest = await page.$$eval("svg.board [data-pit].selectable", (pits) => {
      const bottom = (p) => p.querySelector(".hit").getBoundingClientRect().bottom;
      return pits.reduce((a, b) => (bottom(b) > bottom(a) ? b : a)).dataset.pit;
    });
    await page.tap(`svg.board [data-pit="${lowest}"]`);
    await page.waitForSelector("#picker:not([hidden]) [data-base]");
    assert.match(await page.textContent("#picker"), new RegExp(`Moves from ${lowest}`));
    assertClear(await pitBox(page, lowest), await box(page, "#picker"), size, lowest);
    await page.tap("#picker [data-cancel]");
    await page.waitForSelector("#picker", { state: "hidden" });
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 broken 2: a kichwa question shows both kichwa; a tap previews, a second plays (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await newGame(page, size);
    // A2R: its first central capture asks left (the move ends) or right (more captures).
    const { legal } = await expected(engine, "kujifunza", "startpos", [], "choose");
    assert.ok(legal.includes("A2R:L") && legal.some((t) => t.startsWith("A2R:R")));
    await page.tap('svg.board [data-pit="A2"]');
    await page.tap('#picker [data-base="A2R"]');
    await page.waitForSelector("#picker [data-kichwa]");
    await waitIdle(page);
    const picker = await box(page, "#picker");
    for (const kichwa of ["A1", "A8"])
      assertClear(await pitBox(page, kichwa), picker, size, `kichwa ${kichwa}`);
    const paused = await readBoard(page);

    // The first tap shows where the choice ends and plays nothing.
    await page.tap('#picker [data-kichwa="L"]');
    await page.waitForSelector('#picker [data-kichwa="L"][aria-pressed="true"]');
    const left = await readBoard(page);
    assert.notEqual(left, paused, "the board shows where the left kichwa ends");
    assert.deepEqual(await moveList(page), []);
    await page.tap('#picker [data-kichwa="R"]');
    await page.waitForSelector('#picker [data-kichwa="R"][aria-pressed="true"]');
    assert.equal(await page.getAttribute('#picker [data-kichwa="L"]', "aria-pressed"), "false");
    assert.notEqual(await readBoard(page), left);
    assert.deepEqual(await moveList(page), []);

    // The left one tapped twice: played.
    await page.tap('#picker [data-kichwa="L"]');
    await page.waitForSelector('#picker [data-kichwa="L"][aria-pressed="true"]');
    assert.deepEqual(await moveList(page), []);
    await page.tap('#picker [data-kichwa="L"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
    await waitIdle(page);
    const moves = await moveList(page);
    assert.equal(moves[0], "A2R:L");
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kujifunza", "startpos", moves, "choose")).fen,
    );
    assert.deepEqual(gui.errors, []);
  });
}
