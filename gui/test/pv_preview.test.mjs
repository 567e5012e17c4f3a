// A PV move clicked during an analysis (issue #31, Broken 8): the line is shown on the
// board as kete plays it, and the analysis goes on, neither stopped nor started again.
// What the engine received is read from its side (logging_engine.mjs).
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

import { expected, guiSession, moveList, pastePosition, readBoard, waitIdle } from "./gui.mjs";

let engine, gui, log;

guiSession(
  async (s) => {
    ({ engine, gui, log } = s);
  },
  { logged: "pv" },
);

const received = () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 8: a PV move clicked previews the line; the analysis goes on (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.click('#modes [data-mode="analyse"]');
    if ((await page.inputValue("#variant")) !== "kiswahili")
      await page.selectOption("#variant", "kiswahili");
    await page.fill("#multipv", "1");
    await pastePosition(page, "startpos moves A7L a5R");
    const board = await readBoard(page);
    await page.click("#analyse-start");
    await page.waitForFunction(() => {
      const row = document.querySelector("#info-summary tr.info-row");
      return Number(row?.dataset.depth) >= 4 && row.querySelectorAll(".pv-move").length >= 3;
    });
    const sent = received().length;
    // Found and clicked in one step in the page: the table is redrawn at every report.
    const nodes = await page.evaluate(() => {
      document.querySelector('#info-summary tr.info-row .pv-move[data-index="2"]').click();
      return document.querySelector("#info-summary tr.info-row td.nodes").textContent;
    });
    await page.waitForSelector("#preview-bar", { state: "visible" });
    const line = /line (\S+) (\S+) (\S+) \(not played\)/.exec(
      await page.textContent("#preview-text"),
    );
    assert.ok(line, await page.textContent("#preview-text"));
    const moves = ["A7L", "a5R", ...line.slice(1)];
    assert.equal(
      await readBoard(page),
      (await expected(engine, "kiswahili", "startpos", moves)).fen,
    );
    assert.deepEqual(await moveList(page), ["A7L", "a5R"], "the preview played nothing");
    // More reports of the same search, which was neither stopped nor started again.
    await page.waitForFunction(
      (n) => document.querySelector("#info-summary tr.info-row td.nodes").textContent !== n,
      nodes,
    );
    assert.equal(await page.getAttribute("#analyse-stop", "disabled"), null);
    const since = received().slice(sent);
    assert.deepEqual(
      since.filter((l) => l === "stop" || l.startsWith("go ")),
      [],
      `after the click the engine received: ${since.join(" | ")}`,
    );
    assert.ok(
      since.some((l) => l.startsWith("position ")),
      "the line was asked of kete",
    );
    await page.click("#preview-close");
    assert.equal(await readBoard(page), board);
    await page.click("#analyse-stop");
    await waitIdle(page);
    assert.match(await page.textContent("#thinking-caption"), /analysis stopped/);
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
