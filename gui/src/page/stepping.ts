// The position shown: stepping through the game (the move list, the graph, the arrow
// keys), the variations kept off its line, and playing on from an earlier move. In
// Analyse the engine follows the position shown, and a move from an earlier position
// starts a variation, for which the engine's legal moves there are fetched.
import type { Game } from "./game.js";
import type { App } from "./main.js";

export class Stepping {
  constructor(private readonly app: App) {}

  // Shows the game's position `ply` (clamped to the game).
  show(ply: number): void {
    const { state, session } = this.app;
    const game = state.game;
    if (!game || state.kichwa) return;
    const target = Math.max(0, Math.min(game.plies, ply));
    state.preview = null;
    state.steps = null;
    state.viewPly = target;
    state.selected = null;
    this.app.view.render();
    // Analysis follows the position shown; an earlier position can start a variation.
    if (state.mode === "analyse" || state.mode === "analysing") {
      void session.schedule(async (epoch) => {
        if (target < game.plies) await this.fetchLegal(game, target);
        else await session.engine.command(game.positionCommand());
        await this.app.play.carryOn(epoch);
      });
    }
  }

  // The legal moves of an earlier position (to play a variation from it).
  async fetchLegal(game: Game, ply: number): Promise<void> {
    const session = this.app.session;
    await session.engine.command(game.positionCommand(ply));
    this.app.state.viewLegal = { ply, moves: await session.legalMoves() };
  }

  // The variation at `path` (Game.switchTo) becomes the game's line.
  switchVariation(path: number[]): void {
    const { state, session } = this.app;
    const game = state.game;
    if (!game) return;
    void session.schedule(async (epoch) => {
      if (!game.switchTo(path)) return;
      await session.engine.command(game.positionCommand());
      await session.refreshLegal(game);
      state.viewPly = game.plies;
      await this.app.play.carryOn(epoch);
    });
  }

  // The moves after the position shown dropped: the game goes on from there.
  playFromHere(): void {
    const { state, session } = this.app;
    const game = state.game;
    if (!game || state.viewPly === game.plies) return;
    const ply = state.viewPly;
    void session.schedule(async (epoch) => {
      game.truncate(ply);
      await session.engine.command(game.positionCommand());
      await session.refreshLegal(game);
      await this.app.play.carryOn(epoch);
    });
  }
}
