// Takes the screenshots of docs/gui.md against kete: every variant, each of the modes, at
// a phone's size (390x844), a desktop's (1400x1000) and a large screen's (2560x1440).
// Run from gui/ after a build: `npm run screenshots` (writes ../docs/gui/). Each shot
// starts from a fresh browser profile (nothing kept from the one before).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { guiDir, ketePath } from "../test/engine.mjs";
import { launchBrowser, openGui, startServer, waitIdle } from "../test/gui.mjs";

const outDir = path.resolve(guiDir, "../docs/gui");
const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1400, height: 1000 };
const kLarge = { width: 2560, height: 1440 };

async function analyseTo(page, depth) {
  await page.click("#analyse-start");
  await page.waitForFunction(
    (d) => Number(document.querySelector("#info-summary tr.info-row")?.dataset.depth) >= d,
    depth,
    { timeout: 30000 },
  );
  await page.click("#analyse-stop");
  await waitIdle(page);
}

// A kete-match game to load and analyse.
function matchRecord() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kete-shots-")), "match.pgn");
  const match = path.join(path.dirname(ketePath), "kete-match");
  execFileSync(match, [
    "--engine",
    `cmd=${ketePath}`,
    "name=kete-a",
    "--engine",
    `cmd=${ketePath}`,
    "name=kete-b",
    "--nodes",
    "2000",
    "--games",
    "2",
    "--concurrency",
    "1",
    "--variant",
    "kiswahili",
    "--pgn",
    file,
    "--quiet",
  ]);
  return file;
}

// A shot: the file it is saved to, the screen size, the GUI mode, the variant and the position
// set up (null: the kete-match game record loaded), and in `more` what else it needs: a
// search limit, plies to watch, an analysis (multipv, depth) and a last step (after).
function screenshot(file, size, mode, variant, position, more = {}) {
  return { file, size, mode, variant, position, ...more };
}

const shots = [
  screenshot("phone.png", kPhone, "play", "kiswahili", "startpos moves A7L a5R", {
    limit: ["depth", "4"],
    // The player's pit chosen: the picker sticks to the bottom of the screen.
    after: async (page) => {
      await page.$eval("#board", (b) => b.scrollIntoView({ block: "start" }));
      await page.click('svg.board [data-pit="A6"]');
    },
  }),
  screenshot("phone-kigogo.png", kPhone, "watch", "kigogo", "startpos", {
    limit: ["depth", "3"],
    watchPlies: 12,
    after: async (page) => page.$eval("#board", (b) => b.scrollIntoView({ block: "start" })),
  }),
  screenshot("bao.png", kDesktop, "play", "bao", "startpos moves A1R a3L B3R", {
    limit: ["depth", "6"],
    after: async (page) => {
      await page.click('svg.board [data-pit="A2"]');
    },
  }),
  screenshot("kigogo.png", kDesktop, "watch", "kigogo", "startpos", {
    limit: ["depth", "5"],
    watchPlies: 10,
    after: async (page) => page.click("#export"),
  }),
  screenshot(
    "kiswahili.png",
    kDesktop,
    "analyse",
    "kiswahili",
    "startpos moves A7L a5R A6R a6L A5R",
    {
      multipv: "3",
      depth: 12,
    },
  ),
  screenshot(
    "kiswahili-mtaji.png",
    kDesktop,
    "analyse",
    "kiswahili",
    "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6",
    { multipv: "2", depth: 12 },
  ),
  screenshot("kujifunza.png", kDesktop, "play", "kujifunza", "startpos", {
    limit: ["depth", "4"],
    // The sowing paused at its first central capture, asking for the kichwa.
    after: async (page) => {
      await page.click('svg.board [data-pit="A3"]');
      await page.click('#picker [data-base="A3R"]');
      await page.waitForSelector("#picker [data-kichwa]");
      await page.hover("#picker [data-kichwa]");
    },
  }),
  screenshot("review.png", kDesktop, "analyse", "kiswahili", null, {
    // The whole game analysed: the score graph and the moves the review marked.
    after: async (page) => {
      await page.fill("#review-depth", "5");
      await page.click("#analyse-game");
      await page.waitForFunction(
        () => /the game analysed/.test(document.getElementById("thinking-caption").textContent),
        null,
        {
          timeout: 120000,
        },
      );
      await waitIdle(page);
      const marked = await page.$("#moves li[data-mark]");
      if (marked) await marked.click();
      await waitIdle(page);
    },
  }),
  // Issue #31, Teach: the hint, why not, what a move does and a sowing seed by seed, each
  // at a phone's size and a desktop's.
  ...[kPhone, kDesktop].flatMap((size) => {
    const prefix = size === kPhone ? "phone-" : "";
    const showBoard = async (page) => {
      if (size === kPhone) await page.$eval("#board", (b) => b.scrollIntoView({ block: "start" }));
    };
    return [
      screenshot(`${prefix}hint.png`, size, "play", "kiswahili", "startpos moves A7L a5R", {
        limit: ["depth", "4"],
        after: async (page) => {
          await page.click("#hint");
          await page.waitForSelector('#hint-text[data-state="shown"]');
          await waitIdle(page);
          await showBoard(page);
        },
      }),
      screenshot(`${prefix}why-not.png`, size, "play", "kiswahili", "startpos", {
        limit: ["depth", "4"],
        after: async (page) => {
          await page.click('svg.board [data-pit="A5"]');
          await page.waitForFunction(() => document.getElementById("why-not").textContent);
          await waitIdle(page);
          if (size === kPhone)
            await page.$eval("#why-not", (e) => e.scrollIntoView({ block: "end" }));
        },
      }),
      // Namua, hands 5, houses destroyed: A6 captures a3's 4 seeds (move_preview.test.mjs).
      screenshot(
        `${prefix}move-says.png`,
        size,
        "play",
        "kiswahili",
        "5,5,5,5,5,5,5,6/0,0,0,2,0,4,0,1/0,0,2,1,0,3,0,0/0,0,0,0,0,0,0,0 S 5,5 - -",
        {
          limit: ["depth", "4"],
          after: async (page) => {
            await showBoard(page);
            await page.click('svg.board [data-pit="A6"]');
            await page.waitForSelector("#picker .move-says");
          },
        },
      ),
      // Bao: A2R relays at A5 and eats at A7, shown at its eat (step 8).
      screenshot(
        `${prefix}steps.png`,
        size,
        "play",
        "bao",
        "7,7,7,7,7,7,6,6/0,0,0,0,0,0,3,2/0,3,0,0,1,0,1,0/0,0,0,0,0,0,0,0 S",
        {
          limit: ["depth", "4"],
          after: async (page) => {
            await showBoard(page);
            await page.click('svg.board [data-pit="A2"]');
            await page.click('#picker [data-step-move="A2R"]');
            for (let k = 1; k <= 8; ++k) {
              await page.click('#picker [data-step="next"]');
              await page.waitForSelector(`#picker[data-step-index="${k}"]`);
            }
          },
        },
      ),
    ];
  }),
  screenshot("large.png", kLarge, "analyse", "bao", "startpos moves A1R a3L B3R b6L", {
    multipv: "3",
    depth: 8,
  }),
  // The rules page (rules.html): a board of it played to the end of its move.
  rulesShot("rules-phone.png", kPhone, "kiswahili", "kiswahili-safari", "A7R+"),
  rulesShot("rules.png", kDesktop, "kujifunza", "kujifunza-choose", "A2R:R"),
];

// The page as it is in the window, to docs/gui/<shot.file>.
async function save(page, shot) {
  const file = path.join(outDir, shot.file);
  await page.screenshot({ path: file, fullPage: false });
  console.log(
    `wrote ${path.relative(process.cwd(), file)} (${shot.size.width}x${shot.size.height})`,
  );
}

function rulesShot(file, size, variant, example, move) {
  return { file, size, rules: { variant, example, move } };
}

async function takeRules(url, shot) {
  const browser = await launchBrowser({ viewport: shot.size });
  try {
    const page = await browser.context.newPage();
    const { variant, example, move } = shot.rules;
    await page.goto(`${url}rules.html#${variant}`);
    await page.waitForFunction((v) => document.body.dataset.variant === v, variant);
    const box = `#example-${example}`;
    await page.click(`${box} button.play[data-move="${move}"]`);
    await page.waitForSelector(`${box}[data-state="done"]`, { timeout: 30000 });
    // The example's board and its buttons in view, the end of its words above.
    await page.$eval(`${box} .rules-board`, (e) => {
      e.scrollIntoView({ block: "start" });
      window.scrollBy(0, -60);
    });
    await save(page, shot);
  } finally {
    await browser.close();
  }
}

async function take(url, shot, record) {
  if (shot.rules) return takeRules(url, shot);
  const browser = await launchBrowser();
  try {
    const { page } = await openGui(browser.context, url);
    await page.setViewportSize(shot.size);
    await page.selectOption("#speed", "45"); // the default, as a person sees it
    await page.click(`#modes [data-mode="${shot.mode}"]`);
    await page.selectOption("#variant", shot.variant);
    await waitIdle(page);
    if (shot.limit) {
      await page.selectOption("#limit-kind", shot.limit[0]);
      await page.fill("#limit-value", shot.limit[1]);
    }
    if (shot.position === null) {
      await page.setInputFiles("#load-file", record);
    } else {
      await page.fill("#position-input", shot.position);
      await page.click("#set-position");
    }
    await waitIdle(page);
    await page.fill("#position-input", "");
    if (shot.watchPlies) {
      await page.click("#watch-start");
      await page.waitForFunction(
        (n) => Number(document.getElementById("moves").dataset.plies) >= n,
        shot.watchPlies,
      );
      await page.click("#watch-pause");
      await waitIdle(page);
    }
    if (shot.multipv) {
      await page.fill("#multipv", shot.multipv);
      await analyseTo(page, shot.depth);
    }
    if (shot.after) await shot.after(page);
    if (shot.size !== kPhone) await page.evaluate(() => window.scrollTo(0, 0));
    await save(page, shot);
  } finally {
    await browser.close();
  }
}

const server = await startServer();
try {
  fs.mkdirSync(outDir, { recursive: true });
  const record = matchRecord();
  const only = process.argv.slice(2);
  for (const shot of shots)
    if (!only.length || only.includes(shot.file)) await take(server.url, shot, record);
} finally {
  await server.stop();
}
