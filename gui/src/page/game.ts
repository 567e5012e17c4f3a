// The game on the board: where it started, its moves, and after each move the position
// the engine reported (`query fen`), so that stepping through it needs no engine. Also
// who played each move, the analysis of each position, and the lines left when a move
// was played from an earlier position (variations), as a tree: a line left from inside
// another one is kept inside it, so that it is always played on the moves it left.
import type { EngineResult } from "./game_record.js";
import {
  frontRowEmpty,
  opponent,
  parsePosition,
  seedsOnBoard,
  type Position,
  type Side,
  type Variant,
} from "./position.js";

// Who chose a move: the engine, the person at the board, or the record it was loaded from.
export type Mover = "engine" | "human" | "record";

// The engine's view of one position: the score in centi-seeds from South's view (a won
// game counts as kMateScore), the depth it was searched to, and the best line.
export interface Evaluation {
  cp: number;
  mate: number | null; // moves to a won (positive) or lost game, from South's view
  depth: number;
  pv: string[];
}

export const kMateScore = 10000;

export interface Variation {
  ply: number; // the moves below replace the game's moves from this ply on
  moves: string[];
  fens: string[]; // the positions after each of them
  thinkMs: (number | null)[];
  movers: Mover[];
  // The lines left from its own positions (their ply past this one's); none when absent
  // (a game kept by an older page).
  variations?: Variation[];
}

// What is kept in local storage and read back.
export interface SavedGame {
  variant: Variant;
  kichwaRule: string;
  startpos: boolean;
  fens: string[];
  moves: string[];
  thinkMs: (number | null)[];
  movers: Mover[];
  names: Record<Side, string | null>;
  evals: (Evaluation | null)[];
  variations: Variation[];
  flagged?: Side | null;
  hints?: Record<Side, number>; // none when absent (a game kept before hints)
}

export class Game {
  moves: string[] = [];
  fens: string[]; // fens[i]: the position after i moves
  thinkMs: (number | null)[] = []; // per move: engine think time, or null
  movers: Mover[] = [];
  evals: (Evaluation | null)[] = []; // per ply (position), when analysed
  variations: Variation[] = [];
  // The players' names as a loaded record gave them (for the moves from the record).
  names: Record<Side, string | null> = { S: null, N: null };
  legal: string[] = []; // the legal moves of the last position
  result: EngineResult = "none";
  flagged: Side | null = null; // the side whose clock ran out
  hints: Record<Side, number> = { S: 0, N: 0 }; // the hints each side's player was shown

  constructor(
    readonly variant: Variant,
    readonly kichwaRule: string,
    readonly startpos: boolean, // started from the variant's start (`position startpos`)
    startFen: string,
  ) {
    this.fens = [startFen];
  }

  static restore(saved: SavedGame): Game {
    const game = new Game(saved.variant, saved.kichwaRule, saved.startpos, saved.fens[0]!);
    game.fens = [...saved.fens];
    game.moves = [...saved.moves];
    game.thinkMs = [...saved.thinkMs];
    game.movers = [...saved.movers];
    game.names = { ...saved.names };
    game.evals = [...(saved.evals ?? [])];
    game.variations = [...(saved.variations ?? [])];
    game.flagged = saved.flagged === "S" || saved.flagged === "N" ? saved.flagged : null;
    game.hints = { S: Number(saved.hints?.S) || 0, N: Number(saved.hints?.N) || 0 };
    if (game.fens.length !== game.moves.length + 1)
      throw new Error("the saved game is inconsistent");
    for (const fen of game.fens) parsePosition(game.variant, fen);
    return game;
  }

  save(): SavedGame {
    return {
      variant: this.variant,
      kichwaRule: this.kichwaRule,
      startpos: this.startpos,
      fens: this.fens,
      moves: this.moves,
      thinkMs: this.thinkMs,
      movers: this.movers,
      names: this.names,
      evals: this.evals,
      variations: this.variations,
      flagged: this.flagged,
      hints: this.hints,
    };
  }

  get start(): string {
    return this.fens[0]!;
  }

  get plies(): number {
    return this.moves.length;
  }

  get over(): boolean {
    return this.result !== "none" || this.flagged !== null;
  }

  // The result for a record: the rules', or a loss on time.
  get finalResult(): EngineResult {
    if (this.flagged) return this.flagged === "S" ? "p2win" : "p1win";
    return this.result;
  }

  fen(ply = this.plies): string {
    return this.fens[ply]!;
  }

  position(ply = this.plies): Position {
    return parsePosition(this.variant, this.fen(ply));
  }

  toMove(ply = this.plies): Side {
    return this.position(ply).toMove;
  }

  push(move: string, fen: string, ms: number | null, mover: Mover): void {
    this.moves.push(move);
    this.fens.push(fen);
    this.thinkMs.push(ms);
    this.movers.push(mover);
    this.dropRedundantVariations();
  }

  // A variation that the game's line now plays move for move (the same moves played
  // again after a take back) is that line: it is dropped, and the lines left inside it,
  // which branch from the game's own positions now, become the game's. Likewise a
  // variation that another one from the same ply starts with goes into that one.
  private dropRedundantVariations(): void {
    const startsWith = (line: readonly string[], head: readonly string[]) =>
      head.length <= line.length && head.every((move, i) => line[i] === move);
    for (let i = this.variations.length - 1; i >= 0; --i) {
      const v = this.variations[i]!;
      const longer = this.variations.find(
        (w) => w !== v && w.ply === v.ply && startsWith(w.moves, v.moves),
      );
      if (!longer && !startsWith(this.moves.slice(v.ply), v.moves)) continue;
      this.variations.splice(i, 1);
      const inside = v.variations ?? [];
      if (longer) longer.variations = [...(longer.variations ?? []), ...inside];
      else this.variations.push(...inside);
    }
  }

  // The `position` command for the game's first `plies` moves and `extra` after them.
  positionCommand(plies = this.plies, extra: readonly string[] = []): string {
    const moves = [...this.moves.slice(0, plies), ...extra];
    const base = this.startpos ? "position startpos" : `position fen ${this.start}`;
    return moves.length ? `${base} moves ${moves.join(" ")}` : base;
  }

  // Back to the position after `plies` moves, to play on from there. The moves dropped
  // are kept as a variation, with the variations left from their positions inside it
  // (each replaces moves that only that line has).
  truncate(plies: number): void {
    if (plies < this.plies) {
      const inside = this.variations.filter((v) => v.ply > plies);
      this.variations = this.variations.filter((v) => v.ply <= plies);
      this.variations.push({
        ply: plies,
        moves: this.moves.slice(plies),
        fens: this.fens.slice(plies + 1),
        thinkMs: this.thinkMs.slice(plies),
        movers: this.movers.slice(plies),
        variations: inside,
      });
    }
    this.moves.length = plies;
    this.thinkMs.length = plies;
    this.movers.length = plies;
    this.fens.length = plies + 1;
    this.dropRedundantVariations();
    this.evals.length = Math.min(this.evals.length, plies + 1);
    this.result = "none";
    this.flagged = null;
  }

  // Makes the variation at `path` the game's line from its ply on (path: its index in
  // the game's variations, then in that one's, and so on); the line it replaces becomes a
  // variation in its place. False when there is no such variation.
  switchTo(path: readonly number[]): boolean {
    const chain: Variation[] = [];
    let list = this.variations;
    for (const index of path) {
      const v = list[index];
      if (!v) return false;
      chain.push(v);
      list = v.variations ?? [];
    }
    // Each switch brings the next variation of the chain up among the game's own.
    for (const v of chain) this.switchOne(this.variations.indexOf(v));
    return chain.length > 0;
  }

  private switchOne(index: number): void {
    const v = this.variations[index]!;
    this.variations.splice(index, 1);
    this.truncate(v.ply);
    v.moves.forEach((move, i) =>
      this.push(move, v.fens[i]!, v.thinkMs[i] ?? null, v.movers[i] ?? "human"),
    );
    this.variations.push(...(v.variations ?? []));
  }

  // The name of a side's player for a record: who played its moves.
  playerName(side: Side, engineName: string): string {
    const kinds = new Set<string>();
    this.moves.forEach((_, i) => {
      if (this.toMove(i) !== side) return;
      const mover = this.movers[i] ?? "human";
      kinds.add(
        mover === "record"
          ? (this.names[side] ?? "unknown")
          : mover === "engine"
            ? engineName
            : "human",
      );
    });
    if (!kinds.size) return this.names[side] ?? "none";
    return [...kinds].join(" + ");
  }

  // Seeds each side has captured so far (kigogo: captured seeds leave the board).
  captured(ply = this.plies): Record<Side, number> {
    const taken = { S: 0, N: 0 };
    for (let i = 0; i < ply; ++i) {
      const before = this.position(i);
      const after = this.position(i + 1);
      const victim = opponent(before.toMove);
      taken[before.toMove] += Math.max(
        0,
        seedsOnBoard(before, victim) - seedsOnBoard(after, victim),
      );
    }
    return taken;
  }

  // The rules' reason for the result, as the arena words it (rules/game.cpp EndReason).
  reason(maxPlies: number): string {
    if (this.flagged) return `${this.flagged === "S" ? "South" : "North"} ran out of time`;
    if (this.result === "none") return "stopped in the GUI";
    if (this.result === "draw") return this.plies >= maxPlies ? "move limit" : "repetition";
    const loser: Side = this.result === "p1win" ? "N" : "S";
    const p = this.position();
    const finished =
      this.variant === "kigogo" ? seedsOnBoard(p, loser) === 0 : frontRowEmpty(p, loser);
    return finished ? "front row emptied" : "no legal move";
  }

  describeResult(maxPlies: number): string {
    const why = this.reason(maxPlies);
    if (this.flagged) return `${this.flagged === "S" ? "North" : "South"} wins (${why})`;
    if (this.result === "p1win") return `South wins (${why})`;
    if (this.result === "p2win") return `North wins (${why})`;
    if (this.result === "draw") return `Draw (${why})`;
    return "";
  }
}
