// The game's move tree without a browser: a line left from inside a variation is kept
// inside it, so that switching to it always plays it on the moves it left.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Game } from "../dist/page/game.js";

// Positions named after the move that reached them: a line is consistent when each
// position follows its own move.
function play(game, moves) {
  for (const move of moves) game.push(move, `after ${move}`, null, "human");
}

function consistent(game) {
  game.moves.forEach((move, i) => assert.equal(game.fen(i + 1), `after ${move}`));
}

const tree = (list) =>
  list.map((v) => ({ ply: v.ply, moves: v.moves, inside: tree(v.variations ?? []) }));

test("a variation left inside a variation stays inside it and is played on its own moves", () => {
  const game = new Game("kiswahili", "choose", true, "start");
  play(game, ["m0", "m1", "m2", "m3", "m4", "m5"]);
  game.truncate(2);
  play(game, ["x2", "x3", "x4", "x5"]);
  game.truncate(4);
  play(game, ["y4"]);
  assert.deepEqual(tree(game.variations), [
    { ply: 2, moves: ["m2", "m3", "m4", "m5"], inside: [] },
    { ply: 4, moves: ["x4", "x5"], inside: [] },
  ]);
  // Back to the first line: the x line and the variation left inside it go together.
  assert.equal(game.switchTo([0]), true);
  assert.deepEqual(game.moves, ["m0", "m1", "m2", "m3", "m4", "m5"]);
  assert.deepEqual(tree(game.variations), [
    { ply: 2, moves: ["x2", "x3", "y4"], inside: [{ ply: 4, moves: ["x4", "x5"], inside: [] }] },
  ]);
  consistent(game);
  // Straight to the variation inside it.
  assert.equal(game.switchTo([0, 0]), true);
  assert.deepEqual(game.moves, ["m0", "m1", "x2", "x3", "x4", "x5"]);
  assert.deepEqual(tree(game.variations), [
    { ply: 2, moves: ["m2", "m3", "m4", "m5"], inside: [] },
    { ply: 4, moves: ["y4"], inside: [] },
  ]);
  consistent(game);
  // A path to nothing changes nothing.
  assert.equal(game.switchTo([0, 3]), false);
  assert.equal(game.switchTo([]), false);
  assert.deepEqual(game.moves, ["m0", "m1", "x2", "x3", "x4", "x5"]);
});

test("a kept game from before the tree (no nested field) switches as before", () => {
  const game = new Game("kiswahili", "choose", true, "start");
  play(game, ["m0", "m1"]);
  game.variations = [
    { ply: 1, moves: ["z1"], fens: ["after z1"], thinkMs: [null], movers: ["human"] },
  ];
  assert.equal(game.switchTo([0]), true);
  assert.deepEqual(game.moves, ["m0", "z1"]);
  assert.deepEqual(tree(game.variations), [{ ply: 1, moves: ["m1"], inside: [] }]);
});
