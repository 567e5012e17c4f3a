// The game on the board: where it started, its moves, and after each move the position
// the engine reported (`query fen`), so that stepping through it needs no engine.
import type { EngineResult } from "./game_record.js";
import {
  frontRowEmpty,
  parsePosition,
  seedsOnBoard,
  type Position,
  type Side,
  type Variant,
} from "./position.js";

export class Game {
  readonly moves: string[] = [];
  readonly fens: string[]; // fens[i]: the position after i moves
  readonly thinkMs: (number | null)[] = []; // per move: engine think time, or null
  legal: string[] = []; // the legal moves of the last position
  result: EngineResult = "none";

  constructor(
    readonly variant: Variant,
    readonly kichwaRule: string,
    readonly startpos: boolean, // started from the variant's start (`position startpos`)
    startFen: string,
  ) {
    this.fens = [startFen];
  }

  get start(): string {
    return this.fens[0]!;
  }

  get plies(): number {
    return this.moves.length;
  }

  get over(): boolean {
    return this.result !== "none";
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

  // The `position` command for the game's first `plies` moves and `extra` after them.
  positionCommand(plies = this.plies, extra: string[] = []): string {
    const moves = [...this.moves.slice(0, plies), ...extra];
    const base = this.startpos ? "position startpos" : `position fen ${this.start}`;
    return moves.length ? `${base} moves ${moves.join(" ")}` : base;
  }

  // Back to the position after `plies` moves (to play on from there).
  truncate(plies: number): void {
    this.moves.length = plies;
    this.thinkMs.length = plies;
    this.fens.length = plies + 1;
    this.result = "none";
  }

  // The rules' reason for the result, as the arena words it (engine/game.cpp EndReason).
  reason(maxPlies: number): string {
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
    if (this.result === "p1win") return `South wins (${why})`;
    if (this.result === "p2win") return `North wins (${why})`;
    if (this.result === "draw") return `Draw (${why})`;
    return "";
  }
}
