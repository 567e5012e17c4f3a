// The engine's analysis on a phone (issue #31, Broken 3): the table of lines never
// scrolls sideways in its box, each line's PV wraps as text in a row a few lines tall
// (not one move per line, rows 300 px tall), and the evaluation bar's label is whole.
import assert from "node:assert/strict";
import { test } from "node:test";

import { guiSession, waitIdle } from "./gui.mjs";

let gui;

guiSession(async (s) => {
  ({ gui } = s);
});

// The rows of a table as drawn: their height and the on-screen top of each PV move.
function rows(page, selector) {
  return page.$$eval(`${selector} tr.info-row`, (trs) =>
    trs.map((tr) => ({
      height: tr.getBoundingClientRect().height,
      tops: [...tr.querySelectorAll(".pv-move")].map((m) =>
        Math.round(m.getBoundingClientRect().top),
      ),
      lineHeight: parseFloat(getComputedStyle(tr.querySelector("td.pv")).lineHeight) || 20,
    })),
  );
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 3: the analysis wraps its PVs, no sideways scroll, the eval label whole (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    if ((await page.inputValue("#variant")) !== "kiswahili")
      await page.selectOption("#variant", "kiswahili");
    await page.fill("#multipv", "3");
    await page.click("#new-game");
    await waitIdle(page);
    await page.click("#analyse-start");
    // Three lines whose PVs are long enough to wrap on a phone.
    await page.waitForFunction(() => {
      const trs = [...document.querySelectorAll("#info-summary tr.info-row")];
      return trs.length === 3 && trs.every((tr) => tr.querySelectorAll(".pv-move").length >= 8);
    });
    await page.click("#analyse-stop");
    await waitIdle(page);

    for (const selector of ["#info-summary", "#info-history"]) {
      const scroll = await page.$eval(selector, (e) => [e.scrollWidth, e.clientWidth]);
      assert.ok(scroll[0] <= scroll[1], `${selector} scrolls sideways: ${scroll}`);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= size.width, `the page is ${width} px wide`);
    for (const row of await rows(page, "#info-summary")) {
      const lines = new Set(row.tops).size;
      assert.equal(row.tops[0], row.tops[1], "the PV's first two moves are on one line");
      assert.ok(
        lines <= Math.ceil(row.tops.length / 3),
        `${row.tops.length} moves, ${lines} lines`,
      );
      // The numbers and the PV: a few lines, not one per move.
      assert.ok(
        row.height <= (lines + 2.5) * row.lineHeight,
        `a row ${row.height} px tall for ${lines} lines of PV`,
      );
    }

    const bar = await page.$eval("#eval-bar", (e) => e.getBoundingClientRect().toJSON());
    const label = await page.$eval("#eval-text", (e) => ({
      ...e.getBoundingClientRect().toJSON(),
      text: e.textContent,
      clipped: e.scrollWidth > e.clientWidth,
    }));
    assert.match(label.text, /^([-+]?\d+\.\d\d|[-+]?#-?\d+) \(South's view, depth \d+\)$/);
    assert.ok(
      !label.clipped &&
        label.left >= bar.left &&
        label.right <= bar.right &&
        label.top >= bar.top &&
        label.bottom <= bar.bottom,
      `the label ${JSON.stringify(label)} is cut by the bar ${JSON.stringify(bar)}`,
    );
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
