// A new game leaves nothing of the old one in view, and no game in progress is dropped
// without asking (issue #31, Broken 5): after a record of several games, New game clears
// the game chooser, the position box and the exported record; New game, Set position and
// Load game ask first when the game on the board is unfinished.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

import {
  expected,
  guiSession,
  moveList,
  newPlayGame,
  pastePosition,
  waitIdle,
  writeMatchRecord,
} from "./gui.mjs";

let engine, gui, tmp, recordFile;

guiSession(async (s) => {
  ({ engine, gui } = s);
});

// A record of two short bao games, as kete-match writes them.
before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-new-game-"));
  recordFile = path.join(tmp, "two.pgn");
  writeMatchRecord(recordFile);
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

for (const size of [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
]) {
  test(`#31 broken 5: New game after a record of two games clears what was about it (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await pastePosition(page, fs.readFileSync(recordFile, "utf8"));
    assert.ok(await page.isVisible("#record-game"));
    assert.equal(await page.$$eval("#record-game option", (o) => o.length), 2);
    assert.ok((await moveList(page)).length > 0);
    await page.click("#export");
    assert.ok(await page.isVisible("#record"));
    page.dialogs.length = 0;
    await page.click("#new-game");
    await waitIdle(page);
    assert.deepEqual(page.dialogs, [], "a finished record's game needs no question");
    assert.deepEqual(await moveList(page), []);
    assert.ok(await page.isHidden("#record-game"), "the game chooser is still shown");
    assert.equal(await page.$$eval("#record-game option", (o) => o.length), 0);
    assert.equal(await page.inputValue("#position-input"), "");
    assert.ok(await page.isHidden("#record"));
    assert.ok(await page.isHidden("#record-download"));
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });

  test(`#31 broken 5: New game, Set position and Load game ask before dropping an unfinished game (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await newPlayGame(page, { side: "S", depth: 1, variant: "bao" });
    const { legal } = await expected(engine, "bao", "startpos", []);
    await page.fill("#move-input", legal[0]);
    await page.click('#type-move button[type="submit"]');
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 2);
    await waitIdle(page);
    const moves = await moveList(page);
    // Each asks; answered no, the game stays.
    page.dialogs.length = 0;
    page.dialogAnswer = false;
    try {
      await page.click("#new-game");
      await waitIdle(page);
      await pastePosition(page, "startpos moves A1R");
      await page.setInputFiles("#load-file", recordFile);
      await waitIdle(page);
    } finally {
      page.dialogAnswer = undefined;
    }
    assert.equal(page.dialogs.length, 3, `asked: ${JSON.stringify(page.dialogs)}`);
    for (const question of page.dialogs)
      assert.match(question, /leave this one \(1 move, unfinished\)/);
    assert.deepEqual(await moveList(page), moves);
    // Answered yes: the new game.
    await page.click("#new-game");
    await waitIdle(page);
    assert.equal(page.dialogs.length, 4);
    assert.deepEqual(await moveList(page), []);
    await page.setViewportSize({ width: 1360, height: 900 });
    assert.deepEqual(gui.errors, []);
  });
}
