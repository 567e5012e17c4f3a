// Watch: the engine plays both sides from the position on the board, each move at the
// strength and search set for it, until the game ends, a move of it is refused or the
// player pauses it (play.ts carries the moves on).
import type { App } from "./main.js";

export class Watch {
  constructor(private readonly app: App) {}

  // "Engines play": from the game's last position, whatever position is shown.
  start(): void {
    const state = this.app.state;
    state.mode = "watching";
    state.viewPly = state.game?.plies ?? 0;
    this.app.play.queueCarryOn();
  }

  pause(): void {
    this.app.state.finish("watching");
    this.app.session.interrupt();
  }

  // Whether the engine moves now: while it plays both sides.
  get engineMoves(): boolean {
    return this.app.state.mode === "watching";
  }
}
