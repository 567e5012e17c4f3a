// The rules in the page (issue #31, Teach): a rules page per variant (rules.html#variant)
// with small boards that play each clause. Every example's position and the position each
// of its moves leads to were worked out by hand from rules.md; kete must find each move
// legal and reach exactly that position (and the win the page claims). In Chromium at
// 390x844 and 1400x1000: the board page's Rules link (by mouse and by keyboard) opens the
// page of the variant on the board; every board plays each of its moves seed by seed and
// ends on kete's position, Step walks the same move to the same end and Reset goes back;
// no page scrolls sideways on a phone; the boards and buttons are named for screen
// readers. The rules pages are served by a plain static server with no engine and no GUI
// server (the static site's layout, or the site itself under KETE_GUI_SITE).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

import { Engine, guiDir } from "./engine.mjs";
import { guiSession, launchBrowser, readBoard, serveSite, siteDir, waitIdle } from "./gui.mjs";

const { kRules } = await import(path.join(guiDir, "dist/page/rules_text.js"));

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];
const kNames = {
  kiswahili: "Bao la Kiswahili",
  kujifunza: "Bao la Kujifunza",
  bao: "Bao (simple rules)",
  kigogo: "Bao Kigogo",
};

const examplesOf = (rules) => rules.sections.flatMap((s) => s.examples);

// The static site's files the rules page needs, laid out as scripts/web.sh lays them out
// (rules.html, rules.css and style.css at the top, the page's scripts under js/), or the
// site itself.
function siteFolder() {
  if (siteDir) return { dir: path.resolve(siteDir), made: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kete-rules-site-"));
  for (const file of ["rules.html", "rules.css", "style.css", "index.html"])
    fs.copyFileSync(path.join(guiDir, "static", file), path.join(dir, file));
  fs.mkdirSync(path.join(dir, "js"));
  for (const file of fs.readdirSync(path.join(guiDir, "dist/page")))
    if (file.endsWith(".js"))
      fs.copyFileSync(path.join(guiDir, "dist/page", file), path.join(dir, "js", file));
  return { dir, made: true };
}

let engine;
let site;
let folder;
let browser;
const guiSide = guiSession(async () => {});

before(async () => {
  engine = new Engine();
  folder = siteFolder();
  site = await serveSite(folder.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  engine?.close();
  if (folder?.made) fs.rmSync(folder.dir, { recursive: true, force: true });
});

// kete's position after `token` from `fen`, its legal moves at `fen` and its result after.
async function kete(variant, kichwa, fen, token) {
  await engine.command(`setoption name UCI_Variant value ${variant}`);
  if (variant === "kujifunza") await engine.command(`setoption name KichwaRule value ${kichwa}`);
  assert.deepEqual(await engine.command(`position fen ${fen}`), [], `${variant}: ${fen}`);
  const legal = (await engine.query("moves")).split(/\s+/);
  const errors = await engine.command(`position fen ${fen} moves ${token}`);
  assert.deepEqual(errors, [], `${variant} ${fen} moves ${token}`);
  return { legal, fen: await engine.query("fen"), result: await engine.query("result") };
}

test("#31 rules: every example move is legal for kete and ends where the page says", async () => {
  assert.deepEqual(kRules.map((r) => r.variant).sort(), Object.keys(kNames).sort());
  let moves = 0;
  for (const rules of kRules) {
    assert.ok(examplesOf(rules).length >= 2, `${rules.variant}: at least two boards`);
    for (const example of examplesOf(rules))
      for (const move of example.moves) {
        const kichwa = example.kichwaRule ?? "choose";
        const got = await kete(rules.variant, kichwa, example.fen, move.token);
        assert.ok(got.legal.includes(move.token), `${example.id}: ${move.token} in ${got.legal}`);
        assert.equal(got.fen, move.after, `${example.id}: ${move.token}`);
        const result = { S: "p1win", N: "p2win" }[move.winner] ?? "none";
        assert.equal(got.result, result, `${example.id}: ${move.token}'s result`);
        moves += 1;
      }
  }
  assert.equal(moves, 19);
});

// The example's board as drawn, as a position string (the takasia mark included).
const drawn = (page, id) => readBoard(page, `#example-${id} svg.board`);

async function openRules(page, variant) {
  await page.goto(`${site.url}rules.html#${variant}`);
  await page.waitForFunction((v) => document.body.dataset.variant === v, variant);
  await page.selectOption("#rules-speed", "5");
}

for (const size of kSizes) {
  test(`#31 rules: the board page's Rules link opens the variant's page (${size.width}x${size.height})`, async () => {
    const { page } = guiSide.gui;
    await page.setViewportSize(size);
    for (const [i, variant] of ["bao", "kujifunza", "kigogo", "kiswahili"].entries()) {
      await page.selectOption("#variant", variant);
      await page.waitForSelector(`svg.board[data-variant="${variant}"]`);
      await waitIdle(page);
      const link = page.locator("#rules-link");
      assert.equal(await link.textContent(), "Rules");
      assert.ok(await link.isVisible());
      const opened = page.context().waitForEvent("page");
      if (i % 2) {
        // By keyboard: the link is reached with Tab like any control.
        await page.focus("#modes [data-mode='watch']");
        await page.keyboard.press("Tab");
        assert.equal(await page.evaluate(() => document.activeElement.id), "rules-link");
        await page.keyboard.press("Enter");
      } else {
        await link.click();
      }
      const rules = await opened;
      await rules.waitForFunction(() => document.body.dataset.ready === "true");
      assert.equal(await rules.evaluate(() => document.body.dataset.variant), variant);
      assert.equal(new URL(rules.url()).hash, `#${variant}`);
      assert.equal(await rules.textContent("h1"), `${kNames[variant]}: the rules`);
      assert.equal(
        await rules.getAttribute(`#rules-nav [data-variant="${variant}"]`, "aria-current"),
        "page",
      );
      await rules.close();
    }
  });

  test(`#31 rules: each board plays its clause to kete's position (${size.width}x${size.height})`, async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setViewportSize(size);
    for (const rules of kRules) {
      await openRules(page, rules.variant);
      // Read at a phone's width without scrolling sideways.
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      assert.ok(widths[0] <= widths[1], `${rules.variant}: page ${widths[0]} px > ${widths[1]}`);
      assert.equal(await page.locator("h1").count(), 1);
      assert.equal(await page.locator("main h2").count(), rules.sections.length);
      for (const example of examplesOf(rules)) {
        const id = example.id;
        const box = `#example-${id}`;
        // Named for a screen reader: the board, its pits as pictures, its buttons.
        assert.equal(
          await page.getAttribute(`${box} .rules-board`, "aria-label"),
          `example board: ${example.title}`,
        );
        assert.equal(await page.locator(`${box} svg.board [role="button"]`).count(), 0);
        assert.equal(await page.getAttribute(`${box} .rules-status`, "aria-live"), "polite");
        const board = await page.$eval(`${box} svg.board`, (svg) => svg.getBoundingClientRect());
        assert.ok(board.right <= size.width && board.left >= 0, `${id}: board in the window`);
        assert.equal(await drawn(page, id), normalised(rules.variant, example.fen), id);
        for (const move of example.moves) {
          const { fen, result } = await kete(
            rules.variant,
            example.kichwaRule ?? "choose",
            example.fen,
            move.token,
          );
          const button = page.locator(`${box} button.play[data-move="${move.token}"]`);
          assert.match(
            await button.getAttribute("aria-label"),
            new RegExp(`^Play ${escape(move.token)}`),
          );
          await button.click();
          await page.waitForFunction(
            ([b, t]) => {
              const e = document.querySelector(b);
              return (
                (e.dataset.state === "done" && e.dataset.shown === t) || e.dataset.state === "error"
              );
            },
            [box, move.token],
          );
          // "error": the page's own sowing does not reach the position it claims.
          assert.equal(await page.getAttribute(box, "data-state"), "done", `${id}: ${move.token}`);
          assert.equal(await drawn(page, id), fen, `${id}: ${move.token} played`);
          const status = await page.textContent(`${box} .rules-status`);
          if (result === "p1win") assert.equal(status, `${move.token} played: South has won.`);
          else assert.equal(status, `${move.token} played: North to move.`);
          await page.click(`${box} button.reset`);
          assert.equal(await drawn(page, id), normalised(rules.variant, example.fen), id);
        }
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("#31 rules: Step walks a move seed by seed to the same end", async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize(kSizes[0]);
  await openRules(page, "kiswahili");
  const box = "#example-kiswahili-safari";
  // The safari, chosen by playing it, is the move Step walks through.
  await page.click(`${box} button.play[data-move="A7R+"]`);
  await page.waitForSelector(`${box}[data-state="done"]`);
  await page.click(`${box} button.reset`);
  assert.equal(
    await page.getAttribute(`${box} button.step`, "aria-label"),
    "Step through A7R+, one seed at a time",
  );
  // By hand (rules.md 6.2, 6.3, 6.5): the hand seed into A7, the capture of a2, four seeds
  // sown from A8, the house lifted, seven seeds sown to B3, and the end: 15 steps.
  const statuses = [];
  while ((await page.getAttribute(box, "data-state")) !== "done") {
    await page.click(`${box} button.step`);
    statuses.push(await page.textContent(`${box} .rules-status`));
  }
  assert.equal(statuses.length, 15);
  assert.equal(statuses[0], "A7R+, step 1 of 15: a seed from the hand into A7.");
  assert.equal(statuses[1], "A7R+, step 2 of 15: capture: A7 takes the 4 seeds of a2.");
  assert.equal(statuses[6], "A7R+, step 7 of 15: A5 lifted: 7 seeds.");
  assert.equal(statuses[14], "A7R+ played: North to move.");
  const { fen } = await kete(
    "kiswahili",
    "choose",
    await page.getAttribute(box, "data-fen"),
    "A7R+",
  );
  assert.equal(await readBoard(page, `${box} svg.board`), fen);
  await page.close();
});

// A position string as kete prints it (kiswahili's five fields).
function normalised(variant, fen) {
  const fields = fen.split(" ");
  return variant === "kiswahili"
    ? fields.concat(["0,0", "-", "-"].slice(fields.length - 2)).join(" ")
    : fen;
}

function escape(text) {
  return text.replace(/[+]/g, "\\+");
}
