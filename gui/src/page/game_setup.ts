// Games started and restored: a fresh engine's boot (the game on the board given to it
// again after a restart or a reload), a new game from the variant's start, a position or
// a record's game, and the engine put back on the game when a new one is refused.
import { $ } from "./dom.js";
import { Game, type Mover } from "./game.js";
import { movesInGame } from "./move_numbers.js";
import type { App } from "./main.js";
import { isVariant, kVariants, type Side, type Variant } from "./position.js";
import { fillPresets, fillVariants, showRules } from "./settings.js";

// What a new game starts from: the variant's start or a position, with moves after it.
export interface GameSpec {
  variant: Variant;
  kichwa: string;
  start: string | null;
  moves: string[];
  moveMs?: (number | null)[];
  movers?: Mover[];
  names?: Record<Side, string | null>;
  hints?: Record<Side, number>; // the hints its players took (a record's tags)
  fromRecord?: boolean;
}

export class GameSetup {
  constructor(private readonly app: App) {}

  // A fresh engine: identify it, give it the rules and the game on the board (after a
  // restart or a reload the game goes on where it was), then carry on.
  async boot(epoch: number): Promise<void> {
    const { state, session, play } = this.app;
    const identity = await session.identify();
    fillPresets(session.eloRange, session.engine.identity);
    const variants = identity.options.get("uci_variant")?.choices.filter(isVariant) ?? [];
    fillVariants(variants.length ? variants : [...kVariants]);
    const game = state.game;
    if (game && (variants.length ? variants : kVariants).includes(game.variant)) {
      await session.applyRules(game.variant, game.kichwaRule);
      fillPresets(session.eloRange, session.engine.identity);
      const errors = await session.engine.command(game.positionCommand());
      const fen = errors.length ? null : await session.engine.query("fen");
      if (fen === game.fen()) {
        await session.refreshLegal(game);
        return play.carryOn(epoch);
      }
      this.app.messages.showError(
        `the engine does not reach the kept game's position; starting a new game`,
      );
    }
    await this.newGame(epoch, null);
    await play.carryOn(epoch);
  }

  // The game kept in local storage, on the board before the engine is there.
  restoreKept(): void {
    const state = this.app.state;
    state.game = this.app.store.load();
    if (!state.game) return;
    state.viewPly = state.game.plies;
    showRules(state.game.variant, state.game.kichwaRule);
  }

  // "New game", a position or a record: the engine's work stops, then the new game; a
  // record's game is shown from its start, in Analyse.
  startFresh(spec: GameSpec | null): void {
    const state = this.app.state;
    state.finish("analysing");
    state.finish("watching");
    state.kichwa = null;
    state.preview = null;
    void this.app.session.schedule(async (epoch) => {
      if (await this.newGame(epoch, spec)) {
        if (spec?.fromRecord) this.app.setTab("analyse");
      }
      await this.app.play.carryOn(epoch);
    });
  }

  // Asks before an unfinished game is left for another (`what`: "Start a new game",
  // "Load the game", ...): one with moves, not over, and not a record's game as it was
  // loaded (the record still has it).
  confirmDiscard(what = "Start a new game"): boolean {
    const game = this.app.state.game;
    if (!game || game.plies === 0 || game.over) return true;
    if (game.movers.every((m) => m === "record")) return true;
    const moves = movesInGame(game);
    return window.confirm(
      `${what} and leave this one (${moves} move${moves === 1 ? "" : "s"}, unfinished)? ` +
        "“Save game” keeps it in a file.",
    );
  }

  // A new game from the variant's start (spec null: the variant and kichwa chosen), from
  // a position, or a record's game. The whole `position` command is sent first: when the
  // engine refuses it (a bad position string, an illegal move anywhere in the list),
  // nothing of it is applied and the game stays.
  private async newGame(epoch: number, spec: GameSpec | null): Promise<boolean> {
    const { session } = this.app;
    const variant = (spec?.variant ?? $<HTMLSelectElement>("variant").value) as Variant;
    // The kichwa rule is kujifunza's; records of other variants carry the default.
    const kichwa =
      variant === "kujifunza" ? (spec?.kichwa ?? $<HTMLSelectElement>("kichwa").value) : "choose";
    const start = spec?.start ?? null;
    const moves = spec?.moves ?? [];
    await session.applyRules(variant, kichwa);
    fillPresets(session.eloRange, session.engine.identity);
    const base = start === null ? "position startpos" : `position fen ${start}`;
    const errors = await session.engine.command(
      moves.length ? `${base} moves ${moves.join(" ")}` : base,
    );
    if (errors.length) {
      await this.restoreEngineGame(epoch); // the error is shown; the game stays
      return false;
    }
    await session.engine.command(base);
    const game = new Game(variant, kichwa, start === null, await session.engine.query("fen"));
    game.names = spec?.names ?? { S: null, N: null };
    game.hints = { ...(spec?.hints ?? { S: 0, N: 0 }) };
    if (!(await this.replay(epoch, game, spec))) return false;
    await session.refreshLegal(game);
    if (!session.isCurrent(epoch)) {
      // Another task came (a new game, a changed setting): this one is abandoned.
      await this.restoreEngineGame(epoch);
      return false;
    }
    await this.install(game, spec);
    return true;
  }

  // The spec's moves played one by one on the engine's board and the game, each as the
  // engine spells it; false (the engine back on the game on the board) when a newer task
  // came meanwhile.
  private async replay(epoch: number, game: Game, spec: GameSpec | null): Promise<boolean> {
    const { session } = this.app;
    const moves = spec?.moves ?? [];
    for (let i = 0; i < moves.length; ++i) {
      if (!session.isCurrent(epoch)) {
        await this.restoreEngineGame(epoch);
        return false;
      }
      const legal = await session.legalMoves();
      const canonical = legal.find((m) => m.toLowerCase() === moves[i]!.toLowerCase()) ?? moves[i]!;
      await session.engine.command(game.positionCommand(game.plies, [canonical]));
      game.push(
        canonical,
        await session.engine.query("fen"),
        spec?.moveMs?.[i] ?? null,
        spec?.movers?.[i] ?? "human",
      );
    }
    return true;
  }

  // The new game on the board, its rules in the controls, its clocks full.
  private async install(game: Game, spec: GameSpec | null): Promise<void> {
    const state = this.app.state;
    state.game = game;
    this.app.whyNot.clear();
    state.viewPly = spec?.fromRecord ? 0 : game.plies;
    state.viewLegal = null;
    state.kichwa = null;
    state.preview = null;
    state.gameOverClosed = false;
    showRules(game.variant, game.kichwaRule);
    this.app.analysis.clear("");
    this.app.clocks.reset();
    if (state.viewPly !== game.plies) await this.app.stepping.fetchLegal(game, state.viewPly);
  }

  // The engine back on the game on the board after a refused or abandoned new game (the
  // variant may have changed).
  private async restoreEngineGame(epoch: number): Promise<void> {
    const { state, session } = this.app;
    const game = state.game;
    if (!game) return;
    // The controls show the game again, unless a newer task has set them.
    if (session.isCurrent(epoch)) showRules(game.variant, game.kichwaRule);
    await session.applyRules(game.variant, game.kichwaRule);
    fillPresets(session.eloRange, session.engine.identity);
    await session.engine.command(game.positionCommand());
  }
}
