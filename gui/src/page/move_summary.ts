// What a move does, in words, before it is played (issue #31, "Say what a move does"):
// the page's sowing simulator (sowing.ts, checked against kete's positions) plays the
// candidate move, and its frames are read back as the captures (how many seeds, from
// which pit, into which kichwa), the takasa or takata, the nyumba's tax, safari or stop,
// the relay laps, the seeds sown and where the sowing ends. Nothing is guessed from the
// board: what the simulator cannot follow is said to be unknown.
import { parseMoveToken, type MoveToken } from "./move_token.js";
import {
  facingIndex,
  formatPosition,
  frontRowEmpty,
  kHouseIndex,
  opponent,
  parsePitName,
  pitName,
  seedsOnBoard,
  sideName,
  type Position,
} from "./position.js";
import {
  simulateMove,
  sowUntilChoice,
  SowingError,
  type Frame,
  type KichwaRule,
} from "./sowing.js";

export interface MoveSummary {
  token: string;
  // From the position before the move (note "start") to its end, or to the central
  // capture where a kujifunza player is asked for the kichwa; empty when unknown.
  frames: Frame[];
  words: string;
  complete: boolean; // the frames reach the move's end
}

interface Capture {
  at: string; // the mover's pit that captures
  from: string[]; // the opponent's pits taken
  seeds: number;
  kichwa: string | null; // the pit the captured seeds re-enter from (kiswahili, kujifunza)
}

// The move `token` of `before` (one of `legal`, the engine's legal tokens there).
export function summarizeMove(
  before: Position,
  token: string,
  kichwaRule: KichwaRule,
  legal: readonly string[],
): MoveSummary {
  const move = parseMoveToken(token, before.width);
  const unknown = { token, frames: [], complete: false };
  if (!move) return { ...unknown, words: "the page cannot read this move" };
  const start: Frame = {
    position: before,
    highlight: [pitName(move.pit, before.width)],
    note: "start",
    hand: 0,
  };
  try {
    if (before.variant === "kujifunza" && kichwaRule === "choose") {
      const sown = sowUntilChoice(before, move, kichwaRule);
      const frames = [start, ...sown.frames];
      return { token, frames, complete: !!sown.final, words: describe(before, frames) };
    }
    const readAsTakasa = namua(before) && !namuaCaptureExists(before, legal, kichwaRule);
    const frames = [start, ...simulateMove(before, move, kichwaRule, readAsTakasa).frames];
    return { token, frames, complete: true, words: describe(before, frames) };
  } catch (e) {
    if (!(e instanceof SowingError)) throw e;
    return { ...unknown, words: "the page's simulator cannot follow this move" };
  }
}

function namua(p: Position): boolean {
  return p.variant === "kiswahili" && p.hands[p.toMove] > 0;
}

// Whether a namua capture is legal here, so that every namua token names a capture
// (rules.md section 6.2; section 2, "exists means legal"). A legal token from a pit that
// faces no seeds is a takasa, so then none is; otherwise some capture must be legal by
// the rules the simulator does not apply itself: the front row never empty after a drop
// (6.5) and no relay or safari after 12 x 2W seeds since the last capture (section 2).
const captureCache = new Map<string, boolean>();

function namuaCaptureExists(p: Position, legal: readonly string[], rule: KichwaRule): boolean {
  const key = `${formatPosition(p)} ${legal.join(" ")}`;
  const known = captureCache.get(key);
  if (known !== undefined) return known;
  const them = p.rings[opponent(p.toMove)];
  const moves = legal.map((t) => parseMoveToken(t, p.width)).filter((m) => m !== null);
  const faces = (m: MoveToken) =>
    m.pit.index < p.width && them[facingIndex(m.pit.index, p.width)]! > 0;
  const exists =
    moves.length > 0 &&
    moves.every(faces) &&
    moves.some((m) => {
      try {
        return withinRules(p, simulateMove(p, m, rule, false).frames);
      } catch (e) {
        if (e instanceof SowingError) return false;
        throw e;
      }
    });
  if (captureCache.size > 64) captureCache.clear();
  captureCache.set(key, exists);
  return exists;
}

function withinRules(before: Position, frames: readonly Frame[]): boolean {
  const limit = 12 * 2 * before.width;
  let sown = 0;
  for (const f of frames) {
    if (f.note === "capture") sown = 0;
    else if (f.note === "lift" && sown > limit) return false;
    else if (f.note === "sow") {
      sown += 1;
      if (frontRowEmpty(f.position, before.toMove)) return false;
    }
  }
  return true;
}

// An intact house holding 6 or more (rules.md 6.1); a lift of a smaller one is a relay.
function working(p: Position, house: string): boolean {
  return p.houses[p.toMove] && seedsIn(p, house) >= 6;
}

function seedsIn(p: Position, pit: string): number {
  const at = parsePitName(pit, p.width);
  return at ? p.rings[at.side][at.index]! : 0;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The move's frames read back as words.
function describe(before: Position, frames: readonly Frame[]): string {
  const me = before.toMove;
  const house = `${me === "S" ? "A" : "a"}${kHouseIndex + 1}`;
  const captures: Capture[] = [];
  let sown = 0;
  let relays = 0;
  let tax = false;
  let safari = false;
  let lastSow: string | null = null;
  let prev = before;
  let prevNote = "start";
  const reenters = before.variant === "kiswahili" || before.variant === "kujifunza";
  for (const f of frames) {
    const pit = f.highlight[0] ?? "";
    if (f.note === "lift") {
      const first = sown === 0 && captures.length === 0;
      if (first)
        tax = seedsIn(f.position, pit) > 0; // only the tax leaves seeds behind
      else if (namua(before) && captures.length && pit === house && working(prev, house))
        safari = true; // a lap of a capture move ending at the working house (6.5)
      else relays += 1;
    } else if (f.note === "capture") {
      const taken = before.variant === "kigogo" ? f.highlight : f.highlight.slice(1);
      const seeds = taken.reduce((sum, t) => sum + seedsIn(prev, t), 0);
      const at = before.variant === "kigogo" ? (lastSow ?? pit) : pit;
      captures.push({ at, from: [...taken], seeds, kichwa: null });
    } else if (f.note === "sow") {
      // A re-entry lap's first seed falls in the kichwa itself (rules.md section 1).
      if (reenters && prevNote === "capture") captures[captures.length - 1]!.kichwa = pit;
      sown += 1;
      lastSow = pit;
    }
    prev = f.position;
    prevNote = f.note;
  }
  const end = frames[frames.length - 1]!;
  const parts: string[] = [];
  if (namua(before)) parts.push(`a seed from the hand into ${frames[0]!.highlight[0]}`);
  if (captures.length) parts.push(captureWords(before, captures));
  else parts.push(noCaptureWords(before));
  if (tax) parts.push(`the nyumba ${house} pays the tax: 2 seeds lifted, the house kept`);
  if (safari) parts.push(`safari: the nyumba ${house} is lifted and sown on (destroyed)`);
  if (relays) parts.push(plural(relays, "relay lap"));
  parts.push(`${plural(sown, "seed")} sown`);
  if (end.note === "capture" && before.variant !== "kigogo") {
    parts.push("then you choose which kichwa the captured seeds enter");
    return parts.join("; ");
  }
  const victim = opponent(me);
  const won =
    before.variant === "kigogo"
      ? seedsOnBoard(end.position, victim) === 0
      : frontRowEmpty(end.position, victim);
  if (lastSow) parts.push(`ends at ${endWords(before, end.position, lastSow, captures, house)}`);
  if (won)
    parts.push(
      `wins: ${sideName(victim)}'s ${before.variant === "kigogo" ? "seeds are" : "front row is"} gone`,
    );
  return parts.join("; ");
}

function captureWords(before: Position, captures: readonly Capture[]): string {
  const verb = before.variant === "bao" ? "eats" : "captures";
  const one = (c: Capture) => {
    const into = c.kichwa ? ` into the ${kichwaSide(before, c.kichwa)} kichwa ${c.kichwa}` : "";
    const where = before.variant === "kigogo" ? ` (ending at ${c.at})` : ` at ${c.at}`;
    return `${plural(c.seeds, "seed")} from ${c.from.join(" and ")}${where}${into}`;
  };
  const total = captures.reduce((sum, c) => sum + c.seeds, 0);
  const all = captures.length > 1 ? `: ${plural(total, "seed")} in all` : "";
  return `${verb} ${captures.map(one).join(", then ")}${all}`;
}

function kichwaSide(p: Position, pit: string): string {
  return Number(pit.slice(1)) === 1 ? "left" : Number(pit.slice(1)) === p.width ? "right" : "";
}

function noCaptureWords(p: Position): string {
  if (p.variant === "bao") return "no eat";
  if (p.variant === "kigogo") return "no capture";
  if (namua(p)) return "takasa (no capture)";
  return "takata (no capture)";
}

function endWords(
  before: Position,
  after: Position,
  pit: string,
  captures: readonly Capture[],
  house: string,
): string {
  if (before.variant === "kiswahili" && pit === house && after.houses[before.toMove])
    return captures.length && namua(before)
      ? `${pit}, stopping at the nyumba (kept)`
      : `${pit}, the nyumba`;
  if (before.takasia === pit) return `${pit}, the blocked pit`;
  return pit;
}
