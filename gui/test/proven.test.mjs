// Proven results in Analyse (issue #32, item 8): before its analysis the page runs kete's
// solver within a budget, and claims a result only when the solver proved it. The
// expected verdicts are those of docs/solver.md ("Results"), checked by the proof checker
// on tuning/proofs/kujifunza-choose.proof: under `choose`, South wins the start in 2 own
// moves, A1R:RLL b7R B1L:LLL; after A1R:RLL North (to move) loses, and after b7R South
// wins in 1 (B1L:LLL captures North's last seeds of the inner row, rules.md). Bao's start
// is open (docs/solver.md: 210 million nodes did not decide it), so a budget of 50,000
// nodes can prove nothing there.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

import { expected, guiSession, setAnalysePosition, typeMove, waitIdle } from "./gui.mjs";
import { waitUntil } from "./server_client.mjs";

const kSizes = [
  { width: 390, height: 844 },
  { width: 1400, height: 1000 },
];
const kSolve = "go solve nodes 50000";
// The start of bao and of kujifunza: two seeds in every pit, South to move.
const kStart = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";

let engine, gui, log;

guiSession(
  async (s) => {
    ({ engine, gui, log } = s);
  },
  { logged: "proven" },
);

const engineLines = () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);

// The `go` commands the engine was sent after line `before` of its record, once there are
// at least `count`: the page shows what it sent before the logging engine has written it
// down, so the record is waited for, not read at once.
async function gosSent(before, count) {
  const gos = () =>
    engineLines()
      .slice(before)
      .filter((l) => l.startsWith("go "));
  assert.ok(
    await waitUntil(() => gos().length >= count, 60000),
    `${count} go commands: ${gos().join(" | ")}`,
  );
  return gos();
}

// The start of `variant` (kujifunza under `kichwa`) set in Analyse, the analysis not
// started.
const setStart = (page, variant, kichwa) => setAnalysePosition(page, variant, kStart, kichwa);

// The verdict shown once the solver is done and the analysis has begun: its state
// (proven, open) and its words without the solver's line.
async function verdict(page) {
  await page.waitForFunction(() => {
    const state = document.getElementById("proven").dataset.state;
    return (
      (state === "proven" || state === "open") &&
      document.getElementById("thinking-caption").textContent.startsWith("— analysing")
    );
  });
  return page.$eval("#proven", (p) => ({
    state: p.dataset.state,
    words: p.firstChild?.nodeType === Node.TEXT_NODE ? p.firstChild.textContent : "",
    line: p.querySelector(".proven-line")?.textContent ?? "",
  }));
}

for (const size of kSizes) {
  test(`a proven win in kujifunza, and none claimed in bao (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await setStart(page, "kujifunza", "choose");
    const before = engineLines().length;
    await page.click("#analyse-start");
    assert.deepEqual(await verdict(page), {
      state: "proven",
      words: "South wins in 2, proven",
      line: " — the solver's line: A1R:RLL b7R B1L:LLL",
    });
    // The solve, the distance (mate 1 and 2 within the solve's 2 moves), then the analysis.
    const gos = await gosSent(before, 3);
    assert.deepEqual(gos.slice(0, 3), [kSolve, "go mate 2 nodes 200000", "go infinite"]);
    // Said to a screen reader: a status region.
    assert.equal(await page.getAttribute("#proven", "role"), "status");
    const box = await page.locator("#proven").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= size.width, "the verdict fits the width");

    // North to move after A1R:RLL: proven lost for him, no distance asked (go mate
    // proves wins of the side to move only).
    await typeMove(page, "A1R:RLL", 1);
    assert.deepEqual((await verdict(page)).words, "South wins, proven (North to move loses)");
    await typeMove(page, "b7R", 2);
    assert.deepEqual((await verdict(page)).words, "South wins in 1, proven");
    // Stepping back analyses that position: its own verdict again.
    await page.click("#step-first");
    assert.deepEqual((await verdict(page)).words, "South wins in 2, proven");

    // Bao from the start: no claim, and the analysis runs after the solve.
    await setStart(page, "bao");
    await page.click("#analyse-start");
    const open = await verdict(page);
    assert.equal(open.state, "open");
    assert.doesNotMatch(open.words, /wins/);
    assert.match(open.words, /^Not proven: the solver found no proof within 50,000 nodes$/);
    await page.waitForFunction(() => document.querySelectorAll("#info-summary tr.info-row").length);
    await page.click("#analyse-stop");
    await waitIdle(page);
  });
}

// Under `follow` the start is South's win in exactly 11 own moves (docs/solver.md: the
// mate-11 proof and the mate-10 disproof); the solve's strategy is longer (16 moves since
// the solver leaves out the start's mirror images, 13 before), and `go mate 16` finds the
// shortest win within the distance budget.
test("the follow start: South wins in 11, proven", async () => {
  const { page } = gui;
  await page.setViewportSize(kSizes[1]);
  await setStart(page, "kujifunza", "follow");
  const before = engineLines().length;
  await page.click("#analyse-start");
  assert.equal((await verdict(page)).words, "South wins in 11, proven");
  const gos = await gosSent(before, 3);
  assert.deepEqual(gos.slice(0, 3), [kSolve, "go mate 16 nodes 200000", "go infinite"]);
  await page.click("#analyse-stop");
  await waitIdle(page);
});

test("a solve still running is stopped on a move, and the page is not held by it", async () => {
  const { page } = gui;
  await setStart(page, "bao");
  // The solve runs until stopped (logging_engine.mjs turns it into `go infinite`).
  fs.writeFileSync(`${log}.hold`, kSolve);
  try {
    const before = engineLines().length;
    await page.click("#analyse-start");
    await page.waitForFunction(() => document.getElementById("proven").dataset.state === "solving");
    assert.deepEqual(await gosSent(before, 1), [kSolve]);
    // Not busy: a move can be played while the solver runs.
    await waitIdle(page);
    fs.rmSync(`${log}.hold`);
    const { legal } = await expected(engine, "bao", kStart, []);
    await typeMove(page, legal[0], 1);
    const open = await verdict(page);
    assert.equal(open.state, "open");
    const sent = engineLines().slice(before);
    const held = sent.indexOf(kSolve);
    const stop = sent.indexOf("stop", held);
    assert.ok(stop > held, `a stop after the held solve: ${sent.join(" | ")}`);
    // The next solve is of the position after the move, sent after the stop.
    const next = sent.indexOf(kSolve, stop);
    assert.ok(next > stop);
    assert.ok(
      sent.slice(stop, next).includes(`position fen ${kStart} moves ${legal[0]}`),
      sent.slice(stop, next).join(" | "),
    );
  } finally {
    fs.rmSync(`${log}.hold`, { force: true });
    if (await page.isEnabled("#analyse-stop")) await page.click("#analyse-stop");
    await waitIdle(page);
  }
});

const proofText = (name) =>
  fs.readFileSync(new URL(`../../tuning/proofs/${name}`, import.meta.url), "utf8");

// A file chosen with "Load game".
const loadFile = (page, name, text) =>
  page.setInputFiles("#load-file", { name, mimeType: "text/plain", buffer: Buffer.from(text) });

const errors = (page) => page.$$eval("#errors li span", (spans) => spans.map((s) => s.textContent));

for (const size of kSizes) {
  test(`a proof file loads as a game does; a bad one is refused, the proof before kept (${size.width}x${size.height})`, async () => {
    const { page } = gui;
    await page.setViewportSize(size);
    await page.evaluate(() => (document.getElementById("errors").innerHTML = ""));
    await setStart(page, "kujifunza", "follow");
    await typeMove(page, "A6L", 1);
    const board = await page.$eval("svg.board", (svg) => svg.outerHTML);
    const before = engineLines().length;
    // The committed follow proof: 768 positions (docs/solver.md, "The store").
    const loads = () => page.$eval("#proof-status", (p) => Number(p.dataset.loads ?? 0));
    const ended = await loads();
    await loadFile(page, "kujifunza-follow.proof", proofText("kujifunza-follow.proof"));
    await page.waitForFunction(
      (n) => Number(document.getElementById("proof-status").dataset.loads ?? 0) > n,
      ended,
    );
    assert.equal(
      await page.textContent("#proof-status"),
      "Proof file kujifunza-follow.proof loaded: 768 positions proven",
    );
    assert.equal(await page.getAttribute("#proof-status", "role"), "status");
    const set = engineLines()
      .slice(before)
      .filter((l) => l.startsWith("setoption name ProofFile"));
    assert.equal(set.length, 1);
    assert.match(
      set[0],
      /^setoption name ProofFile value \S+\/kete-gui-proof-\w+\/proof-\d+\.proof$/,
    );
    // The game is as it was: no question asked, the same board and moves.
    await waitIdle(page);
    assert.equal(await page.$eval("svg.board", (svg) => svg.outerHTML), board);
    assert.equal(await page.$$eval("#moves li", (items) => items.length), 1);
    assert.deepEqual(
      page.dialogs.filter((d) => /Load the game/.test(d)),
      [],
    );

    // A proof whose last line is missing fails the engine's checker: refused in words,
    // the status still naming the proof in use.
    const broken = proofText("kujifunza-follow.proof")
      .trimEnd()
      .split("\n")
      .slice(0, -1)
      .join("\n");
    const at = engineLines().length;
    await loadFile(page, "broken.proof", `${broken}\n`);
    await page.waitForFunction(
      (n) => Number(document.getElementById("proof-status").dataset.loads ?? 0) > n,
      ended + 1,
    );
    const [error] = await errors(page);
    assert.match(error, /^Proof file broken\.proof refused: 'broken\.proof': proof invalid: /);
    assert.doesNotMatch(error, /kete-gui-proof/); // the server's file is not the player's
    assert.equal(
      await page.textContent("#proof-status"),
      "Proof file kujifunza-follow.proof loaded: 768 positions proven",
    );
    assert.equal(
      engineLines()
        .slice(at)
        .filter((l) => l.startsWith("setoption name ProofFile")).length,
      1,
    );

    // A proof of other rules is refused by the page: nothing sent.
    const sent = engineLines().length;
    await loadFile(page, "kujifunza-choose.proof", proofText("kujifunza-choose.proof"));
    await page.waitForFunction(() =>
      document
        .querySelector("#errors li span")
        ?.textContent.startsWith("Proof file kujifunza-choose"),
    );
    assert.equal(
      (await errors(page))[0],
      "Proof file kujifunza-choose.proof refused: it proves a position of kujifunza (kichwa choose), the game on the board is kujifunza (kichwa follow): start a game of its rules first",
    );
    await waitIdle(page);
    assert.equal(
      engineLines()
        .slice(sent)
        .filter((l) => l.startsWith("setoption name ProofFile")).length,
      0,
    );
    assert.equal(await page.$$eval("#moves li", (items) => items.length), 1);
  });
}
