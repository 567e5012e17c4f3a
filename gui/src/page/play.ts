// Moves on the board, the player's and the engine's, and what follows each change: the
// engine moves when its side is to move (in Play; in Watch while it plays both sides),
// or analyses the position shown (Analyse). Play is the mode where the player takes one
// side against the engine, at the strength and on the clocks chosen.
import type { Game, Mover } from "./game.js";
import type { App } from "./main.js";
import { tabOf } from "./mode.js";
import { announce, describeMove } from "./move_announcer.js";
import { parsePosition, sideName } from "./position.js";
import { humanSide, opponentName, playElo, searchLimits, strengthText } from "./settings.js";

export class Play {
  // When the position on the board last changed by a move: a person's move is recorded
  // with the time since (as an engine's with its search's), so that a record's times
  // run on after the opening, move after move (issue #31, Broken 7).
  private turnSince = performance.now();

  constructor(private readonly app: App) {}

  // Plays a move on the engine's board from the position shown; what is drawn after it
  // is the engine's position. A move from an earlier position keeps the moves it
  // replaces as a variation. `shownFrames`: frames of its sowing already on the screen.
  async playMove(
    epoch: number,
    token: string,
    ms: number | null,
    mover: Mover,
    animate = true,
    shownFrames = 0,
  ): Promise<boolean> {
    const { state, session } = this.app;
    const game = state.game!;
    this.app.whyNot.clear(); // a reason is about the position before this move
    const from = mover === "engine" ? game.plies : state.viewPly;
    const legal = from === game.plies ? game.legal : state.legalAtView();
    const canonical = legal.find((m) => m.toLowerCase() === token.toLowerCase()) ?? token;
    if (from < game.plies && game.moves[from] === canonical) {
      state.viewPly = from + 1; // the game's own next move: step forward
      if (state.viewPly < game.plies) await this.app.stepping.fetchLegal(game, state.viewPly);
      return true;
    }
    const before = game.fen(from);
    const errors = await session.engine.command(game.positionCommand(from, [canonical]));
    if (errors.length) {
      await session.engine.command(game.positionCommand()); // back to the game's position
      return false;
    }
    const after = await session.engine.query("fen");
    if (from < game.plies) game.truncate(from);
    const side = parsePosition(game.variant, before).toMove;
    game.push(canonical, after, ms, mover);
    this.app.clocks.moved(side);
    await session.refreshLegal(game);
    state.viewPly = game.plies;
    state.viewLegal = null;
    state.preview = null;
    state.steps = null; // a sowing being stepped through is about the position before
    if (animate) await this.app.sowing.animate(epoch, game, before, canonical, after, shownFrames);
    this.turnSince = performance.now();
    this.app.view.render();
    return true;
  }

  // After any change: the engine moves while it is its turn, or analyses in Analyse.
  async carryOn(epoch: number): Promise<void> {
    const { state, session } = this.app;
    this.app.view.render();
    while (session.isCurrent(epoch) && state.game && !state.game.over && this.engineToMove()) {
      if (!(await this.engineMove(epoch))) break;
    }
    if (!session.isCurrent(epoch)) return;
    if (state.game?.over) state.finish("watching");
    if (state.mode === "analysing") await this.app.analyse.analyse(epoch);
  }

  // What comes next, after the task running: carryOn as a task of its own.
  queueCarryOn(): void {
    void this.app.session.schedule((e) => this.carryOn(e));
  }

  // One move of the engine, on its clock or its search a move, at the strength set; false
  // when it cannot go on (the game over, a newer task, its move refused).
  private async engineMove(epoch: number): Promise<boolean> {
    const { state, session, analysis } = this.app;
    const game = state.game!;
    const side = sideName(game.toMove());
    // In Watch each side plays at its own strength (settings.ts), sent before its search.
    const watchSide = state.mode === "watching" ? game.toMove() : undefined;
    await session.setMultiPV(1);
    await session.setStrength(playElo(session.eloRange, watchSide));
    await session.engine.command(game.positionCommand());
    const limits = this.limits();
    const strength = strengthText(session.eloRange, watchSide);
    analysis.clear(`— ${side} to move, ${limits}, ${strength}`);
    this.app.view.render();
    const started = performance.now();
    const best = await session.search(game.plies, limits);
    if (!session.isCurrent(epoch)) return false;
    analysis.setCaption(`— ${side} played ${best}, ${limits}, ${strength}`);
    if (best === "(none)") {
      await session.refreshLegal(game);
      return false;
    }
    if (!(await this.playMove(epoch, best, Math.round(performance.now() - started), "engine"))) {
      this.app.messages.showError(`the engine's move '${best}' was refused`);
      state.finish("watching");
      return false;
    }
    this.announceEngineMove(game);
    return true;
  }

  // The engine's move just played, in words for a screen reader, and what comes next.
  private announceEngineMove(game: Game): void {
    const { session, state } = this.app;
    const mover = game.toMove(game.plies - 1);
    const watchSide = state.mode === "watching" ? mover : undefined;
    const player = opponentName(session.engine.identity, session.eloRange, watchSide);
    const next = game.over
      ? `${game.describeResult(session.maxPlies())}.`
      : state.mode === "play" && game.toMove() === humanSide()
        ? "Your move."
        : `${sideName(game.toMove())} to move.`;
    announce(`${describeMove(game, game.plies - 1, player)} ${next}`);
  }

  // The player's move `token` from the position shown, then the engine's answer.
  humanMove(token: string): void {
    this.app.state.selected = null;
    const ms = this.humanMs();
    void this.app.session.schedule(async (epoch) => {
      if (await this.playMove(epoch, token, ms, "human")) await this.carryOn(epoch);
    });
  }

  // The time a person took over the move being played now: since the last move.
  humanMs(): number {
    return Math.round(performance.now() - this.turnSince);
  }

  // The position before the player's last move (Play): the player's move and the engine's
  // answer to it taken back; null when the player has not moved.
  takeBackPly(): number | null {
    const game = this.app.state.game;
    if (!game || tabOf(this.app.state.mode) !== "play") return null;
    const human = humanSide();
    for (let ply = game.plies - 1; ply >= 0; --ply) if (game.toMove(ply) === human) return ply;
    return null;
  }

  // "Take back": the game goes back to the player's last turn (the engine stopped if it is
  // thinking). The moves taken back are kept as a variation until the same moves are
  // played again (Game.dropRedundantVariations). The clocks are not turned back.
  takeBack(): void {
    const { state, session } = this.app;
    const game = state.game;
    const ply = this.takeBackPly();
    if (!game || ply === null) return;
    state.selected = null;
    state.kichwa = null;
    state.preview = null;
    state.gameOverClosed = false;
    void session.schedule(async (epoch) => {
      game.truncate(ply);
      state.viewPly = game.plies;
      state.viewLegal = null;
      await session.engine.command(game.positionCommand());
      await session.refreshLegal(game);
      await this.carryOn(epoch);
    });
  }

  // Whether the player may move now: on their turn in Play, from the position shown in
  // Analyse (an earlier one starts a variation), never while the page is busy.
  humanMayMove(): boolean {
    const { state, session, sowing } = this.app;
    const game = state.game;
    if (!game || sowing.running || state.kichwa || state.preview) return false;
    // A hint being searched is the player's own: a move cancels it (hint.ts).
    const busy = session.busy && !this.app.hint.searching;
    if (session.engine.status !== "ready" || busy || state.mode === "reviewing") return false;
    const live = state.viewPly === game.plies;
    if (live && game.over) return false;
    if (state.mode === "play") return live && game.toMove() === humanSide();
    if (state.mode === "analyse" || state.mode === "analysing")
      return live || state.viewLegal?.ply === state.viewPly;
    return false;
  }

  private engineToMove(): boolean {
    if (this.app.state.mode === "play") return this.app.state.game!.toMove() !== humanSide();
    return this.app.watch.engineMoves;
  }

  // The engine's search for its move: on its clock when there are clocks (a weak strength
  // caps its own search), else the search a move set.
  limits(): string {
    return this.app.clocks.goLimits() ?? searchLimits();
  }
}
