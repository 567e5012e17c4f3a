// A sowing simulator for the animation only: it replays one legal move seed by seed
// (rules.md sections 3-6) and records a frame per lift, drop and capture. The board the
// GUI shows after a move is always the engine's `query fen`; when this simulation ends
// anywhere else (a rule read differently, another engine's rules), the GUI skips the
// animation rather than show a wrong sowing. The tests check it against kete's positions.
import type { Letter, MoveToken } from "./move_token.js";
import {
  clonePosition,
  facingIndex,
  formatPosition,
  frontRowEmpty,
  kHouseIndex,
  opponent,
  parsePitName,
  pitName,
  type Position,
  type Side,
} from "./position.js";

export type KichwaRule = "choose" | "follow";

export interface Frame {
  position: Position;
  highlight: string[]; // pit names touched in this step
  note: string; // "sow", "lift", "capture", "hand", "end"
  hand: number; // seeds in the mover's hand after this step, still to sow (0 at a lap end)
}

export interface Sowing {
  frames: Frame[];
  final: Position; // takasia unknown (null): only the engine decides it
}

export class SowingError extends Error {}

// Kujifunza under the choose rule: the sowing reached a central capture and the token had
// no more kichwa letters. The frames up to the capture are kept, so that the page can
// show the board and ask.
export class KichwaNeeded extends SowingError {
  constructor(readonly frames: Frame[]) {
    super("a kichwa choice is needed");
  }
}

// A kujifunza move sown as far as its kichwa letters go: either it ends (`final` set), or
// it stops at the next central capture that needs a choice (`final` null).
export function sowUntilChoice(
  before: Position,
  move: MoveToken,
  kichwaRule: KichwaRule,
): { frames: Frame[]; final: Position | null } {
  try {
    const sowing = simulateMove(before, move, kichwaRule);
    return { frames: sowing.frames, final: sowing.final };
  } catch (e) {
    if (e instanceof KichwaNeeded) return { frames: e.frames, final: null };
    throw e;
  }
}

// Every move of a legal game ends long before this many seeds are sown (the
// twelve-rounds rule bounds a move between captures).
const kMaxDrops = 100000;

export function simulateMove(
  before: Position,
  move: MoveToken,
  kichwaRule: KichwaRule,
  readAsTakasa = false,
): Sowing {
  const sower = new Sower(before, move, kichwaRule, readAsTakasa);
  sower.play();
  sower.p.toMove = opponent(before.toMove);
  sower.p.takasia = null;
  sower.snap([], "end");
  return { frames: sower.frames, final: sower.p };
}

// The sowing that leads to the engine's position `after`, or null. A namua token names a
// capture when its pit faces seeds, unless no capture was legal (rules.md section 2,
// "exists means legal"): then it is a takasa, so both readings are tried.
export function sowingTo(
  before: Position,
  move: MoveToken,
  kichwaRule: KichwaRule,
  after: Position,
): Sowing | null {
  const target = sowingKey(after);
  for (const readAsTakasa of [false, true]) {
    try {
      const sowing = simulateMove(before, move, kichwaRule, readAsTakasa);
      if (sowingKey(sowing.final) === target) return sowing;
    } catch (e) {
      if (!(e instanceof SowingError)) throw e;
    }
  }
  return null;
}

// Fields 1-4 of the position string: what the simulation can know (takasia is the
// engine's decision after the move).
export function sowingKey(p: Position): string {
  return formatPosition({ ...p, takasia: null });
}

// The direction of a letter at a ring index: on the front row L is anticlockwise (-1),
// on the back row L is clockwise (+1) (rules.md section 1).
function directionOf(letter: Letter, index: number, width: number): number {
  const front = index < width;
  return (letter === "L") === front ? -1 : 1;
}

class Sower {
  readonly p: Position;
  readonly frames: Frame[] = [];
  private readonly me: Side;
  private readonly them: Side;
  private readonly width: number;
  private readonly ring: number[];
  private readonly other: number[];
  private readonly kichwaChoices: Letter[];
  private drops = 0;
  private direction = 0;
  private won = false;
  private inHand = 0; // the seeds lifted or captured and not yet sown

  constructor(
    before: Position,
    private readonly move: MoveToken,
    private readonly kichwaRule: KichwaRule,
    private readonly readAsTakasa: boolean,
  ) {
    this.p = clonePosition(before);
    this.me = before.toMove;
    this.them = opponent(this.me);
    this.width = before.width;
    this.ring = this.p.rings[this.me];
    this.other = this.p.rings[this.them];
    this.kichwaChoices = [...move.kichwa];
    if (move.pit.side !== this.me) throw new SowingError(`${move.text}: not the mover's pit`);
  }

  play(): void {
    switch (this.p.variant) {
      case "bao":
        return this.playBao();
      case "kigogo":
        return this.playKigogo();
      case "kujifunza":
        return this.playMtaji();
      case "kiswahili":
        return this.p.hands[this.me] > 0 ? this.playNamua() : this.playMtaji();
    }
  }

  // Section 3: eat at an own front pit facing seeds, relay elsewhere.
  private playBao(): void {
    const start = this.move.pit.index;
    this.direction = this.letterDirection(start);
    let end = this.sow(this.lift(start), this.step(start));
    for (;;) {
      if (this.ring[end] === 1) return;
      const facing = facingIndex(end, this.width);
      if (end < this.width && this.other[facing]! > 0) {
        const seeds = this.ring[end]! + this.other[facing]!;
        this.ring[end] = 0;
        this.other[facing] = 0;
        this.inHand = seeds;
        this.snap([this.name(this.me, end), this.name(this.them, facing)], "capture");
        const won = frontRowEmpty(this.p, this.them);
        end = this.sow(seeds, this.step(end));
        if (won) return;
      } else {
        end = this.sow(this.lift(end), this.step(end));
      }
    }
  }

  // Section 4: anticlockwise relay; the capture comes at the end of the move.
  private playKigogo(): void {
    const start = this.move.pit.index;
    this.direction = -1;
    let end: number;
    if (this.ring[start] === 1) {
      end = this.sow(this.lift(start), this.step(start)); // the single seed: one step, no relay
    } else {
      end = this.sow(this.lift(start), this.step(start));
      while (this.ring[end]! > 1) end = this.sow(this.lift(end), this.step(end));
    }
    const facing = facingIndex(end, this.width);
    if (end >= this.width || this.other[facing] === 0) return;
    const behind = 2 * this.width - 1 - facing; // the back pit with the facing pit's number
    const touched = [this.name(this.them, facing)];
    this.other[facing] = 0;
    if (this.other[behind]! > 0) {
      this.other[behind] = 0;
      touched.push(this.name(this.them, behind));
    }
    this.snap(touched, "capture");
  }

  // Kujifunza, and kiswahili once the mover's hand is empty (sections 5 and 6.4): a move
  // whose first lap captures is a capture move, anything else a takata.
  private playMtaji(): void {
    const start = this.move.pit.index;
    this.direction = this.letterDirection(start);
    const seeds = this.lift(start);
    const end = this.sow(seeds, this.step(start));
    if (seeds <= 15 && this.capturesAt(end)) return this.captureMove(end, false);
    this.takata(end, false);
  }

  // Section 6.2: one seed from the hand into an own front pit, then capture or takasa.
  private playNamua(): void {
    const start = this.move.pit.index;
    const workingHouse = start === kHouseIndex && this.p.houses[this.me] && this.ring[start]! >= 6;
    this.p.hands[this.me] -= 1;
    this.ring[start]! += 1;
    this.snap([this.name(this.me, start)], "hand");
    if (!this.readAsTakasa && this.other[facingIndex(start, this.width)]! > 0)
      return this.captureMove(start, true);
    this.direction = this.letterDirection(start);
    if (workingHouse) {
      // The tax: only two seeds leave a working house, which stays intact.
      this.ring[start]! -= 2;
      this.inHand = 2;
      this.snap([this.name(this.me, start)], "lift");
      return this.takata(this.sow(2, this.step(start)), true);
    }
    this.takata(this.sow(this.lift(start), this.step(start)), true);
  }

  // Lap ends of a capture move (section 6.5, and section 5 for kujifunza).
  private captureMove(at: number, namua: boolean): void {
    let end = this.capture(at, namua);
    while (!this.won) {
      if (this.ring[end] === 1) return;
      if (this.capturesAt(end)) {
        end = this.capture(end, false);
      } else if (namua && this.atWorkingHouse(end)) {
        if (!this.move.safari) return;
        end = this.sow(this.lift(end), this.step(end)); // safari: the house is destroyed
      } else {
        end = this.sow(this.lift(end), this.step(end));
      }
    }
  }

  // Lap ends of a takasa or takata: never a capture.
  private takata(end: number, namua: boolean): void {
    const blocked = this.blockedPit();
    for (;;) {
      if (this.ring[end] === 1) return;
      if (namua && this.atWorkingHouse(end)) return;
      if (end === blocked) return;
      end = this.sow(this.lift(end), this.step(end));
    }
  }

  // Takes the facing seeds and sows them from a kichwa (section 6.3); returns the lap end.
  private capture(at: number, firstNamua: boolean): number {
    const facing = facingIndex(at, this.width);
    const seeds = this.other[facing]!;
    this.other[facing] = 0;
    if (this.p.variant === "kiswahili" && facing === kHouseIndex) this.p.houses[this.them] = false;
    this.inHand = seeds;
    this.snap([this.name(this.me, at), this.name(this.them, facing)], "capture");
    const left = this.kichwaIsLeft(at, firstNamua);
    const kichwa = left ? 0 : this.width - 1;
    this.direction = left ? 1 : -1;
    this.won = frontRowEmpty(this.p, this.them);
    return this.sow(seeds, kichwa);
  }

  private kichwaIsLeft(at: number, firstNamua: boolean): boolean {
    if (at <= 1) return true;
    if (at >= this.width - 2) return false;
    if (firstNamua) return this.move.letter === "L";
    if (this.p.variant === "kujifunza" && this.kichwaRule === "choose") {
      const choice = this.kichwaChoices.shift();
      if (!choice) throw new KichwaNeeded(this.frames);
      return choice === "L";
    }
    return this.direction === 1; // keep the direction: clockwise enters the left kichwa
  }

  private capturesAt(end: number): boolean {
    return end < this.width && this.ring[end]! > 1 && this.other[facingIndex(end, this.width)]! > 0;
  }

  private atWorkingHouse(end: number): boolean {
    return (
      this.p.variant === "kiswahili" &&
      end === kHouseIndex &&
      this.p.houses[this.me] &&
      this.ring[end]! >= 6
    );
  }

  // The mover's own pit named by the takasia field, if any.
  private blockedPit(): number {
    if (!this.p.takasia) return -1;
    const pit = parsePitName(this.p.takasia, this.width);
    return pit && pit.side === this.me ? pit.index : -1;
  }

  private letterDirection(index: number): number {
    if (!this.move.letter) throw new SowingError(`${this.move.text}: no direction`);
    return directionOf(this.move.letter, index, this.width);
  }

  private step(index: number): number {
    return (index + this.direction + 2 * this.width) % (2 * this.width);
  }

  private lift(index: number): number {
    const seeds = this.ring[index]!;
    if (seeds === 0) throw new SowingError(`${this.move.text}: lifting an empty pit`);
    this.ring[index] = 0;
    if (this.p.variant === "kiswahili" && index === kHouseIndex) this.p.houses[this.me] = false;
    this.inHand = seeds;
    this.snap([this.name(this.me, index)], "lift");
    return seeds;
  }

  // Drops `seeds` one by one from `from` on in the current direction; returns the pit of
  // the last seed.
  private sow(seeds: number, from: number): number {
    let at = from;
    this.inHand = seeds;
    for (let i = 0; i < seeds; ++i) {
      if (i > 0) at = this.step(at);
      this.ring[at]! += 1;
      this.inHand -= 1;
      if (++this.drops > kMaxDrops) throw new SowingError(`${this.move.text}: does not end`);
      this.snap([this.name(this.me, at)], "sow");
    }
    return at;
  }

  private name(side: Side, index: number): string {
    return pitName({ side, index }, this.width);
  }

  snap(highlight: string[], note: string): void {
    this.frames.push({ position: clonePosition(this.p), highlight, note, hand: this.inHand });
  }
}
