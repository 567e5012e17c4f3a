// What the page remembers between events: the mode, the game on the board, the position
// shown, and what the player is in the middle of (a pit selected, a kichwa asked for, a
// line of the analysis previewed). The modules change it; render.ts draws it.
import type { Game } from "./game.js";
import type { KichwaOption } from "./kichwa_question.js";
import { tabOf, type Mode } from "./mode.js";
import type { Letter } from "./move_token.js";
import type { Frame } from "./sowing.js";
import type { SowingStepsView } from "./sowing_steps.js";

// Kujifunza under the choose rule: the player's move paused at a central capture.
export interface KichwaQuestion {
  base: string; // the direction token, e.g. A3R
  ply: number; // the position it is played from
  candidates: string[]; // the legal tokens with that direction
  ms: number; // the time the player took to choose the direction (the move's time)
  chosen: Letter[];
  shown: number; // frames of the sowing already shown
  frame: Frame | null; // the board at the capture
  options: KichwaOption[]; // with where each ends (or asks again), for the preview
  previewing: Letter | null;
}

// A line of the analysis played out on the board without touching the game.
export interface LinePreview {
  ply: number; // the game position the line starts from
  moves: string[];
  fens: string[]; // after each move
}

export class PageState {
  mode: Mode = "play";
  game: Game | null = null;
  viewPly = 0; // the position shown: the game's last, or an earlier one
  viewLegal: { ply: number; moves: string[] } | null = null; // legal moves of an earlier position
  selected: string | null = null; // the pit whose moves the picker offers
  focusPit: string | null = null;
  focusPicker = false;
  focusBoard = false; // a move chosen in the picker by keyboard: the focus goes back to the board
  flipUser = false;
  gameOverClosed = false;
  kichwa: KichwaQuestion | null = null;
  preview: LinePreview | null = null;
  steps: SowingStepsView | null = null; // a sowing stepped through seed by seed
  focusSteps = false;

  // The engine's work on this tab is over, whatever it was (a new game, the engine gone).
  stopWork(): void {
    this.mode = tabOf(this.mode);
  }

  // `work` is over, if it is still what the page is doing (another mode may have come).
  finish(work: "analysing" | "reviewing" | "watching"): void {
    if (this.mode === work) this.mode = tabOf(work);
  }

  legalAtView(): string[] {
    const game = this.game;
    if (!game) return [];
    if (this.viewPly === game.plies) return game.legal;
    return this.viewLegal?.ply === this.viewPly ? this.viewLegal.moves : [];
  }
}
