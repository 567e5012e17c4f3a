// The animation's sowing simulator against kete: random games in every variant, and after
// each move the simulated board must be kete's `query fen` (fields 1-4).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { Engine } from "./engine.mjs";
import { parseMoveToken } from "../dist/page/move_token.js";
import { parsePosition } from "../dist/page/position.js";
import { simulateMove, sowingKey, sowingTo } from "../dist/page/sowing.js";

let engine;
before(() => (engine = new Engine()));
after(() => engine.close());

// A small deterministic generator, so that a failure can be replayed.
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function playRandomGames(variant, kichwa, games, maxPlies) {
  await engine.command(`setoption name UCI_Variant value ${variant}`);
  if (variant === "kujifunza") await engine.command(`setoption name KichwaRule value ${kichwa}`);
  const next = random(variant.length * 1000 + kichwa.length);
  const stats = { checked: 0, mtaji: 0, takasia: 0, safari: 0, kichwa: 0 };
  for (let g = 0; g < games; ++g) {
    const moves = [];
    await engine.command("position startpos");
    let fen = await engine.query("fen");
    for (let ply = 0; ply < maxPlies; ++ply) {
      const legal = (await engine.query("moves")).split(/\s+/).filter(Boolean);
      if (legal.length === 0) break;
      const move = legal[Math.floor(next() * legal.length)];
      moves.push(move);
      assert.deepEqual(await engine.command(`position startpos moves ${moves.join(" ")}`), []);
      const afterFen = await engine.query("fen");
      const from = parsePosition(variant, fen);
      const token = parseMoveToken(move, from.width);
      assert.ok(token, `token ${move}`);
      const sowing = sowingTo(from, token, kichwa, parsePosition(variant, afterFen));
      const context = `${variant} ${kichwa}: ${fen} then ${move} gives ${afterFen}`;
      if (!sowing) {
        // Show where the plain reading goes wrong.
        const plain = simulateMove(from, token, kichwa);
        assert.equal(sowingKey(plain.final), sowingKey(parsePosition(variant, afterFen)), context);
      }
      assert.ok(sowing.frames.length >= 2, context);
      if (from.hands[from.toMove] === 0) ++stats.mtaji;
      if (from.takasia) ++stats.takasia;
      if (token.safari) ++stats.safari;
      if (token.kichwa.length) ++stats.kichwa;
      fen = afterFen;
      ++stats.checked;
    }
  }
  return stats;
}

for (const [variant, kichwa, games, plies] of [
  ["bao", "choose", 30, 120],
  ["kigogo", "choose", 30, 120],
  ["kujifunza", "choose", 40, 80],
  ["kujifunza", "follow", 40, 80],
  ["kiswahili", "choose", 80, 200],
]) {
  test(`the simulated sowing reaches kete's position: ${variant} (${kichwa})`, async () => {
    const stats = await playRandomGames(variant, kichwa, games, plies);
    test.diagnostic?.(JSON.stringify(stats));
    console.log(`${variant} ${kichwa}: ${JSON.stringify(stats)}`);
    assert.ok(stats.checked > games * 3, `only ${stats.checked} moves checked`);
  });
}
