// Why not (issue #31): a pit clicked that cannot start a move, or a typed move that is not
// legal, is answered in words beside the board (#why-not, an aria-live region), from the
// engine's `query why`: seven kinds of reason in kiswahili, kujifunza and kigogo, on a
// phone and on a desktop. Each expected sentence is what rules.md says of the start
// position: the nyumba A5 with A6 and A7 occupied (6.2), B3 empty, a5 North's, a capture
// compulsory at kujifunza's start where B4L ends in the back row (5), kigogo's fixed
// direction and its empty A1 (4), and a token naming no pit.
import assert from "node:assert/strict";
import { test } from "node:test";

import { guiSession, newPlayGame, waitIdle } from "./gui.mjs";

let gui;

guiSession(async (s) => {
  ({ gui } = s);
});

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];

const plies = (page) => page.$eval("#moves", (list) => Number(list.dataset.plies ?? 0));

// The reason shown after `act`, which must be a new one: the region is emptied first.
async function reason(page, act) {
  await page.evaluate(() => (document.getElementById("why-not").textContent = ""));
  await act();
  await page.waitForFunction(() => document.getElementById("why-not").textContent !== "");
  await waitIdle(page);
  return page.textContent("#why-not");
}

const click = (page, pit) => () => page.click(`svg.board [data-pit="${pit}"]`);
const type = (page, token) => async () => {
  await page.fill("#move-input", token);
  await page.click('#type-move button[type="submit"]');
};

for (const size of kSizes) {
  test(`#31 why not: reasons in words for pits and typed moves (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    assert.equal(await page.getAttribute("#why-not", "aria-live"), "polite");

    await newPlayGame(page, { variant: "kiswahili", depth: 1 });
    assert.equal(
      await reason(page, click(page, "A5")),
      "Not a move: your nyumba (A5) may start a takasa only when it is the only occupied pit of your front row.",
    );
    assert.equal(await reason(page, click(page, "B3")), "Not a move: B3 is empty.");
    assert.equal(
      await reason(page, click(page, "a5")),
      "Not a move: a5 is North's pit: you play South, from A1..A8 and B1..B8.",
    );
    // a6's tokens are South's legal A6L and A6R ignoring case: the page names the owner.
    assert.equal(await reason(page, click(page, "a6")), "Not a move: a6 is North's pit.");
    assert.equal(
      await reason(page, type(page, "Z9")),
      "Not a move: 'Z9' names no pit: the pits are A1..A8 and B1..B8 (North: a1..a8 and b1..b8).",
    );
    assert.equal(await page.inputValue("#move-input"), "Z9"); // kept, to be corrected
    // A pit that starts a move opens the picker and clears the reason.
    await page.click('svg.board [data-pit="A6"]');
    await page.waitForSelector("#picker:not([hidden]) [data-move]");
    assert.equal(await page.textContent("#why-not"), "");
    await page.click("#picker [data-cancel]");
    assert.equal(await plies(page), 0);

    await newPlayGame(page, { variant: "kujifunza", depth: 1 });
    assert.equal(
      await reason(page, type(page, "B4L")),
      "Not a move: a capture is possible, so you must capture.",
    );

    await newPlayGame(page, { variant: "kigogo", depth: 1 });
    assert.equal(
      await reason(page, type(page, "A5L")),
      "Not a move: in kigogo the seeds always go anticlockwise: name the pit alone, as in A5.",
    );
    assert.equal(await reason(page, click(page, "A1")), "Not a move: A1 is empty.");
    // The reason lies beside the board, in view.
    const box = await page.$eval("#why-not", (e) => e.getBoundingClientRect().toJSON());
    assert.ok(box.height > 0 && box.width > 0, JSON.stringify(box));
    // A legal move played clears it.
    await page.fill("#move-input", "A5");
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 1);
    assert.equal(await page.textContent("#why-not"), "");
    assert.deepEqual(gui.errors, []);
  });
}
