// For players who do not see the board well (issue #31, Broken 9): a screen reader hears
// the engine's move in words (a live region), and the pits' names and counts are big
// enough to read on a phone, kigogo's 4x12 board included.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expected, guiSession, moveList, newPlayGame, readBoard, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];

for (const size of kSizes) {
  test(`#31 broken 9: the engine's move is announced in words (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.selectOption("#preset", "club");
    await newPlayGame(page, { side: "S", depth: 1, variant: "kiswahili" });
    await page.fill("#move-input", "A6L");
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
    await waitIdle(page);
    const moves = await moveList(page);
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kiswahili", "startpos", moves)).fen,
    );
    const region = page.locator("#move-announcer");
    assert.equal(await region.getAttribute("aria-live"), "polite");
    const pit = /^[ab]\d+/.exec(moves[1])[0];
    const said = await region.textContent();
    assert.match(
      said,
      new RegExp(
        `^North \\(kete, club\\) played ${moves[1].replace("+", "\\+")}: pit ${pit}, (left|right)[^;]*; (captured \\d+ seeds?|no capture)\\. Your move\\.$`,
      ),
    );
    // In the accessibility tree, where a screen reader reads it.
    assert.ok((await region.ariaSnapshot()).includes(`played ${moves[1]}`));
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 broken 9: pit names at least 12 px, counts 14 px, every variant (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    for (const variant of ["kigogo", "bao", "kiswahili", "kujifunza"]) {
      if ((await page.inputValue("#variant")) !== variant)
        await page.selectOption("#variant", variant);
      await waitIdle(page);
      await page.waitForFunction(
        (v) => document.querySelector("svg.board").dataset.variant === v,
        variant,
      );
      // The font size in the drawing times the drawing's scale on the screen.
      const sizes = await page.evaluate(() => {
        const svg = document.querySelector("svg.board");
        const scale = svg.getScreenCTM().a;
        const px = (selector) =>
          Math.min(
            ...[...svg.querySelectorAll(selector)].map(
              (t) => parseFloat(getComputedStyle(t).fontSize) * scale,
            ),
          );
        return { name: px(".pit .name"), count: px(".pit .count"), pits: svg.dataset.width };
      });
      assert.ok(sizes.name >= 12, `${variant}: pit names ${sizes.name.toFixed(1)} px`);
      assert.ok(sizes.count >= 14, `${variant}: counts ${sizes.count.toFixed(1)} px`);
    }
    await page.click('#modes [data-mode="play"]');
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
