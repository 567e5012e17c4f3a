// What a person pastes or loads into the position box, read in the page: a game record
// (the arena's format, docs/arena.md "Game records", as kete-match --pgn and the GUI's
// export write it; one or more games), or one position string optionally followed by
// `moves ...`. Nothing here is sent to the engine as it was typed: the page builds the
// one `position` command itself from what it read, and the engine validates it.
import { kMoveTokenPattern, parseMoveToken } from "./move_token.js";
import { isVariant, widthOf, type Variant } from "./position.js";

export interface RecordGame {
  tags: Map<string, string>;
  variant: Variant | null; // from the Variant tag
  kichwaRule: string | null;
  start: string | null; // the Start tag, a position string; null: the variant's start
  moves: string[];
  moveMs: (number | null)[];
  result: string | null; // "1-0", "0-1", "1/2-1/2", "*"
}

// One position string with moves: `startpos [moves ...]` or `<fields> [moves ...]`.
export interface PositionText {
  start: string | null; // null: startpos
  moves: string[];
}

export class GameTextError extends Error {}

// Control characters other than the line breaks and tabs a pasted record contains.
const kControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const kResults = new Set(["1-0", "0-1", "1/2-1/2", "*"]);

export function isRecordText(text: string): boolean {
  return /^\s*\[\w+\s+"/m.test(text);
}

function unescapeTag(value: string): string {
  return value.replace(/\\(["\\])/g, "$1");
}

// The games of a record text, in order. Move numbers and the result word are skipped,
// `{Nms}` comments give the think time of the move before them, other comments are
// skipped.
export function parseRecords(text: string): RecordGame[] {
  if (kControl.test(text)) throw new GameTextError("the text holds control characters");
  const games: RecordGame[] = [];
  let game: RecordGame | null = null;
  let inMoves = false;
  const flush = () => {
    if (game) games.push(game);
    game = null;
    inMoves = false;
  };
  const lines = text.split(/\r?\n|\r/);
  lines.forEach((raw, lineIndex) => {
    const line = raw.trim();
    if (!line) return;
    const tag = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (tag) {
      if (inMoves || !game) flush();
      game ??= {
        tags: new Map(),
        variant: null,
        kichwaRule: null,
        start: null,
        moves: [],
        moveMs: [],
        result: null,
      };
      game.tags.set(tag[1]!, unescapeTag(tag[2]!));
      return;
    }
    if (!game) throw new GameTextError(`line ${lineIndex + 1}: expected a [Tag "value"] line`);
    inMoves = true;
    const words = line
      .replace(/\{([^}]*)\}/g, " {$1} ")
      .split(/\s+/)
      .filter(Boolean);
    for (let i = 0; i < words.length; ++i) {
      const word = words[i]!;
      if (word.startsWith("{")) {
        let comment = word;
        while (!comment.endsWith("}") && i + 1 < words.length) comment += " " + words[++i];
        const ms = /^\{(\d+)ms\}$/.exec(comment);
        if (ms && game.moves.length) game.moveMs[game.moves.length - 1] = Number(ms[1]);
        continue;
      }
      if (/^\d+\.(\.\.)?$/.test(word)) continue;
      const numbered = /^\d+\.(?:\.\.)?(.+)$/.exec(word); // "1.A6R" without a space
      const move = numbered ? numbered[1]! : word;
      if (kResults.has(move)) {
        game.result = move;
        continue;
      }
      if (!kMoveTokenPattern.test(move))
        throw new GameTextError(`line ${lineIndex + 1}: '${move}' is not a move token`);
      game.moves.push(move);
      game.moveMs.push(null);
    }
  });
  flush();
  if (!games.length) throw new GameTextError("no game in the text");
  for (const g of games as RecordGame[]) {
    const variant = g.tags.get("Variant");
    if (variant !== undefined) {
      if (!isVariant(variant)) throw new GameTextError(`unknown variant '${variant}'`);
      g.variant = variant;
    }
    g.kichwaRule = g.tags.get("KichwaRule") ?? null;
    if (g.kichwaRule !== null && g.kichwaRule !== "choose" && g.kichwaRule !== "follow")
      throw new GameTextError(`unknown kichwa rule '${g.kichwaRule}'`);
    const start = g.tags.get("Start");
    if (start !== undefined && start !== "startpos") {
      checkCharacters(start);
      g.start = start;
    }
    if (g.result === null) g.result = g.tags.get("Result") ?? null;
  }
  return games;
}

// Only the characters of a position string (digits, separators, S/N, hands, houses, a
// pit name): the engine validates the rest and its error is shown as it wrote it.
function checkCharacters(text: string): void {
  if (!/^[0-9,/ SNHhABab-]+$/.test(text))
    throw new GameTextError(`'${text}' is not a position string`);
}

// One line: `startpos`, or a position string of the variant, optionally followed by
// `moves m1 m2 ...`. Anything else is refused here, before the engine sees it.
export function parsePositionText(variant: Variant, text: string): PositionText {
  if (/[\r\n]/.test(text) || kControl.test(text))
    throw new GameTextError("a position string is one line (paste a whole record to load a game)");
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length) throw new GameTextError("empty position");
  const at = words.indexOf("moves");
  const head = at < 0 ? words : words.slice(0, at);
  const moves = at < 0 ? [] : words.slice(at + 1);
  if (at >= 0 && !moves.length) throw new GameTextError("'moves' without moves");
  for (const move of moves) {
    if (!parseMoveToken(move, widthOf(variant)))
      throw new GameTextError(`'${move}' is not a move token`);
  }
  if (head.length === 1 && head[0] === "startpos") return { start: null, moves };
  if (head[0] === "startpos") throw new GameTextError(`unexpected '${head[1]}' after startpos`);
  if (head[0] === "fen") head.shift();
  const start = head.join(" ");
  // Only the characters of a position string: digits, separators, S/N, hands, houses, pits.
  checkCharacters(start);
  return { start, moves };
}
