// Takes the screenshots of docs/gui.md: one position per variant, in each of the modes,
// against kete. Run from gui/ after a build: `npm run screenshots` (writes ../docs/gui/).
import fs from "node:fs";
import path from "node:path";

import { guiDir } from "../test/engine.mjs";
import { launchBrowser, openGui, startServer, waitIdle } from "../test/gui.mjs";

const outDir = path.resolve(guiDir, "../docs/gui");

const shots = [
  {
    file: "bao.png",
    mode: "play",
    variant: "bao",
    position: "startpos moves A1R a3L B3R",
    limit: ["depth", "6"],
    // The player's move choice open on the board.
    after: async (page) => {
      await page.click('svg.board [data-pit="A2"]');
    },
  },
  {
    file: "kigogo.png",
    mode: "watch",
    variant: "kigogo",
    position: "startpos",
    limit: ["depth", "5"],
  },
  {
    file: "kiswahili.png",
    mode: "analyse",
    variant: "kiswahili",
    position: "startpos moves A7L a5R A6R a6L A5R",
    multipv: "3",
  },
  {
    file: "kiswahili-mtaji.png",
    mode: "analyse",
    variant: "kiswahili",
    position: "1,2,0,2,3,1,0,0/0,0,11,0,0,2,7,1/2,0,3,23,0,0,0,0/0,2,1,0,0,1,2,0 N 0,0 - a6",
    multipv: "2",
  },
  {
    file: "kujifunza.png",
    mode: "play",
    variant: "kujifunza",
    position: "startpos",
    limit: ["depth", "4"],
    after: async (page) => {
      await page.click('svg.board [data-pit="A3"]');
    },
  },
];

async function take(context, url, shot) {
  const { page } = await openGui(context, url);
  await page.selectOption("#speed", "45"); // the default, as a person sees it
  await page.click(`#modes [data-mode="${shot.mode}"]`);
  await page.selectOption("#variant", shot.variant);
  await waitIdle(page);
  if (shot.limit) {
    await page.selectOption("#limit-kind", shot.limit[0]);
    await page.fill("#limit-value", shot.limit[1]);
  }
  await page.fill("#position-input", shot.position);
  await page.click("#set-position");
  await waitIdle(page);
  await page.fill("#position-input", "");
  if (shot.mode === "watch") {
    await page.click("#watch-start");
    await page.waitForFunction(() => Number(document.getElementById("moves").dataset.plies) >= 10);
    await page.click("#watch-pause");
    await waitIdle(page);
    await page.click("#export");
  }
  if (shot.multipv) {
    await page.fill("#multipv", shot.multipv);
    await page.click("#analyse-start");
    await page.waitForFunction(
      () => Number(document.querySelector("#info-summary tr.info-row")?.dataset.depth) >= 12,
      null,
      { timeout: 30000 },
    );
    await page.click("#analyse-stop");
    await waitIdle(page);
  }
  if (shot.after) await shot.after(page);
  await page.locator("body").evaluate((b) => b.scrollTo(0, 0));
  const file = path.join(outDir, shot.file);
  await page.screenshot({ path: file, fullPage: false });
  await page.close();
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const shot of shots) await take(browser.context, server.url, shot);
} finally {
  await browser.close();
  await server.stop();
}
