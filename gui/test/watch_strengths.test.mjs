// Watch pits two strengths against each other (issue #31, Review): South's and North's
// strength are chosen apart, each of the engine's searches for a side's move is set up
// with that side's UCI_Elo and UCI_LimitStrength (full strength: the limit off), and each
// band names its side's strength. What the engine received is read from the engine's side
// (logging_engine.mjs), as strength.test.mjs does.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

import { guiSession, newPlayGame, waitIdle } from "./gui.mjs";

let engine, gui, log, scale;

guiSession(
  async (s) => {
    ({ engine, gui, log } = s);
    // Kiswahili's scale (the default variant): the Elo of levels 0 to 20.
    scale = (await engine.query("elo")).split(" ").map(Number);
  },
  { logged: "watch-strengths" },
);

const logLines = () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);

// Each search the engine was asked for from line `from` of the record on: the side to
// move in its position (kiswahili from the start: South moves first) and the strength it
// was set to then (an Elo, or null: the limit off).
function searches(from) {
  let elo = null;
  let limited = null;
  let side = null;
  const out = [];
  for (const line of logLines()) {
    let m;
    if ((m = /^setoption name UCI_Elo value (\d+)$/.exec(line))) elo = Number(m[1]);
    else if ((m = /^setoption name UCI_LimitStrength value (true|false)$/.exec(line)))
      limited = m[1] === "true";
    else if ((m = /^position startpos(?: moves (.*))?$/.exec(line)))
      side = (m[1] ? m[1].split(" ").length : 0) % 2 === 0 ? "S" : "N";
    else if (line.startsWith("go ")) out.push({ side, limited, elo, go: line });
  }
  const counted = logLines()
    .slice(0, from)
    .filter((l) => l.startsWith("go ")).length;
  return out.slice(counted).map(({ side, limited, elo, go }) => ({
    side,
    elo: limited === false ? null : limited === true ? elo : undefined,
    go,
  }));
}

const band = (page, side) => page.textContent(`svg.board .band[data-side="${side}"] text.player`);

for (const [size, south, north] of [
  [{ width: 390, height: 844 }, "beginner", "strong"],
  [{ width: 1400, height: 1000 }, "full", "casual"],
]) {
  test(`#31 watch: South at ${south}, North at ${north}, each search at its side's strength (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    const elo = { beginner: scale[2], casual: scale[5], strong: scale[12], full: null };
    // A fresh kiswahili game (the engine waits for the player, South), then Watch.
    await newPlayGame(page, { side: "S", depth: 2, clock: "", variant: "kiswahili" });
    await page.click('#modes [data-mode="watch"]');
    await waitIdle(page);
    const labels = await page.$$eval("#watch-south option", (os) => os.map((o) => o.value));
    assert.deepEqual(labels, ["game", "beginner", "casual", "club", "strong", "full"]);
    await page.selectOption("#watch-south", south);
    await page.selectOption("#watch-north", north);
    const named = (preset) => (preset === "full" ? "full strength" : preset);
    assert.match(await band(page, "S"), new RegExp(`kete, ${named(south)}`));
    assert.match(await band(page, "N"), new RegExp(`kete, ${named(north)}`));

    const from = logLines().length;
    await page.click("#watch-start");
    await page.waitForFunction(
      () =>
        Number(document.getElementById("moves").dataset.plies) >= 6 ||
        document.getElementById("watch-pause").disabled,
    );
    await page.click("#watch-pause");
    await waitIdle(page);
    const asked = searches(from);
    assert.ok(asked.length >= 6, `only ${asked.length} searches`);
    for (const s of asked) {
      const want = s.side === "S" ? elo[south] : elo[north];
      assert.deepEqual(s, { side: s.side, elo: want, go: "go depth 2" }, JSON.stringify(asked));
    }
    assert.deepEqual(new Set(asked.map((s) => s.side)), new Set(["S", "N"]));
    // The caption names the strength of the side whose move it is (or was).
    const caption = /(South|North) (?:to move|played \S+), depth 2, (.*)$/.exec(
      await page.textContent("#thinking-caption"),
    );
    assert.ok(caption, "the caption names the side and its strength");
    const preset = caption[1] === "South" ? south : north;
    assert.equal(
      caption[2],
      elo[preset] === null ? "full strength" : `${preset} Elo ${elo[preset]}`,
    );
    // The choices are kept with the other settings.
    await page.reload();
    await waitIdle(page);
    assert.equal(await page.inputValue("#watch-south"), south);
    assert.equal(await page.inputValue("#watch-north"), north);
    assert.deepEqual(gui.errors, []);
  });
}
