// A game in the arena's record format (docs/arena.md, "Game records"; arena/pgn.cpp
// writes the same text), so that `kete-match --replay` reads what the GUI exports.

export type EngineResult = "p1win" | "p2win" | "draw" | "none";

export interface GameRecordInput {
  south: string;
  north: string;
  variant: string;
  kichwaRule: string;
  maxPlies: number;
  timeControl: string;
  start: string; // position string
  moves: string[];
  // The time each move's player took in ms (an engine's search, a person's move), or
  // null for a move given rather than played (a position's moves, a record's opening).
  moveMs: (number | null)[];
  result: EngineResult;
  reason: string;
  termination?: string; // default: "rules", or "aborted" for an unfinished game
  // The hints each side's player was shown (Play's *Hint*): tags SouthHints and
  // NorthHints, written when there was one (kete-match --replay reads past them).
  hints?: { S: number; N: number };
}

const kLineWidth = 80;

export function resultText(result: EngineResult): string {
  return { p1win: "1-0", p2win: "0-1", draw: "1/2-1/2", none: "*" }[result];
}

function tag(name: string, value: string): string {
  const escaped = value.replace(/[\\"]/g, (c) => "\\" + c).replace(/[\r\n]/g, " ");
  return `[${name} "${escaped}"]\n`;
}

// The opening is the leading moves without a time (given, not played; all of them when
// no move has one). The times follow it move after move, as the format reads them
// (moves[OpeningPlies + i] took the i-th time): they stop at a move without one.
function openingPlies(moveMs: (number | null)[]): number {
  const first = moveMs.findIndex((ms) => ms !== null);
  return first < 0 ? moveMs.length : first;
}

function timedPlies(moveMs: (number | null)[], opening: number): number {
  const gap = moveMs.findIndex((ms, i) => i >= opening && ms === null);
  return gap < 0 ? moveMs.length : gap;
}

function movetext(r: GameRecordInput, opening: number): string {
  const northFirst = r.start.split(" ")[1] === "N";
  const timed = timedPlies(r.moveMs, opening);
  const words: string[] = [];
  r.moves.forEach((move, i) => {
    const ply = i + (northFirst ? 1 : 0);
    let word = ply % 2 === 0 ? `${ply / 2 + 1}. ${move}` : i === 0 ? `1... ${move}` : move;
    const ms = r.moveMs[i];
    if (i >= opening && i < timed && ms !== null && ms !== undefined)
      word += ` {${Math.round(ms)}ms}`;
    words.push(word);
  });
  words.push(resultText(r.result));
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > kLineWidth) {
      lines.push(line);
      line = "";
    }
    line += (line ? " " : "") + w;
  }
  lines.push(line);
  return lines.join("\n") + "\n";
}

export function writeGameRecord(r: GameRecordInput): string {
  const opening = openingPlies(r.moveMs);
  return (
    tag("Event", "kete-gui") +
    tag("Round", "1") +
    tag("Game", "1") +
    tag("South", r.south) +
    tag("North", r.north) +
    tag("Variant", r.variant) +
    tag("KichwaRule", r.kichwaRule) +
    tag("MaxPlies", String(r.maxPlies)) +
    tag("TimeControl", r.timeControl) +
    tag("Start", r.start) +
    tag("OpeningPlies", String(opening)) +
    tag("Result", resultText(r.result)) +
    // A game stopped before its end is recorded as the arena records an aborted one.
    tag("Termination", r.termination ?? (r.result === "none" ? "aborted" : "rules")) +
    tag("Reason", r.reason) +
    tag("Plies", String(r.moves.length)) +
    (r.hints && r.hints.S + r.hints.N > 0
      ? tag("SouthHints", String(r.hints.S)) + tag("NorthHints", String(r.hints.N))
      : "") +
    "\n" +
    movetext(r, opening) +
    "\n"
  );
}
