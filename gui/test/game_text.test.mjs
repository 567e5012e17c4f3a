// Reading what is pasted into the position box, without a browser: records (kete-match's
// and the GUI's), position strings with moves, and what must be refused before anything
// reaches the engine.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  GameTextError,
  isRecordText,
  parsePositionText,
  parseRecords,
} from "../dist/page/game_text.js";

const kRecord = `[Event "kete-match"]
[Game "1"]
[South "a \\"quoted\\" name"]
[North "b"]
[Variant "kujifunza"]
[KichwaRule "choose"]
[Start "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"]
[Result "0-1"]

1. A1R:RRR b2L:LLL 2. A3L {12ms} a5R {7ms}
3. B1L {0ms} 0-1

[Event "kete-match"]
[Game "2"]
[Variant "kujifunza"]
[Start "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N"]

1... a1R 2. A2L *
`;

test("records: games, tags, moves with their think times, results", () => {
  assert.equal(isRecordText(kRecord), true);
  const games = parseRecords(kRecord);
  assert.equal(games.length, 2);
  const [first, second] = games;
  assert.equal(first.tags.get("South"), 'a "quoted" name');
  assert.equal(first.variant, "kujifunza");
  assert.equal(first.kichwaRule, "choose");
  assert.deepEqual(first.moves, ["A1R:RRR", "b2L:LLL", "A3L", "a5R", "B1L"]);
  assert.deepEqual(first.moveMs, [null, null, 12, 7, 0]);
  assert.equal(first.result, "0-1");
  assert.deepEqual(second.moves, ["a1R", "A2L"]);
  assert.equal(second.result, "*");
  assert.match(second.start, / N$/);
});

test("records: what is not a record is refused with the line", () => {
  assert.throws(
    () => parseRecords('[Variant "bao"]\n\n1. A1R quit\n'),
    (e) => e instanceof GameTextError && /line 3: 'quit'/.test(e.message),
  );
  assert.throws(() => parseRecords('[Variant "chess"]\n\n1. A1R\n'), /unknown variant 'chess'/);
  assert.throws(() => parseRecords('[Start "startpos; quit"]\n\n*\n'), /not a position string/);
  assert.throws(() => parseRecords('[Variant "bao"]\n\n1. A1R\u0000\n'), /control characters/);
  assert.throws(() => parseRecords("1. A1R\n"), /expected a \[Tag "value"\] line/);
});

test("position text: one line, startpos or a position string, moves after it", () => {
  assert.deepEqual(parsePositionText("bao", "startpos"), { start: null, moves: [] });
  assert.deepEqual(parsePositionText("bao", "  startpos moves A1R a3L "), {
    start: null,
    moves: ["A1R", "a3L"],
  });
  const fen = "0,0,0,0,0,0,0,0/1,2,2,7,0,0,0,0/0,0,0,0,7,3,0,0/0,0,0,0,0,0,0,0 S 21,21 Hh -";
  assert.deepEqual(parsePositionText("kiswahili", `${fen} moves A6L`), {
    start: fen,
    moves: ["A6L"],
  });
  assert.deepEqual(parsePositionText("kiswahili", `fen ${fen}`), { start: fen, moves: [] });
  for (const bad of [
    "startpos\nquit",
    "startpos quit",
    "startpos moves",
    "startpos moves A1R go",
    "2,2 S setoption",
    "startpos moves A13R",
  ])
    assert.throws(() => parsePositionText("bao", bad), GameTextError, JSON.stringify(bad));
});
