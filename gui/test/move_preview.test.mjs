// What a move does, said before it is played (issue #31, Teach): each choice of the move
// picker says in words what its sowing does, and a sowing can be stepped through seed by
// seed with the seeds still in hand. Every expected sentence and hand count is worked out
// by hand from docs/rules.md on the position named beside it (the seeds not in play are
// parked in North's back row, which no South move here touches, so that each position
// has its variant's 64 or 92 seeds). At 390x844 and 1400x1000.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  expected,
  guiSession,
  moveList,
  newPlayGame,
  pastePosition,
  readBoard,
  setAnalysePosition,
  waitIdle,
} from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];

// Bao: A2R sows A3, A4, A5 (3 seeds); A5 held 1 and faces an empty a4: relay, its 2 seeds
// to A6 and A7; A7 held 1 and faces a2's 3: eat, A7's 2 and a2's 3 sown from A8 to B5,
// which was empty (rules.md section 3). A2L sows A1, B1 and B2, all empty before: no eat.
const kBaoRelay = "7,7,7,7,7,7,6,6/0,0,0,0,0,0,3,2/0,3,0,0,1,0,1,0/0,0,0,0,0,0,0,0 S";

const kCases = [
  {
    // Namua (hands 5, houses destroyed): the hand seed into A6, which faces a3's 4: the
    // left kichwa A1, then A1..A4; A4 (now 2) faces a5's 2: captured, clockwise again
    // from A1 into A1, A2; A2 (2) faces an empty a7: relay to A3, A4; A4 (3) faces the
    // emptied a5: relay to A5, A6, A7, empty before: the end (rules.md 6.2, 6.3, 6.5).
    what: "kiswahili namua capture",
    variant: "kiswahili",
    position: "5,5,5,5,5,5,5,6/0,0,0,2,0,4,0,1/0,0,2,1,0,3,0,0/0,0,0,0,0,0,0,0 S 5,5 - -",
    pit: "A6",
    choice: "A6L",
    says:
      "a seed from the hand into A6; captures 4 seeds from a3 at A6 into the left kichwa A1, " +
      "then 2 seeds from a5 at A4 into the left kichwa A1: 6 seeds in all; 2 relay laps; " +
      "11 seeds sown; ends at A7",
  },
  {
    // The same capture into the right kichwa: A8, A7, A6, A5, and A5 was empty.
    what: "kiswahili namua capture, right kichwa",
    variant: "kiswahili",
    position: "5,5,5,5,5,5,5,6/0,0,0,2,0,4,0,1/0,0,2,1,0,3,0,0/0,0,0,0,0,0,0,0 S 5,5 - -",
    pit: "A6",
    choice: "A6R",
    says:
      "a seed from the hand into A6; captures 4 seeds from a3 at A6 into the right kichwa A8; " +
      "4 seeds sown; ends at A5",
  },
  {
    // Namua at the start: no capture (a3, a2 empty), so a takasa: A6's 2 and the hand
    // seed sown A5, A4, A3 (rules.md 6.2).
    what: "kiswahili namua takasa",
    variant: "kiswahili",
    position: "startpos",
    pit: "A6",
    choice: "A6L",
    says: "a seed from the hand into A6; takasa (no capture); 3 seeds sown; ends at A3",
  },
  {
    // Namua, South's house intact with 6: the hand seed into A7 (a kimbi: the right
    // kichwa), a2's 4 sown A8, A7, A6, A5; the house now holds 7, working: safari lifts it
    // and sows A4..A1, B1..B3, empty before (rules.md 6.2, 6.5).
    what: "kiswahili namua safari",
    variant: "kiswahili",
    position: "5,5,5,5,5,5,5,6/0,0,0,0,0,0,4,1/0,0,0,0,6,0,2,0/0,0,0,0,0,0,0,0 S 5,5 H -",
    pit: "A7",
    choice: "A7R+",
    says:
      "a seed from the hand into A7; captures 4 seeds from a2 at A7 into the right kichwa A8; " +
      "safari: the nyumba A5 is lifted and sown on (destroyed); 11 seeds sown; ends at B3",
  },
  {
    // The same capture stopping at the house.
    what: "kiswahili namua stop at the house",
    variant: "kiswahili",
    position: "5,5,5,5,5,5,5,6/0,0,0,0,0,0,4,1/0,0,0,0,6,0,2,0/0,0,0,0,0,0,0,0 S 5,5 H -",
    pit: "A7",
    choice: "A7R",
    says:
      "a seed from the hand into A7; captures 4 seeds from a2 at A7 into the right kichwa A8; " +
      "4 seeds sown; ends at A5, stopping at the nyumba (kept)",
  },
  {
    // The house intact but holding 4: the lap ends there on 5, not working, so it is a
    // relay, A4..A1, B1 (6.1, 6.5): no safari offered, none said.
    what: "kiswahili namua relay from a small intact house",
    variant: "kiswahili",
    position: "5,5,5,5,5,5,6,7/0,0,0,0,0,0,4,1/0,0,0,0,4,0,2,0/0,0,0,0,0,0,0,0 S 5,5 H -",
    pit: "A7",
    choice: "A7R",
    says:
      "a seed from the hand into A7; captures 4 seeds from a2 at A7 into the right kichwa A8; " +
      "1 relay lap; 9 seeds sown; ends at B1",
  },
  {
    // Namua, the working house South's only occupied front pit and nothing to capture: a
    // takasa from it pays the tax, 2 of its 7 seeds sown A4, A3 (rules.md 6.2).
    what: "kiswahili namua tax",
    variant: "kiswahili",
    position: "6,6,6,6,6,6,6,5/0,0,0,0,0,0,0,1/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 5,5 H -",
    pit: "A5",
    choice: "A5L",
    says:
      "a seed from the hand into A5; takasa (no capture); the nyumba A5 pays the tax: " +
      "2 seeds lifted, the house kept; 2 seeds sown; ends at A3",
  },
  {
    // Mtaji (hands empty): A4R's first lap A5, A6, A7 ends on A7 (2) facing an empty a2,
    // so no capture move exists: takata, relay A8, B8, empty before (rules.md 6.4).
    what: "kiswahili mtaji takata",
    variant: "kiswahili",
    position: "7,7,7,7,7,7,7,7/0,0,0,0,2,0,0,2/0,0,0,3,0,0,1,0/0,0,0,0,0,0,0,0 S 0,0 - -",
    pit: "A4",
    choice: "A4R",
    says: "takata (no capture); 1 relay lap; 5 seeds sown; ends at B8",
  },
  {
    what: "bao eat after a relay",
    variant: "bao",
    position: kBaoRelay,
    pit: "A2",
    choice: "A2R",
    says: "eats 3 seeds from a2 at A7; 1 relay lap; 10 seeds sown; ends at B5",
  },
  {
    what: "bao without an eat",
    variant: "bao",
    position: kBaoRelay,
    pit: "A2",
    choice: "A2L",
    says: "no eat; 3 seeds sown; ends at B2",
  },
  {
    // rules.md section 3's example: B7R into B8, A8; A8 (2) eats a1's 2, sown A7..A4; A4
    // (3) eats a5's 4: North's front row is empty, the 7 seeds sown A3..B4 and the move
    // stops (section 2, winning at once).
    what: "bao: two eats that win",
    variant: "bao",
    position: "4,3,5,4,5,6,3,2/0,0,0,4,0,0,0,2/2,2,0,2,2,0,2,1/0,0,8,1,2,0,2,2 S",
    pit: "B7",
    choice: "B7R",
    says:
      "eats 2 seeds from a1 at A8, then 4 seeds from a5 at A4: 6 seeds in all; 13 seeds sown; " +
      "ends at B4; wins: North's front row is gone",
  },
  {
    // Kujifunza under choose at the start: A2R sows A3, A4; A4 (3) faces a5's 2, a central
    // capture whose kichwa the player chooses as the sowing gets there (rules.md 5).
    what: "kujifunza choose",
    variant: "kujifunza",
    kichwa: "choose",
    position: "startpos",
    pit: "A2",
    choice: "A2R",
    says: "captures 2 seeds from a5 at A4; 2 seeds sown; then you choose which kichwa the captured seeds enter",
  },
  {
    // Kujifunza under follow, rules.md section 7: A1R makes 10 laps with 4 captures, and
    // North's front row keeps 8 of its 16 seeds: 8 captured; the 10 laps are the first,
    // 4 re-entries and so 5 relays.
    what: "kujifunza follow",
    variant: "kujifunza",
    kichwa: "follow",
    position: "startpos",
    pit: "A1",
    choice: "A1R",
    contains: [
      /: 8 seeds in all; 5 relay laps; /,
      /^captures (2 seeds from a\d at A\d into the (left|right) kichwa A[18](, then )?){4}/,
    ],
  },
  {
    // Kigogo: A5's 2 seeds sown A4, A3 (anticlockwise); A3 held 1: relay, A2, A1; A1 was
    // empty: the move ends there, facing a12 (2) with b12 (1) behind: both captured
    // (rules.md section 4).
    what: "kigogo",
    variant: "kigogo",
    position:
      "1,8,8,8,8,8,8,8,7,7,7,7/2,0,0,0,0,0,0,0,0,0,0,2/0,0,1,0,2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S",
    pit: "A5",
    choice: "A5",
    says: "captures 3 seeds from a12 and b12 (ending at A1); 1 relay lap; 4 seeds sown; ends at A1",
  },
];

const choiceSelector = (token) => `#picker [data-move="${token}"], #picker [data-base="${token}"]`;

for (const size of kSizes) {
  test(`#31 what a move does, said before it is played (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    for (const c of kCases) {
      await setAnalysePosition(page, c.variant, c.position, c.kichwa);
      await page.click(`svg.board [data-pit="${c.pit}"]`);
      const choice = page.locator(choiceSelector(c.choice));
      await choice.waitFor();
      const says = await choice.locator(".move-says").textContent();
      if (c.says) assert.equal(says, c.says, c.what);
      for (const pattern of c.contains ?? []) assert.match(says, pattern, c.what);
      // Said to a screen reader too: the words are in the choice's accessible name, and
      // on a phone they are on the screen, with no pointer to hover.
      const name = await choice.evaluate((b) => b.textContent.replace(/\s+/g, " "));
      assert.ok(name.includes(says), `${c.what}: ${name}`);
      assert.ok(await choice.locator(".move-says").isVisible(), c.what);
      await page.click("#picker [data-cancel]");
      assert.deepEqual(await moveList(page), [], `${c.what}: nothing played`);
    }
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 the hint says what its move does (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    // The kigogo case above: A5 is South's only pit of 2+, so its one legal move.
    const kigogo = kCases.find((c) => c.variant === "kigogo");
    await newPlayGame(page, { side: "S", depth: 1, variant: "kigogo" });
    await pastePosition(page, kigogo.position);
    await page.click("#hint");
    await page.waitForSelector('#hint-text[data-state="shown"]');
    assert.equal(
      await page.textContent("#hint-text"),
      `Hint: A5, sow (anticlockwise): ${kigogo.says}`,
    );
    assert.deepEqual(await moveList(page), []);
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 a sowing stepped seed by seed, the seeds in hand shown (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await setAnalysePosition(page, "bao", kBaoRelay);
    const { fen: after } = await expected(engine, "bao", kBaoRelay, ["A2R"]);
    // The hand after each frame: the board before, A2's 3 lifted and sown (3, 2, 1, 0),
    // A5's 2 (2, 1, 0), the eat's 5 (5, 4, 3, 2, 1, 0), the end.
    const hands = [0, 3, 2, 1, 0, 2, 1, 0, 5, 4, 3, 2, 1, 0, 0];

    // By keyboard: the pit chosen with Enter, the step button of A2R, then → a seed at a time.
    await page.click(`svg.board [data-pit="A2"]`);
    await page.focus('#picker [data-step-move="A2R"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector("#step-text");
    assert.equal(
      await page.evaluate(() => document.activeElement?.dataset.step),
      "next",
      "the focus on the next seed",
    );
    assert.equal(await page.getAttribute("#step-text", "aria-live"), "polite");
    assert.equal(await readBoard(page), kBaoRelay, "step 0 is the board before the move");
    const seen = [];
    for (;;) {
      seen.push(Number(await page.getAttribute("#picker", "data-step-hand")));
      assert.match(
        await page.textContent("#step-text"),
        new RegExp(`^A2R, step ${seen.length - 1} of 14: .*; ${seen.at(-1)} in hand\\.`),
      );
      if ((await page.getAttribute("#picker", "data-step-last")) === "true") break;
      const index = seen.length;
      await page.keyboard.press("ArrowRight");
      await page.waitForSelector(`#picker[data-step-index="${index}"]`);
    }
    assert.deepEqual(seen, hands);
    assert.match(await page.textContent("#step-text"), /The move is over\.$/);
    assert.equal(await readBoard(page), after, "the last step is kete's position");
    // Back a seed: the eat's last seed not yet in B5.
    await page.keyboard.press("ArrowLeft");
    await page.waitForSelector('#picker[data-step-index="13"]');
    assert.match(await page.textContent("#step-text"), /sows into B5; 0 in hand/);
    await page.keyboard.press("Home");
    await page.waitForSelector('#picker[data-step-index="0"]');
    assert.equal(await readBoard(page), kBaoRelay);
    assert.deepEqual(await moveList(page), [], "stepping plays nothing");

    // Played from the step controls, slowly: the animation shows the hand, frame by frame
    // (frames may be dropped to keep to the time, never reordered).
    await page.selectOption("#speed", "120");
    await page.evaluate(() => {
      const state = document.getElementById("animation-state");
      window.handsShown = [];
      new MutationObserver(() => {
        if (state.dataset.hand !== undefined) window.handsShown.push(Number(state.dataset.hand));
      }).observe(state, { attributes: true, attributeFilter: ["data-hand"] });
    });
    await page.click('#picker [data-move="A2R"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 1);
    await waitIdle(page);
    await page.selectOption("#speed", "4");
    const shown = await page.evaluate(() => window.handsShown);
    assert.equal(shown[0], 3, `the first frame's hand: ${shown}`);
    assert.equal(shown.at(-1), 0);
    let k = 1;
    for (const h of shown) {
      while (k < hands.length && hands[k] !== h) ++k;
      assert.ok(k < hands.length, `hands shown ${shown} follow ${hands}`);
    }
    assert.equal(await readBoard(page), after);

    // The move that led here, stepped through with the buttons: it ends on kete's board.
    await page.click("#step-sowing");
    await page.waitForSelector("#step-text");
    assert.match(
      await page.textContent("#step-text"),
      /^South's A2R \(the move that led here\), step 0 of 14/,
    );
    assert.equal(await readBoard(page), kBaoRelay);
    await page.click('#picker [data-step="next"]');
    await page.waitForSelector('#picker[data-step-index="1"]');
    assert.equal(await page.getAttribute("#picker", "data-step-hand"), "3");
    await page.click('#picker [data-step="last"]');
    await page.waitForSelector('#picker[data-step-index="14"]');
    assert.equal(await readBoard(page), after);
    await page.click('#picker [data-step="close"]');
    await page.waitForSelector("#picker", { state: "hidden" });
    assert.equal(await readBoard(page), after);
    assert.deepEqual(await moveList(page), ["A2R"]);
    assert.deepEqual(gui.errors, []);
  });
}
