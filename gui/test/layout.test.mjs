// The board on every screen and for every player: at 390x844 (a phone) no horizontal
// scroll and every pit of every variant inside the window and big enough to tap; larger
// on a large screen; colours with WCAG AA contrast; the board turned round for North;
// every pit named for screen readers; a whole move played with the keyboard alone.
import assert from "node:assert/strict";
import { test } from "node:test";

import { analyseBriefly, expected, guiSession, moveList, readBoard, waitIdle } from "./gui.mjs";

let engine, gui;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

const kPhone = { width: 390, height: 844 };
const kMinTarget = 40; // px, WCAG 2.5.5 asks 44; 40 leaves room for the rounding of a 4x12 board

async function selectVariant(page, variant) {
  if ((await page.inputValue("#variant")) !== variant) await page.selectOption("#variant", variant);
  await waitIdle(page);
  assert.equal(await page.getAttribute("svg.board", "data-variant"), variant);
}

// The on-screen boxes of the pits (their whole cells), after bringing the board into view.
async function pitBoxes(page) {
  await page.$eval("#board", (b) => b.scrollIntoView({ block: "start" }));
  return page.$$eval("svg.board [data-pit]", (pits) =>
    pits.map((p) => {
      const r = p.querySelector(".hit").getBoundingClientRect();
      return {
        pit: p.dataset.pit,
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
        width: r.width,
        height: r.height,
      };
    }),
  );
}

test("a phone (390x844): every pit of every variant in view and big enough to tap", async () => {
  const { page } = gui;
  await page.setViewportSize(kPhone);
  for (const variant of ["bao", "kigogo", "kiswahili", "kujifunza"]) {
    await selectVariant(page, variant);
    const scroll = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    assert.ok(
      scroll.width <= scroll.inner,
      `${variant}: the page scrolls sideways (${scroll.width} > ${scroll.inner})`,
    );
    const boxes = await pitBoxes(page);
    assert.equal(boxes.length, variant === "kigogo" ? 48 : 32);
    for (const b of boxes) {
      assert.ok(
        b.left >= 0 && b.right <= kPhone.width && b.top >= 0 && b.bottom <= kPhone.height,
        `${variant} ${b.pit} is outside the window: ${JSON.stringify(b)}`,
      );
      assert.ok(
        b.width >= kMinTarget && b.height >= kMinTarget,
        `${variant} ${b.pit} is ${b.width}x${b.height} px`,
      );
    }
  }
  // Tapping a pit opens the move picker, and both are in view together.
  await selectVariant(page, "kiswahili");
  // The whole cell is the target, not only the hole: a tap near its corner counts.
  await page.click('svg.board [data-pit="A7"] .hit', { position: { x: 4, y: 4 } });
  assert.match(await page.textContent("#picker"), /Moves from A7/);
  await page.click("#picker [data-cancel]");
  await page.click('svg.board [data-pit="A6"]');
  const pit = (await pitBoxes(page)).find((b) => b.pit === "A6");
  const picker = await page.$eval("#picker", (p) => p.getBoundingClientRect().toJSON());
  assert.ok(
    picker.top >= 0 && picker.bottom <= kPhone.height,
    `picker off-screen: ${JSON.stringify(picker)}`,
  );
  assert.ok(pit.bottom <= picker.top || pit.top >= picker.bottom, "the picker covers the pit");
  await page.click('#picker [data-move="A6L"]');
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
  await waitIdle(page);
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", await moveList(page))).fen,
  );
  // Analysing, with the engine's tables shown: still no sideways scroll.
  await page.click('#modes [data-mode="analyse"]');
  await waitIdle(page);
  await analyseBriefly(page, 3);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= kPhone.width, `analysing, the page is ${width} px wide`);
  await page.click('#modes [data-mode="play"]');
  await waitIdle(page);
  assert.deepEqual(gui.errors, []);
});

test("the board grows with the screen", async () => {
  const { page } = gui;
  const pitSize = async () => (await pitBoxes(page)).find((b) => b.pit === "A1").width;
  await page.setViewportSize({ width: 1400, height: 1000 });
  await selectVariant(page, "bao");
  const desktop = await pitSize();
  await page.setViewportSize({ width: 2560, height: 1440 });
  await page.waitForFunction(
    () => document.querySelector("svg.board").getBoundingClientRect().width > 1500,
  );
  const large = await pitSize();
  assert.ok(large > desktop * 1.4, `pits ${desktop} px at 1400x1000, ${large} px at 2560x1440`);
  await page.setViewportSize({ width: 1360, height: 900 });
});

// WCAG 2.1 relative luminance and contrast ratio.
function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("rings and text have WCAG AA contrast; the sowing ring shows on an intact house", async () => {
  const { page } = gui;
  await page.selectOption("#variant", "kiswahili");
  await waitIdle(page);
  const colours = await page.evaluate(() => {
    const rgb = (css) =>
      css
        .match(/\d+(\.\d+)?/g)
        .slice(0, 3)
        .map(Number);
    const svg = document.querySelector("svg.board");
    const house = svg.querySelector('[data-pit="A5"]');
    const ring = (cls) => {
      house.classList.add(cls);
      const stroke = getComputedStyle(house.querySelector(".ring")).stroke;
      house.classList.remove(cls);
      return rgb(stroke);
    };
    const fill = (sel) => rgb(getComputedStyle(svg.querySelector(sel)).fill);
    return {
      wood: fill(".wood"),
      houseBorder: rgb(getComputedStyle(house.querySelector(".hole")).stroke),
      rings: {
        touched: ring("touched"),
        lastMove: ring("last-move"),
        selectable: ring("selectable"),
        selected: ring("selected"),
        hint: ring("hint"),
      },
      text: [
        ["pit name on wood", fill(".name"), fill(".wood")],
        ["count on its badge", fill(".count"), fill(".badge")],
        ["hint", rgb(getComputedStyle(document.querySelector(".hint")).color), [255, 255, 255]],
        [
          "status",
          rgb(getComputedStyle(document.getElementById("status-line")).color),
          [246, 244, 239],
        ],
      ],
    };
  });
  for (const [name, colour] of Object.entries(colours.rings)) {
    assert.ok(
      contrast(colour, colours.wood) >= 3,
      `${name} ring: ${contrast(colour, colours.wood).toFixed(2)}:1 on the wood`,
    );
    assert.notDeepEqual(colour, colours.houseBorder, `${name} ring is the house's colour`);
  }
  for (const [name, fg, bg] of colours.text)
    assert.ok(contrast(fg, bg) >= 4.5, `${name}: ${contrast(fg, bg).toFixed(2)}:1`);
});

test("playing North: North at the bottom; the flip button turns the board round", async () => {
  const { page } = gui;
  const y = (pit) =>
    page.$eval(`svg.board [data-pit="${pit}"] .hit`, (e) => e.getBoundingClientRect().top);
  await page.selectOption("#human-side", "S");
  await waitIdle(page);
  assert.ok((await y("A1")) > (await y("a1")), "South at the bottom");
  await page.selectOption("#limit-kind", "depth");
  await page.fill("#limit-value", "1");
  await page.selectOption("#human-side", "N");
  await waitIdle(page);
  assert.equal(await page.getAttribute("svg.board", "data-flipped"), "true");
  assert.ok((await y("a1")) > (await y("A1")), "North at the bottom");
  assert.ok((await y("b1")) > (await y("a1")), "North's back row nearest");
  await page.click("#flip");
  assert.equal(await page.getAttribute("svg.board", "data-flipped"), "false");
  assert.ok((await y("A1")) > (await y("a1")));
  await page.click("#flip");
  assert.ok((await y("a1")) > (await y("A1")));
  // The board read from the flipped drawing is still kete's.
  assert.equal(
    await readBoard(page),
    (await expected(engine, "kiswahili", "startpos", await moveList(page))).fen,
  );
  await page.selectOption("#human-side", "S");
  await waitIdle(page);
});

test("the accessibility tree names every pit with its count", async () => {
  const { page } = gui;
  for (const variant of ["kigogo", "kiswahili"]) {
    await selectVariant(page, variant);
    const snapshot = await page.locator("svg.board").ariaSnapshot();
    const counts = await page.$$eval("svg.board [data-pit]", (pits) =>
      pits.map((p) => [p.dataset.pit, p.dataset.count]),
    );
    assert.equal(counts.length, variant === "kigogo" ? 48 : 32);
    for (const [pit, count] of counts) {
      const seeds = `${count} seed${count === "1" ? "" : "s"}`;
      assert.ok(
        snapshot.includes(`button "${pit}, `) &&
          new RegExp(`button "${pit}, [^"]*${seeds}`).test(snapshot),
        `${variant}: ${pit} (${seeds}) not named in the accessibility tree`,
      );
    }
  }
});

test("a whole move with the keyboard alone: Tab to the board, arrows, Enter", async () => {
  const { page } = gui;
  await selectVariant(page, "kiswahili");
  await page.click("#new-game");
  await waitIdle(page);
  await page.locator("header h1").click(); // start from the top of the page
  let focused = null;
  for (let i = 0; i < 40 && !focused; ++i) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(
      () => document.activeElement?.closest?.("[data-pit]")?.dataset.pit ?? null,
    );
  }
  assert.ok(focused, "Tab never reached a pit");
  // To A6 by arrows (South's front row is a row on the screen).
  for (let i = 0; i < 16 && focused !== "A6"; ++i) {
    const number = Number(focused.slice(1));
    if (focused[0] !== "A") await page.keyboard.press("ArrowUp");
    else await page.keyboard.press(number < 6 ? "ArrowRight" : "ArrowLeft");
    focused = await page.evaluate(() => document.activeElement.closest("[data-pit]").dataset.pit);
  }
  assert.equal(focused, "A6");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#picker [data-move]");
  const choice = await page.evaluate(() => document.activeElement.dataset.move);
  assert.ok(/^A6[LR]/.test(choice), `focus on ${choice}`);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
  await waitIdle(page);
  const moves = await moveList(page);
  assert.equal(moves[0], choice);
  assert.equal(await readBoard(page), (await expected(engine, "kiswahili", "startpos", moves)).fen);
  // The focus stays on the board for the next move.
  assert.ok(await page.evaluate(() => !!document.activeElement.closest("[data-pit]")));
  assert.deepEqual(gui.errors, []);
});
