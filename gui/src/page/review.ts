// Analysing the game: every position searched to a fixed depth, one after the other, and
// every move that lost half a seed or more then marked in the move list and on the graph
// (move_marks.ts). The scores come
// from the engine's rank-1 reports, which are kept as the score of the position searched
// in every mode (the engine's own moves in Play and Watch draw the graph too).
import { $ } from "./dom.js";
import { kMateScore, type Evaluation, type Game } from "./game.js";
import type { InfoLine } from "./info_line.js";
import type { App } from "./main.js";
import { movesInGame, positionName } from "./move_numbers.js";
import { markMoves, type MoveMark } from "./move_marks.js";

// The review's marks of the game's moves, by their index in the game.
export function moveMarks(game: Game): Map<number, MoveMark> {
  return markMoves(
    game.evals,
    game.moves.map((_, i) => game.toMove(i)),
    game.moves,
  );
}

export class Review {
  constructor(private readonly app: App) {}

  // "Analyse the game": the infinite analysis stops; the review, then the page carries on.
  start(): void {
    const { state, session, play } = this.app;
    state.finish("analysing");
    void session.schedule(async (e) => {
      await this.reviewGame(e);
      await play.carryOn(e);
    });
  }

  private async reviewGame(epoch: number): Promise<void> {
    const { state, session } = this.app;
    const game = state.game;
    if (!game) return;
    const depth = Math.max(
      1,
      Math.min(30, Math.floor(Number($<HTMLInputElement>("review-depth").value) || 6)),
    );
    state.mode = "reviewing";
    try {
      await session.setMultiPV(1);
      await session.setStrength(null);
      for (let ply = 0; ply <= game.plies; ++ply) {
        if (!session.isCurrent(epoch)) return;
        const known = game.evals[ply];
        if (known && known.depth >= depth) continue;
        if (!(await this.reviewPosition(epoch, game, ply, depth))) return;
      }
      await session.engine.command(game.positionCommand());
      state.viewPly = game.plies;
      const marks = [...moveMarks(game).values()];
      const count = (symbol: string) => marks.filter((m) => m.symbol === symbol).length;
      this.app.analysis.setCaption(
        `— the game analysed at depth ${depth}: ${marks.length} move${marks.length === 1 ? "" : "s"} marked` +
          ` (${count("??")} ??, ${count("?")} ?, ${count("?!")} ?!)`,
      );
    } finally {
      state.finish("reviewing");
    }
  }

  // The game's position `ply` searched to `depth`, shown while it is; false when a newer
  // task came meanwhile.
  private async reviewPosition(
    epoch: number,
    game: Game,
    ply: number,
    depth: number,
  ): Promise<boolean> {
    const { state, session } = this.app;
    state.viewPly = ply;
    await session.engine.command(game.positionCommand(ply));
    this.app.analysis.clear(
      `— analysing the game: the position ${positionName(game, ply)} (of ${movesInGame(game)} moves), depth ${depth}`,
    );
    this.app.view.render();
    const best = await session.search(ply, `depth ${depth}`);
    if (!session.isCurrent(epoch)) return false;
    if (best === "(none)") {
      // A finished game: the result is the score.
      const result = await session.engine.query("result");
      const cp = result === "p1win" ? kMateScore : result === "p2win" ? -kMateScore : 0;
      game.evals[ply] = { cp, mate: null, depth: 64, pv: [] };
    }
    return true;
  }

  // The newest rank-1 report of the running search, kept as the score of its position.
  recordEvaluation(info: InfoLine): void {
    const game = this.app.state.game;
    const ply = this.app.session.searchPly;
    if (!game || ply === null || ply > game.plies || info.depth === null) return;
    if (info.cp === null && info.mate === null) return;
    const sign = game.toMove(ply) === "S" ? 1 : -1;
    const evaluation: Evaluation = {
      cp: info.mate !== null ? sign * Math.sign(info.mate) * kMateScore : sign * info.cp!,
      mate: info.mate !== null ? sign * info.mate : null,
      depth: info.depth,
      pv: info.pv,
    };
    while (game.evals.length <= ply) game.evals.push(null);
    game.evals[ply] = evaluation;
    this.app.view.renderEval(game);
  }
}
