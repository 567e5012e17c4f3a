// Analyse: the engine searches the position shown until it is stopped, with as many lines
// as asked for and always at full strength; the analysis follows the position shown as
// the player steps through the game or plays a move (stepping.ts, play.ts). A line of it
// can be played out on the board as a preview, without touching the game. Before each
// analysis a bounded solve looks for a proven result (proven.ts).
import { $ } from "./dom.js";
import { EngineGone } from "./engine_client.js";
import type { App } from "./main.js";
import { tabOf } from "./mode.js";
import { positionName } from "./move_numbers.js";
import { sideName } from "./position.js";
import {
  kMateNodes,
  kSolveNodes,
  mateDistance,
  ProvenView,
  solveVerdict,
  type Verdict,
} from "./proven.js";

export class Analyse {
  readonly proven = new ProvenView($("proven"));

  constructor(private readonly app: App) {}

  start(): void {
    this.app.state.mode = "analysing";
    this.app.play.queueCarryOn();
  }

  // Stops the analysis, or the review of the game.
  stop(): void {
    this.app.state.stopWork();
    this.app.session.interrupt();
  }

  // The number of lines changed: a running analysis starts again with them.
  linesChanged(): void {
    if (this.app.state.mode === "analysing") this.app.play.queueCarryOn();
  }

  // Searches the position shown until a newer task than `epoch` stops it; first the
  // solver, within its budget, for a proven result.
  async analyse(epoch: number): Promise<void> {
    const { state, session, analysis } = this.app;
    const game = state.game;
    const ply = state.viewPly;
    if (!game || (ply === game.plies && game.over)) {
      state.finish("analysing");
      analysis.clear("— the game is over: nothing to analyse");
      return;
    }
    const lines = Math.max(1, Math.min(64, Number($<HTMLInputElement>("multipv").value) || 1));
    await session.setMultiPV(lines);
    await session.setStrength(null); // analysis is always at full strength
    const position = game.positionCommand(ply);
    await session.engine.command(position);
    const what = `${sideName(game.toMove(ply))} to move${ply < game.plies ? ` (${positionName(game, ply)})` : ""}, ${lines} line${lines > 1 ? "s" : ""}`;
    session.setBusy(-1); // neither the solver nor waiting for `stop` is being busy
    try {
      if (this.solves()) {
        analysis.clear(
          `— solving ${what.replace(/, \d+ lines?$/, "")} (at most ${kSolveNodes.toLocaleString("en-US")} nodes)`,
        );
        this.proven.start(game, position);
        this.app.view.render();
        const verdict = await this.prove(epoch);
        this.proven.finish(session.isCurrent(epoch) ? verdict : null);
        if (!session.isCurrent(epoch)) return;
      }
      analysis.clear(`— analysing ${what}`);
      await session.search(ply, "infinite", () => this.app.view.render());
    } finally {
      session.setBusy(+1);
      analysis.setCaption(`— analysis stopped: ${what}`);
    }
  }

  // Whether the engine has kete's solver (`go solve`, `go mate`): other engines are not
  // asked.
  private solves(): boolean {
    return /^kete\b/i.test(this.app.session.engine.identity.name);
  }

  // The solver on the engine's position: `go solve` within its budget, then, for a win of
  // the side to move, `go mate` up to the solve's line for the shortest win. Each ends
  // with its `bestmove`, so a newer task's `stop` ends it cleanly; null once cancelled.
  private async prove(epoch: number): Promise<Verdict | null> {
    const { session } = this.app;
    const solve: string[] = [];
    await session.engine.go(`solve nodes ${kSolveNodes}`, (line) => solve.push(line));
    if (!session.isCurrent(epoch)) return null;
    const verdict = solveVerdict(solve);
    if (verdict.kind !== "win" || verdict.winner !== verdict.toMove || !verdict.line.length)
      return verdict;
    const mate: string[] = [];
    const most = Math.ceil(verdict.line.length / 2); // the winner's moves along the line
    await session.engine.go(`mate ${most} nodes ${kMateNodes}`, (line) => mate.push(line));
    if (!session.isCurrent(epoch)) return null;
    return { ...verdict, moves: mateDistance(mate) };
  }

  // The line `moves` of the analysis (from the position analysed) played by the engine,
  // up to the first it refuses, and shown on the board. A running analysis goes on: the
  // engine answers `position` and `query` beside its search (protocol.md, "Behaviour
  // while searching"), so the preview is asked for without stopping it (issue #31,
  // Broken 8); otherwise it is a task of its own.
  previewLine(moves: string[]): void {
    const { state, session } = this.app;
    const game = state.game!;
    const ply = tabOf(state.mode) === "analyse" ? state.viewPly : game.plies;
    if (!moves.length) return;
    if (state.mode === "analysing" && session.engine.searching) {
      const epoch = session.currentEpoch;
      void this.linePositions(ply, moves, epoch).then(
        (fens) => {
          if (!session.isCurrent(epoch) || state.game !== game) return;
          if (fens.length) state.preview = { ply, moves: moves.slice(0, fens.length), fens };
          this.app.view.render();
        },
        (e: unknown) => {
          if (!(e instanceof EngineGone)) this.app.messages.showError(String(e));
        },
      );
      return;
    }
    void session.schedule(async (epoch) => {
      const fens = await this.linePositions(ply, moves, epoch);
      if (fens.length) state.preview = { ply, moves: moves.slice(0, fens.length), fens };
      await this.app.play.carryOn(epoch);
    });
  }

  // The engine's positions after each move of `moves` from the game's position `ply`, up
  // to the first it refuses or a task newer than `epoch`; the engine is then given the
  // game's position again.
  private async linePositions(ply: number, moves: string[], epoch: number): Promise<string[]> {
    const { state, session } = this.app;
    const game = state.game!;
    const fens: string[] = [];
    for (let k = 1; k <= moves.length && session.isCurrent(epoch); ++k) {
      const errors = await session.engine.command(game.positionCommand(ply, moves.slice(0, k)));
      if (errors.length) break;
      fens.push(await session.engine.query("fen"));
    }
    if (session.isCurrent(epoch)) await session.engine.command(game.positionCommand());
    return fens;
  }

  closePreview(): void {
    this.app.state.preview = null;
    this.app.view.render();
  }
}
