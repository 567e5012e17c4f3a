// The page: one game on the board, three ways to use the engine with it (play against
// it, analyse, watch it play itself), and the engine's state. Everything the engine is
// asked goes through one queue of tasks; a new task cancels the one running (a search is
// stopped, an animation skipped), so the page never talks over itself. The game and the
// settings are kept in the browser's local storage and come back after a reload.
import { AnalysisView } from "./analysis_view.js";
import { boardSize, renderBoard, type BoardLayout } from "./board_view.js";
import { Clocks, formatClock, parseTimeControl } from "./clock.js";
import { EngineClient, EngineGone, type EngineStatus } from "./engine_client.js";
import { Game, kMateScore, type Evaluation, type Mover, type Variation } from "./game.js";
import { writeGameRecord } from "./game_record.js";
import {
  GameTextError,
  isRecordText,
  parsePositionText,
  parseRecords,
  type RecordGame,
} from "./game_text.js";
import type { InfoLine } from "./info_line.js";
import { kichwaStep, type KichwaOption } from "./kichwa_question.js";
import { isTab, tabOf, type Mode, type Tab } from "./mode.js";
import { directionOf, renderKichwaChoice, renderPicker } from "./move_picker.js";
import { movesByPit, parseMoveToken, type Letter, type MoveToken } from "./move_token.js";
import {
  isVariant,
  kVariants,
  opponent,
  parsePosition,
  pitName,
  seedsOnBoard,
  type Position,
  type Side,
  type Variant,
} from "./position.js";
import {
  formatScore,
  markMoves,
  moveLosses,
  renderGraph,
  southCp,
  type MoveMark,
} from "./score_graph.js";
import { Sound } from "./sound.js";
import {
  kSettingIds,
  loadGame,
  loadSettings,
  saveGame,
  saveSettings,
  type Settings,
} from "./storage.js";
import { sowingTo, type Frame, type KichwaRule } from "./sowing.js";
import {
  eloRange,
  isPresetName,
  kCustom,
  kDefaultPreset,
  kPresets,
  presetElo,
  presetLabel,
  strengthCommands,
  type EloRange,
} from "./strength.js";

type Task = (epoch: number) => Promise<void>;

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id} in the page`);
  return element as T;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const kMaxErrors = 6;
const kMaxLogLines = 600;
const kAnimationBudgetMs = 3000; // a long relay sowing is sped up to fit
const kMinTargetPx = 44; // a pit smaller than this on screen is hard to tap: draw upright
const kBoardChromePx = 90; // the CSS max-height of the board: the window less this
const kClockTickMs = 200;
const kLowClockMs = 10000;

// What a new game starts from: the variant's start or a position, with moves after it.
interface GameSpec {
  variant: Variant;
  kichwa: string;
  start: string | null;
  moves: string[];
  moveMs?: (number | null)[];
  movers?: Mover[];
  names?: Record<Side, string | null>;
  fromRecord?: boolean;
}

// Kujifunza under the choose rule: the player's move paused at a central capture.
interface KichwaQuestion {
  base: string; // the direction token, e.g. A3R
  ply: number; // the position it is played from
  candidates: string[]; // the legal tokens with that direction
  chosen: Letter[];
  shown: number; // frames of the sowing already shown
  frame: Frame | null; // the board at the capture
  options: KichwaOption[]; // with where each ends (or asks again), for the preview
  previewing: Letter | null;
}

// A line of the analysis played out on the board without touching the game.
interface LinePreview {
  ply: number; // the game position the line starts from
  moves: string[];
  fens: string[]; // after each move
}

class App {
  private readonly engine = new EngineClient(`ws://${location.host}/engine`);
  private readonly analysis = new AnalysisView(
    $("info-summary"),
    $("info-history"),
    $("thinking-caption"),
    $("progress"),
  );
  private readonly sound = new Sound();
  private mode: Mode = "play";
  private game: Game | null = null;
  private viewPly = 0;
  private viewLegal: { ply: number; moves: string[] } | null = null; // legal moves of an earlier position
  private selected: string | null = null;
  private focusPit: string | null = null;
  private focusPicker = false;
  private focusBoard = false; // a move chosen in the picker by keyboard: the focus goes back to the board
  private searchPly: number | null = null; // the game position the running search is about
  private epoch = 0;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  private sowingLabel: string | null = null; // the move being sown, while it is animated
  private skipAnimation = false;
  private multipvSent = 0;
  private strengthSent: number | null | undefined = undefined; // the Elo set, null: full; undefined: not known
  private eloRange: EloRange | null = null; // the engine's UCI_Elo scale, when it has one
  private flipUser = false;
  private gameOverClosed = false;
  private kichwa: KichwaQuestion | null = null;
  private preview: LinePreview | null = null;
  private clocks: Clocks | null = null;
  private records: RecordGame[] = [];
  private readonly stats = { played: 0, skipped: 0, mismatched: 0 };
  private logLines: string[] = [];

  start(): void {
    this.fillPresets(null);
    this.restoreSettings();
    this.restoreGame();
    this.wireEngine();
    this.wireControls();
    this.fillVariants([...kVariants]);
    this.resetClocks();
    this.render();
    this.engine.connect();
    setInterval(() => this.tickClocks(), kClockTickMs);
  }

  // ---- the engine -------------------------------------------------------------------

  private wireEngine(): void {
    const engine = this.engine;
    engine.onStarted = () => void this.schedule((epoch) => this.boot(epoch));
    engine.onStatus = (status, detail) => this.showStatus(status, detail);
    engine.onError = (message) => this.showError(message);
    engine.onInfo = (line) => this.analysis.add(line);
    engine.onStderr = (line) => this.log(`[stderr] ${line}`);
    engine.onLine = (line, sent) => this.log(sent ? `> ${line}` : line);
    this.analysis.onBest = (info) => this.recordEvaluation(info);
  }

  // A fresh engine: identify it, give it the rules and the game on the board (after a
  // restart or a reload the game goes on where it was), then carry on.
  private async boot(epoch: number): Promise<void> {
    const identity = await this.engine.identify();
    this.multipvSent = 0;
    this.strengthSent = undefined;
    this.eloRange = eloRange(identity);
    this.fillPresets(this.eloRange);
    const variants = identity.options.get("uci_variant")?.choices.filter(isVariant) ?? [];
    this.fillVariants(variants.length ? variants : [...kVariants]);
    const game = this.game;
    if (game && (variants.length ? variants : kVariants).includes(game.variant)) {
      await this.applyRules(game.variant, game.kichwaRule);
      const errors = await this.engine.command(game.positionCommand());
      const fen = errors.length ? null : await this.engine.query("fen");
      if (fen === game.fen()) {
        await this.refreshLegal(game);
        return this.carryOn(epoch);
      }
      this.showError(`the engine does not reach the kept game's position; starting a new game`);
    }
    await this.newGame(epoch, null);
    await this.carryOn(epoch);
  }

  private async applyRules(variant: Variant, kichwa: string): Promise<void> {
    await this.engine.command(`setoption name UCI_Variant value ${variant}`);
    if (variant === "kujifunza" && this.engine.identity.options.has("kichwarule"))
      await this.engine.command(`setoption name KichwaRule value ${kichwa}`);
    await this.engine.command("ucinewgame");
  }

  private async setMultiPV(lines: number): Promise<void> {
    if (this.multipvSent === lines || !this.engine.identity.options.has("multipv")) return;
    await this.engine.command(`setoption name MultiPV value ${lines}`);
    this.multipvSent = lines;
  }

  // The engine's strength for its next search: `elo`, or full strength (null). Sent only
  // when it changes, so a preset changed during a game applies from the engine's next move.
  private async setStrength(elo: number | null): Promise<void> {
    if (!this.eloRange || this.strengthSent === elo) return;
    for (const line of strengthCommands(elo)) await this.engine.command(line);
    this.strengthSent = elo;
  }

  // The Elo the engine plays at, as the strength setting says (null: full strength).
  private playElo(): number | null {
    const text = $<HTMLInputElement>("elo").value.trim();
    // An empty or unreadable custom Elo plays at full strength (presetElo), as the caption says.
    return presetElo(
      $<HTMLSelectElement>("preset").value,
      text ? Number(text) : Number.NaN,
      this.eloRange,
    );
  }

  private strengthText(): string {
    const elo = this.playElo();
    if (elo === null) return "full strength";
    const name = $<HTMLSelectElement>("preset").value;
    return `${name === kCustom ? "strength" : name} Elo ${elo}`;
  }

  private async refreshLegal(game: Game): Promise<void> {
    const moves = await this.engine.query("moves");
    game.legal = moves.split(/\s+/).filter(Boolean);
    const result = await this.engine.query("result");
    game.result = result === "p1win" || result === "p2win" || result === "draw" ? result : "none";
  }

  // ---- tasks ------------------------------------------------------------------------

  private schedule(task: Task): Promise<void> {
    const epoch = ++this.epoch;
    this.skipAnimation = true;
    this.selected = null;
    this.engine.stop();
    this.setBusy(+1); // busy from now on: a queued task counts
    this.renderControls();
    const run = this.chain.then(async () => {
      try {
        if (epoch !== this.epoch) return;
        this.skipAnimation = false;
        await task(epoch);
      } catch (e) {
        if (!(e instanceof EngineGone)) this.showError(e instanceof Error ? e.message : String(e));
      } finally {
        this.setBusy(-1);
        this.render();
      }
    });
    this.chain = run;
    return run;
  }

  // A new game from the variant's start (spec null: the variant and kichwa chosen), from
  // a position, or a record's game. The whole `position` command is sent first: when the
  // engine refuses it (a bad position string, an illegal move anywhere in the list),
  // nothing of it is applied and the game stays.
  private async newGame(epoch: number, spec: GameSpec | null): Promise<boolean> {
    const variant = (spec?.variant ?? $<HTMLSelectElement>("variant").value) as Variant;
    // The kichwa rule is kujifunza's; records of other variants carry the default.
    const kichwa =
      variant === "kujifunza" ? (spec?.kichwa ?? $<HTMLSelectElement>("kichwa").value) : "choose";
    const start = spec?.start ?? null;
    const moves = spec?.moves ?? [];
    await this.applyRules(variant, kichwa);
    const base = start === null ? "position startpos" : `position fen ${start}`;
    const errors = await this.engine.command(
      moves.length ? `${base} moves ${moves.join(" ")}` : base,
    );
    if (errors.length) {
      await this.restoreEngineGame(epoch); // the error is shown; the game stays
      return false;
    }
    await this.engine.command(base);
    const game = new Game(variant, kichwa, start === null, await this.engine.query("fen"));
    game.names = spec?.names ?? { S: null, N: null };
    for (let i = 0; i < moves.length; ++i) {
      if (epoch !== this.epoch) {
        await this.restoreEngineGame(epoch);
        return false;
      }
      const legal = (await this.engine.query("moves")).split(/\s+/).filter(Boolean);
      const canonical = legal.find((m) => m.toLowerCase() === moves[i]!.toLowerCase()) ?? moves[i]!;
      await this.engine.command(game.positionCommand(game.plies, [canonical]));
      game.push(
        canonical,
        await this.engine.query("fen"),
        spec?.moveMs?.[i] ?? null,
        spec?.movers?.[i] ?? "human",
      );
    }
    await this.refreshLegal(game);
    if (epoch !== this.epoch) {
      // Another task came (a new game, a changed setting): this one is abandoned.
      await this.restoreEngineGame(epoch);
      return false;
    }
    this.game = game;
    this.viewPly = spec?.fromRecord ? 0 : game.plies;
    this.viewLegal = null;
    this.kichwa = null;
    this.preview = null;
    this.gameOverClosed = false;
    $<HTMLSelectElement>("variant").value = variant;
    if (variant === "kujifunza") $<HTMLSelectElement>("kichwa").value = kichwa;
    this.analysis.clear("");
    this.resetClocks();
    if (this.viewPly !== game.plies) await this.fetchViewLegal(game, this.viewPly);
    return true;
  }

  // The engine back on the game on the board after a refused or abandoned new game (the
  // variant may have changed).
  private async restoreEngineGame(epoch = this.epoch): Promise<void> {
    const game = this.game;
    if (!game) return;
    if (epoch === this.epoch) {
      // The controls show the game again, unless a newer task has set them.
      $<HTMLSelectElement>("variant").value = game.variant;
      if (game.variant === "kujifunza") $<HTMLSelectElement>("kichwa").value = game.kichwaRule;
    }
    await this.applyRules(game.variant, game.kichwaRule);
    await this.engine.command(game.positionCommand());
  }

  // The legal moves of an earlier position (to play a variation from it).
  private async fetchViewLegal(game: Game, ply: number): Promise<void> {
    await this.engine.command(game.positionCommand(ply));
    this.viewLegal = {
      ply,
      moves: (await this.engine.query("moves")).split(/\s+/).filter(Boolean),
    };
  }

  private legalAtView(): string[] {
    const game = this.game;
    if (!game) return [];
    if (this.viewPly === game.plies) return game.legal;
    return this.viewLegal?.ply === this.viewPly ? this.viewLegal.moves : [];
  }

  // Plays a move on the engine's board from the position shown; what is drawn after it
  // is the engine's position. A move from an earlier position keeps the moves it
  // replaces as a variation. `shownFrames`: frames of its sowing already on the screen.
  private async playMove(
    epoch: number,
    token: string,
    ms: number | null,
    mover: Mover,
    animate = true,
    shownFrames = 0,
  ): Promise<boolean> {
    const game = this.game!;
    const from = mover === "engine" ? game.plies : this.viewPly;
    const legal = from === game.plies ? game.legal : this.legalAtView();
    const canonical = legal.find((m) => m.toLowerCase() === token.toLowerCase()) ?? token;
    if (from < game.plies && game.moves[from] === canonical) {
      this.viewPly = from + 1; // the game's own next move: step forward
      if (this.viewPly < game.plies) await this.fetchViewLegal(game, this.viewPly);
      return true;
    }
    const before = game.fen(from);
    const errors = await this.engine.command(game.positionCommand(from, [canonical]));
    if (errors.length) {
      await this.engine.command(game.positionCommand()); // back to the game's position
      return false;
    }
    const after = await this.engine.query("fen");
    if (from < game.plies) game.truncate(from);
    const side = parsePosition(game.variant, before).toMove;
    game.push(canonical, after, ms, mover);
    if (this.clocks && this.mode === "play") this.clocks.moved(side);
    await this.refreshLegal(game);
    this.viewPly = game.plies;
    this.viewLegal = null;
    this.preview = null;
    if (animate) await this.animate(epoch, game, before, canonical, after, shownFrames);
    this.render();
    return true;
  }

  // After any change: the engine moves if it is its turn, or analyses in analyse mode.
  private async carryOn(epoch: number): Promise<void> {
    this.render();
    while (epoch === this.epoch && this.game && !this.game.over && this.engineToMove()) {
      const game = this.game;
      const side = game.toMove() === "S" ? "South" : "North";
      await this.setMultiPV(1);
      await this.setStrength(this.playElo());
      await this.engine.command(game.positionCommand());
      const limits = this.limits();
      const strength = this.strengthText();
      this.analysis.clear(`— ${side} to move, ${limits}, ${strength}`);
      this.searchPly = game.plies;
      this.render();
      const started = performance.now();
      this.analysis.searching(true);
      let best: string;
      try {
        best = await this.engine.go(limits);
      } finally {
        this.analysis.searching(false);
        this.searchPly = null;
      }
      if (epoch !== this.epoch) return;
      this.analysis.setCaption(`— ${side} played ${best}, ${limits}, ${strength}`);
      if (best === "(none)") {
        await this.refreshLegal(game);
        break;
      }
      if (!(await this.playMove(epoch, best, Math.round(performance.now() - started), "engine"))) {
        this.showError(`the engine's move '${best}' was refused`);
        this.finish("watching");
        break;
      }
    }
    if (epoch === this.epoch && this.game?.over) this.finish("watching");
    if (epoch === this.epoch && this.mode === "analysing") await this.analyse();
  }

  // Infinite analysis of the position shown.
  private async analyse(): Promise<void> {
    const game = this.game;
    const ply = this.viewPly;
    if (!game || (ply === game.plies && game.over)) {
      this.finish("analysing");
      this.analysis.clear("— the game is over: nothing to analyse");
      return;
    }
    const lines = Math.max(1, Math.min(64, Number($<HTMLInputElement>("multipv").value) || 1));
    await this.setMultiPV(lines);
    await this.setStrength(null); // analysis is always at full strength
    await this.engine.command(game.positionCommand(ply));
    const what = `${game.toMove(ply) === "S" ? "South" : "North"} to move${ply < game.plies ? ` (move ${ply})` : ""}, ${lines} line${lines > 1 ? "s" : ""}`;
    this.analysis.clear(`— analysing ${what}`);
    this.searchPly = ply;
    const search = this.engine.go("infinite");
    this.analysis.searching(true);
    this.setBusy(-1); // waiting for `stop` is not being busy
    this.render();
    try {
      await search;
    } finally {
      this.setBusy(+1);
      this.analysis.searching(false);
      this.searchPly = null;
      this.analysis.setCaption(`— analysis stopped: ${what}`);
    }
  }

  // Every position of the game searched to a fixed depth, one after the other; the moves
  // that lost most are then marked in the move list and on the graph.
  private async reviewGame(epoch: number): Promise<void> {
    const game = this.game;
    if (!game) return;
    const depth = Math.max(
      1,
      Math.min(30, Math.floor(Number($<HTMLInputElement>("review-depth").value) || 6)),
    );
    this.mode = "reviewing";
    try {
      await this.setMultiPV(1);
      await this.setStrength(null);
      for (let ply = 0; ply <= game.plies; ++ply) {
        if (epoch !== this.epoch) return;
        const known = game.evals[ply];
        if (known && known.depth >= depth) continue;
        this.viewPly = ply;
        await this.engine.command(game.positionCommand(ply));
        this.analysis.clear(
          `— analysing the game: position ${ply} of ${game.plies}, depth ${depth}`,
        );
        this.render();
        this.searchPly = ply;
        this.analysis.searching(true);
        let best: string;
        try {
          best = await this.engine.go(`depth ${depth}`);
        } finally {
          this.analysis.searching(false);
          this.searchPly = null;
        }
        if (epoch !== this.epoch) return;
        if (best === "(none)") {
          // A finished game: the result is the score.
          const result = await this.engine.query("result");
          const cp = result === "p1win" ? kMateScore : result === "p2win" ? -kMateScore : 0;
          game.evals[ply] = { cp, mate: null, depth: 64, pv: [] };
        }
      }
      await this.engine.command(game.positionCommand());
      this.viewPly = game.plies;
      const marked = markMoves(this.losses(game)).size;
      this.analysis.setCaption(
        `— the game analysed at depth ${depth}: ${marked} move${marked === 1 ? "" : "s"} marked as losing most`,
      );
    } finally {
      this.finish("reviewing");
    }
  }

  private losses(game: Game): (number | null)[] {
    return moveLosses(
      game.evals,
      game.moves.map((_, i) => game.toMove(i)),
    );
  }

  // The newest rank-1 report of the running search, kept as the score of its position.
  private recordEvaluation(info: InfoLine): void {
    const game = this.game;
    const ply = this.searchPly;
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
    this.renderEval(game);
  }

  private engineToMove(): boolean {
    if (this.mode === "play") return this.game!.toMove() !== this.humanSide();
    return this.mode === "watching";
  }

  private humanSide(): Side {
    return $<HTMLSelectElement>("human-side").value as Side;
  }

  private limits(): string {
    const kind = $<HTMLSelectElement>("limit-kind").value;
    const value = Math.max(1, Math.floor(Number($<HTMLInputElement>("limit-value").value) || 1));
    // On its clock when there are clocks (a weak strength caps its own search).
    if (this.clocks && this.mode === "play") return this.clocks.goLimits();
    return `${kind} ${value}`;
  }

  // ---- clocks -----------------------------------------------------------------------

  private resetClocks(): void {
    const control = parseTimeControl($<HTMLSelectElement>("time-control").value);
    this.clocks = control ? new Clocks(control) : null;
    this.renderClocks();
  }

  private clockSide(): Side | null {
    const game = this.game;
    if (
      !this.clocks ||
      !game ||
      game.over ||
      this.mode !== "play" ||
      this.engine.status !== "ready"
    )
      return null;
    return game.toMove();
  }

  private tickClocks(): void {
    if (!this.clocks) return;
    const flagged = this.clocks.tick(this.clockSide());
    if (flagged && this.game) {
      this.game.flagged = flagged;
      void this.schedule(async () => {}); // stops the engine's search
    }
    this.renderClocks();
  }

  private renderClocks(): void {
    const clocks = this.clocks;
    $("clocks").hidden = !clocks || this.mode !== "play";
    if (!clocks) return;
    const running = this.clockSide();
    for (const side of ["S", "N"] as Side[]) {
      const element = $(`clock-${side}`);
      const who = side === this.humanSide() ? "you" : "engine";
      element.textContent = `${side === "S" ? "South" : "North"} (${who}) ${formatClock(clocks.remaining[side])}`;
      element.classList.toggle("running", running === side);
      element.classList.toggle("low", clocks.remaining[side] < kLowClockMs);
      element.dataset.ms = String(Math.round(clocks.remaining[side]));
    }
  }

  // ---- the sowing animation ---------------------------------------------------------

  private async animate(
    epoch: number,
    game: Game,
    before: string,
    token: string,
    after: string,
    shownFrames = 0,
  ): Promise<void> {
    if (!$<HTMLInputElement>("animate").checked) {
      this.countAnimation("skipped");
      return;
    }
    const from = parsePosition(game.variant, before);
    const move = parseMoveToken(token, from.width);
    const sowing =
      move &&
      sowingTo(from, move, game.kichwaRule as KichwaRule, parsePosition(game.variant, after));
    if (!sowing) {
      // The simulation disagrees with the engine: show the engine's board, unanimated.
      this.countAnimation("mismatched");
      console.warn(`no animation for ${token}: the simulated sowing does not reach ${after}`);
      return;
    }
    this.countAnimation("played");
    const side = from.toMove === "S" ? "South" : "North";
    await this.playFrames(
      epoch,
      sowing.frames.slice(shownFrames),
      `${side} sows ${token}…`,
      sowing.frames.length,
    );
  }

  private async playFrames(
    epoch: number,
    frames: readonly Frame[],
    label: string,
    total = frames.length,
  ): Promise<void> {
    if (!frames.length) return;
    const interval = Math.min(
      Number($<HTMLSelectElement>("speed").value),
      kAnimationBudgetMs / Math.max(1, total),
    );
    this.sowingLabel = label;
    $<HTMLButtonElement>("skip").disabled = false;
    $("animation-state").textContent = `sowing ${label.split(" ")[2]?.replace("…", "") ?? ""}`;
    $("status-line").textContent = label;
    try {
      for (const frame of frames) {
        if (this.skipAnimation || epoch !== this.epoch) break;
        this.drawBoard(frame.position, { highlight: frame.highlight });
        this.sound.play(frame.note);
        await sleep(interval);
      }
    } finally {
      this.sowingLabel = null;
      this.skipAnimation = false;
      $<HTMLButtonElement>("skip").disabled = true;
      $("animation-state").textContent = "";
    }
  }

  private countAnimation(kind: "played" | "skipped" | "mismatched"): void {
    this.stats[kind] += 1;
    document.body.dataset.animPlayed = String(this.stats.played);
    document.body.dataset.animSkipped = String(this.stats.skipped);
    document.body.dataset.animMismatched = String(this.stats.mismatched);
  }

  // ---- kujifunza's kichwa, one capture at a time ------------------------------------

  private startKichwa(base: string): void {
    const game = this.game!;
    this.kichwa = {
      base,
      ply: this.viewPly,
      candidates: this.legalAtView().filter((t) => directionOf(t) === base),
      chosen: [],
      shown: 0,
      frame: null,
      options: [],
      previewing: null,
    };
    this.focusPicker = true;
    void this.schedule((epoch) => this.stepKichwa(epoch, game));
  }

  // Sows the move as far as the choices go; at the next central capture, asks.
  private async stepKichwa(epoch: number, game: Game): Promise<void> {
    for (;;) {
      const q = this.kichwa;
      if (!q || game !== this.game) return;
      const before = game.position(q.ply);
      const step = kichwaStep(before, q.base, q.chosen, q.candidates);
      if ("token" in step) {
        this.kichwa = null;
        if (!step.token) {
          this.showError(`${q.base}:${q.chosen.join("")} is not one of the engine's legal moves`);
          return;
        }
        if (await this.playMove(epoch, step.token, null, "human", true, q.shown))
          await this.carryOn(epoch);
        return;
      }
      const side = before.toMove === "S" ? "South" : "North";
      if ($<HTMLInputElement>("animate").checked)
        await this.playFrames(epoch, step.frames.slice(q.shown), `${side} sows ${q.base}…`);
      if (epoch !== this.epoch) return;
      q.shown = step.frames.length;
      q.frame = step.frames[step.frames.length - 1]!;
      q.options = step.options;
      if (step.options.length !== 1) return; // ask (render shows the question)
      q.chosen.push(step.options[0]!.letter); // only one way on: no question
    }
  }

  private chooseKichwa(letter: Letter): void {
    const q = this.kichwa;
    const game = this.game;
    if (!q || !game || !q.options.some((o) => o.letter === letter)) return;
    q.chosen.push(letter);
    q.previewing = null;
    q.options = []; // answered: the question goes until the next one
    this.focusPicker = true;
    this.render();
    void this.schedule((epoch) => this.stepKichwa(epoch, game));
  }

  private previewKichwa(letter: Letter | null): void {
    const q = this.kichwa;
    if (!q || q.previewing === letter || this.sowingLabel !== null) return;
    q.previewing = letter;
    const frame = letter ? q.options.find((o) => o.letter === letter)?.end : q.frame;
    if (frame) this.drawBoard(frame.position, { highlight: frame.highlight });
  }

  // ---- controls ---------------------------------------------------------------------

  private wireControls(): void {
    this.wireModes();
    this.wireGameControls();
    this.wirePositionBox();
    this.wireModeControls();
    this.wireBoard();
    this.wireMoveList();
    this.wirePage();
  }

  // The mode tabs.
  private wireModes(): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.addEventListener("click", () => this.setMode(button.dataset.mode as Tab));
  }

  // The engine, a new game, the game's settings.
  private wireGameControls(): void {
    $("restart").addEventListener("click", () => this.engine.restart());
    $("dead-restart").addEventListener("click", () => this.engine.restart());
    $("new-game").addEventListener("click", () => this.startFresh(null));
    $("game-over-new").addEventListener("click", () => this.startFresh(null));
    $("game-over-close").addEventListener("click", () => {
      this.gameOverClosed = true;
      this.render();
    });
    for (const id of ["variant", "kichwa"]) {
      $(id).addEventListener("change", () => {
        if (!this.confirmDiscard()) {
          const game = this.game!;
          $<HTMLSelectElement>("variant").value = game.variant;
          if (game.variant === "kujifunza") $<HTMLSelectElement>("kichwa").value = game.kichwaRule;
          this.renderControls();
          return;
        }
        this.renderControls();
        this.startFresh(null);
      });
    }
    // The strength applies from the engine's next move (setStrength).
    $("preset").addEventListener("change", () => {
      this.renderControls();
      this.saveSettings();
    });
    for (const id of ["elo", "limit-kind", "limit-value"])
      $(id).addEventListener("input", () => this.saveSettings());
    $("time-control").addEventListener("change", () => {
      this.resetClocks();
      this.saveSettings();
    });
  }

  // The position box, records and files.
  private wirePositionBox(): void {
    $("set-position").addEventListener("click", () => {
      const text = $<HTMLTextAreaElement>("position-input").value;
      if (text.trim()) this.loadText(text);
    });
    $("copy-position").addEventListener("click", () => {
      if (this.game) $<HTMLTextAreaElement>("position-input").value = this.game.fen(this.viewPly);
    });
    $("record-game").addEventListener("change", () => {
      const index = Number($<HTMLSelectElement>("record-game").value);
      const record = this.records[index];
      if (record) this.loadRecord(record);
    });
    $("load-file").addEventListener("change", async () => {
      const input = $<HTMLInputElement>("load-file");
      const file = input.files?.[0];
      input.value = "";
      if (!file) return;
      this.setBusy(+1); // reading the file is part of loading the game
      try {
        const text = await file.text();
        $<HTMLTextAreaElement>("position-input").value = text;
        this.loadText(text);
      } catch (e) {
        this.showError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        this.setBusy(-1);
      }
    });
    $("save-game").addEventListener("click", () => this.saveGameFile());
    $("export").addEventListener("click", () => this.exportRecord());
  }

  // The modes' panels and the board's tools.
  private wireModeControls(): void {
    $("human-side").addEventListener("change", () => {
      this.saveSettings();
      void this.schedule((e) => this.carryOn(e));
    });
    $("show-thinking").addEventListener("change", () => this.render());
    $("sound").addEventListener("change", () => {
      this.sound.enabled = $<HTMLInputElement>("sound").checked;
      this.saveSettings();
    });
    $("flip").addEventListener("click", () => {
      this.flipUser = !this.flipUser;
      this.render();
    });
    $("analyse-start").addEventListener("click", () => {
      this.mode = "analysing";
      void this.schedule((e) => this.carryOn(e));
    });
    $("analyse-stop").addEventListener("click", () => {
      this.stopWork();
      void this.schedule(async () => {});
    });
    $("analyse-game").addEventListener("click", () => {
      this.finish("analysing");
      void this.schedule(async (e) => {
        await this.reviewGame(e);
        await this.carryOn(e);
      });
    });
    $("multipv").addEventListener("change", () => {
      if (this.mode === "analysing") void this.schedule((e) => this.carryOn(e));
    });
    $("watch-start").addEventListener("click", () => {
      this.mode = "watching";
      this.viewPly = this.game?.plies ?? 0;
      void this.schedule((e) => this.carryOn(e));
    });
    $("watch-pause").addEventListener("click", () => {
      this.finish("watching");
      void this.schedule(async () => {});
    });
    $("skip").addEventListener("click", () => (this.skipAnimation = true));
  }

  // The board, the move picker and the typed move.
  private wireBoard(): void {
    const board = $("board");
    board.addEventListener("click", (event) => this.clickBoard(event));
    board.addEventListener("keydown", (event) => this.boardKey(event));
    board.addEventListener("focusin", (event) => {
      const pit = (event.target as Element).closest<SVGElement>("[data-pit]")?.dataset.pit;
      if (pit) this.focusPit = pit;
    });
    const picker = $("picker");
    picker.addEventListener("click", (event) => this.clickPicker(event));
    // A kichwa choice is previewed while pointed at, or while it has the keyboard's focus
    // (not the focus the page gives the first choice after a click).
    for (const type of ["mouseover", "focusin"]) {
      picker.addEventListener(type, (event) => {
        const target = event.target as Element;
        if (type === "focusin" && !target.matches(":focus-visible")) return;
        const letter = target.closest<HTMLElement>("[data-kichwa]")?.dataset.kichwa;
        this.previewKichwa((letter as Letter | undefined) ?? null);
      });
    }
    picker.addEventListener("mouseleave", () => this.previewKichwa(null));
    $("type-move").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $<HTMLInputElement>("move-input");
      const token = input.value.trim();
      if (token && this.humanMayMove()) {
        input.value = "";
        this.humanMove(token);
      }
    });
  }

  // The move list, the variations, the graph and the analysis table.
  private wireMoveList(): void {
    $("step-first").addEventListener("click", () => this.view(0));
    $("step-back").addEventListener("click", () => this.view(this.viewPly - 1));
    $("step-forward").addEventListener("click", () => this.view(this.viewPly + 1));
    $("step-last").addEventListener("click", () => this.view(this.game?.plies ?? 0));
    $("moves").addEventListener("click", (event) => {
      const item = (event.target as Element).closest<HTMLElement>("[data-ply]");
      if (item) this.view(Number(item.dataset.ply));
    });
    $("variations").addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-variation]");
      if (button) this.switchVariation((button.dataset.variation ?? "").split(".").map(Number));
    });
    $("graph").addEventListener("click", (event) => {
      const point = (event.target as Element).closest<SVGElement>("[data-ply]");
      if (point) this.view(Number(point.dataset.ply));
    });
    const summary = $("info-summary");
    summary.addEventListener("click", (event) => this.clickPv(event));
    summary.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.clickPv(event);
    });
    $("preview-close").addEventListener("click", () => this.closePreview());
    $("play-from-here").addEventListener("click", () => this.playFromHere());
  }

  // The page: the log, the errors, the settings kept, the keys, the window's size.
  private wirePage(): void {
    $("log")
      .closest("details")!
      .addEventListener("toggle", () => this.log(null));
    $("errors").addEventListener("click", (event) => {
      if ((event.target as Element).closest(".dismiss"))
        (event.target as Element).closest("li")?.remove();
    });
    document.addEventListener("change", (event) => {
      if ((event.target as Element).closest("aside, #board-tools")) this.saveSettings();
    });
    document.addEventListener("keydown", (event) => {
      if ((event.target as Element).closest("input, textarea, select, #board, #picker")) return;
      if (event.key === "ArrowLeft") this.view(this.viewPly - 1);
      else if (event.key === "ArrowRight") this.view(this.viewPly + 1);
      else if (event.key === "Home") this.view(0);
      else if (event.key === "End") this.view(this.game?.plies ?? 0);
      else if (event.key === "Escape") this.escape();
      else return;
      event.preventDefault();
    });
    let resizing = false;
    window.addEventListener("resize", () => {
      if (resizing) return;
      resizing = true;
      requestAnimationFrame(() => {
        resizing = false;
        if (this.sowingLabel === null) this.render();
      });
    });
  }

  private escape(): void {
    this.skipAnimation = true;
    if (this.preview) this.closePreview();
    if (this.selected) {
      this.selected = null;
      this.render();
    }
  }

  private confirmDiscard(): boolean {
    const game = this.game;
    if (!game || game.plies === 0) return true;
    return window.confirm(
      `Start a new game and leave this one (${game.plies} move${game.plies === 1 ? "" : "s"})? ` +
        "“Save game” keeps it in a file.",
    );
  }

  private startFresh(spec: GameSpec | null): void {
    this.finish("analysing");
    this.finish("watching");
    this.kichwa = null;
    this.preview = null;
    void this.schedule(async (epoch) => {
      if (await this.newGame(epoch, spec)) {
        if (spec?.fromRecord) this.setModeNow("analyse");
      }
      await this.carryOn(epoch);
    });
  }

  // The position box and the loaded files: a record is read here and loaded as a game; a
  // position string is checked and sent as one `position` command. Nothing typed is ever
  // sent to the engine as it is.
  private loadText(text: string): void {
    try {
      if (isRecordText(text)) {
        this.records = parseRecords(text);
        const select = $<HTMLSelectElement>("record-game");
        select.hidden = this.records.length < 2;
        select.innerHTML = this.records
          .map((r, i) => {
            const t = (name: string) => r.tags.get(name) ?? "?";
            return `<option value="${i}">game ${t("Game")}: ${t("South")} – ${t("North")}, ${r.result ?? "*"}</option>`;
          })
          .join("");
        this.loadRecord(this.records[0]!);
        return;
      }
      const variant = $<HTMLSelectElement>("variant").value as Variant;
      const position = parsePositionText(variant, text);
      this.startFresh({
        variant,
        kichwa: $<HTMLSelectElement>("kichwa").value,
        start: position.start,
        moves: position.moves,
      });
    } catch (e) {
      if (!(e instanceof GameTextError)) throw e;
      this.showError(`position box: ${e.message}`);
    }
  }

  private loadRecord(record: RecordGame): void {
    const variant = record.variant ?? ($<HTMLSelectElement>("variant").value as Variant);
    this.startFresh({
      variant,
      kichwa: record.kichwaRule ?? "choose",
      start: record.start,
      moves: record.moves,
      moveMs: record.moveMs,
      movers: record.moves.map(() => "record"),
      names: { S: record.tags.get("South") ?? null, N: record.tags.get("North") ?? null },
      fromRecord: true,
    });
  }

  private setMode(mode: Tab): void {
    this.setModeNow(mode);
    void this.schedule((e) => this.carryOn(e));
  }

  // The tab `mode` shown, the engine's work on the tab left stopped.
  private setModeNow(mode: Tab): void {
    this.mode = mode;
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.setAttribute("aria-selected", String(button.dataset.mode === mode));
    for (const panel of document.querySelectorAll<HTMLElement>(".mode-panel"))
      panel.hidden = panel.dataset.panel !== mode;
    this.saveSettings();
  }

  // The engine's work on this tab is over, whatever it was (a new game, the engine gone).
  private stopWork(): void {
    this.mode = tabOf(this.mode);
  }

  // `work` is over, if it is still what the page is doing (another mode may have come).
  private finish(work: "analysing" | "reviewing" | "watching"): void {
    if (this.mode === work) this.mode = tabOf(work);
  }

  private view(ply: number): void {
    const game = this.game;
    if (!game || this.kichwa) return;
    const target = Math.max(0, Math.min(game.plies, ply));
    this.preview = null;
    this.viewPly = target;
    this.selected = null;
    this.render();
    // Analysis follows the position shown; an earlier position can start a variation.
    if (this.mode === "analyse" || this.mode === "analysing") {
      void this.schedule(async (epoch) => {
        if (target < game.plies) await this.fetchViewLegal(game, target);
        else await this.engine.command(game.positionCommand());
        await this.carryOn(epoch);
      });
    }
  }

  private switchVariation(path: number[]): void {
    const game = this.game;
    if (!game) return;
    void this.schedule(async (epoch) => {
      if (!game.switchTo(path)) return;
      await this.engine.command(game.positionCommand());
      await this.refreshLegal(game);
      this.viewPly = game.plies;
      await this.carryOn(epoch);
    });
  }

  private playFromHere(): void {
    const game = this.game;
    if (!game || this.viewPly === game.plies) return;
    const ply = this.viewPly;
    void this.schedule(async (epoch) => {
      game.truncate(ply);
      await this.engine.command(game.positionCommand());
      await this.refreshLegal(game);
      await this.carryOn(epoch);
    });
  }

  // A PV move clicked: the line up to it, played out by the engine, on the board.
  private clickPv(event: Event): void {
    const span = (event.target as Element).closest<HTMLElement>(".pv-move[data-index]");
    const game = this.game;
    if (!span || !game) return;
    event.preventDefault();
    // The line as it is shown (newer reports may have come since it was drawn).
    const shown = [...(span.closest("tr")?.querySelectorAll(".pv-move") ?? [])].map(
      (m) => m.textContent ?? "",
    );
    const moves = shown.slice(0, Number(span.dataset.index) + 1);
    const ply = tabOf(this.mode) === "analyse" ? this.viewPly : game.plies;
    if (!moves.length) return;
    void this.schedule(async (epoch) => {
      const fens: string[] = [];
      for (let k = 1; k <= moves.length; ++k) {
        const errors = await this.engine.command(game.positionCommand(ply, moves.slice(0, k)));
        if (errors.length) break;
        fens.push(await this.engine.query("fen"));
      }
      await this.engine.command(game.positionCommand());
      if (fens.length) this.preview = { ply, moves: moves.slice(0, fens.length), fens };
      await this.carryOn(epoch);
    });
  }

  private closePreview(): void {
    this.preview = null;
    this.render();
  }

  private humanMayMove(): boolean {
    const game = this.game;
    if (!game || this.sowingLabel !== null || this.kichwa || this.preview) return false;
    if (this.engine.status !== "ready" || this.running > 0 || this.mode === "reviewing")
      return false;
    const live = this.viewPly === game.plies;
    if (live && game.over) return false;
    if (this.mode === "play") return live && game.toMove() === this.humanSide();
    if (this.mode === "analyse" || this.mode === "analysing")
      return live || this.viewLegal?.ply === this.viewPly;
    return false;
  }

  private clickBoard(event: Event): void {
    const pit = (event.target as Element).closest<SVGElement>("[data-pit]")?.dataset.pit;
    if (pit) this.activatePit(pit, false);
  }

  private activatePit(pit: string, keyboard: boolean): void {
    this.focusPit = pit;
    if (!this.humanMayMove()) return;
    const game = this.game!;
    const moves = movesByPit(this.legalAtView(), game.position(this.viewPly).width).get(pit);
    if (!moves) return;
    if (moves.length === 1 && game.variant === "kigogo") return this.humanMove(moves[0]!.text);
    this.selected = this.selected === pit ? null : pit;
    this.focusPicker = keyboard && this.selected !== null;
    this.render();
  }

  // Arrows move between the pits as they are drawn; Enter or Space plays the pit.
  private boardKey(event: KeyboardEvent): void {
    const current = (event.target as Element).closest<SVGGElement>("[data-pit]");
    if (!current) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.activatePit(current.dataset.pit!, true);
      return;
    }
    const directions: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const direction = directions[event.key];
    if (!direction) {
      if (event.key === "Escape") this.escape();
      return;
    }
    event.preventDefault();
    const centre = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const from = centre(current);
    let best: SVGGElement | null = null;
    let bestScore = Infinity;
    for (const pit of $("board").querySelectorAll<SVGGElement>("[data-pit]")) {
      const to = centre(pit);
      const along = (to.x - from.x) * direction[0] + (to.y - from.y) * direction[1];
      const across =
        Math.abs((to.x - from.x) * direction[1]) + Math.abs((to.y - from.y) * direction[0]);
      if (along < 5) continue;
      const score = along + 3 * across;
      if (score < bestScore) {
        bestScore = score;
        best = pit;
      }
    }
    if (!best) return;
    current.setAttribute("tabindex", "-1");
    best.setAttribute("tabindex", "0");
    this.focusPit = best.dataset.pit!;
    best.focus();
  }

  private clickPicker(event: Event): void {
    const target = (event.target as Element).closest<HTMLElement>("button");
    if (!target) return;
    if (target.dataset.kichwa) return this.chooseKichwa(target.dataset.kichwa as Letter);
    if (target.dataset.cancel && this.kichwa) {
      this.kichwa = null;
      this.focusBoardNext();
      void this.schedule(async () => {});
      return;
    }
    // The picker disappears: the focus goes back to the board, not to the page's top.
    this.focusBoard = target === document.activeElement;
    if (target.dataset.base && this.humanMayMove()) return this.startKichwa(target.dataset.base);
    if (target.dataset.move && this.humanMayMove()) this.humanMove(target.dataset.move);
    this.selected = null;
    if (target.dataset.cancel) this.focusBoardNext();
    this.render();
  }

  private focusBoardNext(): void {
    requestAnimationFrame(() =>
      $("board").querySelector<SVGGElement>('[data-pit][tabindex="0"]')?.focus(),
    );
  }

  private humanMove(token: string): void {
    this.selected = null;
    void this.schedule(async (epoch) => {
      if (await this.playMove(epoch, token, null, "human")) await this.carryOn(epoch);
    });
  }

  private recordText(): string | null {
    const game = this.game;
    if (!game) return null;
    const engineName = this.engine.identity.name;
    const maxPlies = Number(this.engine.identity.options.get("maxplies")?.default) || 1000;
    const control = parseTimeControl($<HTMLSelectElement>("time-control").value);
    const timeControl =
      this.clocks && control
        ? `${control.baseMs / 1000}+${control.incMs / 1000}`
        : this.limits().replace(" ", "=");
    return writeGameRecord({
      south: game.playerName("S", engineName),
      north: game.playerName("N", engineName),
      variant: game.variant,
      kichwaRule: game.kichwaRule,
      maxPlies,
      timeControl,
      start: game.start,
      moves: game.moves,
      moveMs: game.thinkMs,
      result: game.finalResult,
      reason: game.reason(maxPlies),
      ...(game.flagged ? { termination: "time forfeit" } : {}),
    });
  }

  private exportRecord(): void {
    const text = this.recordText();
    if (text === null) return;
    const area = $<HTMLTextAreaElement>("record");
    area.value = text;
    area.hidden = false;
    const link = $<HTMLAnchorElement>("record-download");
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.hidden = false;
  }

  private saveGameFile(): void {
    const text = this.recordText();
    if (text === null) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = `kete-${this.game!.variant}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // ---- kept across reloads ----------------------------------------------------------

  private saveSettings(): void {
    const values: Settings = { mode: tabOf(this.mode), flip: this.flipUser };
    for (const id of kSettingIds) {
      const element = $<HTMLInputElement>(id);
      values[id] = element.type === "checkbox" ? element.checked : element.value;
    }
    saveSettings(values);
  }

  private restoreSettings(): void {
    const values = loadSettings();
    for (const id of kSettingIds) {
      const element = $<HTMLInputElement>(id);
      const value = values[id];
      if (element.type === "checkbox" && typeof value === "boolean") element.checked = value;
      else if (typeof value === "string") {
        if (id === "preset" && !isPresetName(value)) continue; // a preset of an older page
        // The engine's variants are not known yet: offer the kept one until they are.
        if (id === "variant" && isVariant(value))
          element.innerHTML = `<option value="${value}">${value}</option>`;
        element.value = value;
      }
    }
    this.sound.enabled = $<HTMLInputElement>("sound").checked;
    this.flipUser = values.flip === true;
    const mode = values.mode;
    if (isTab(mode)) this.setModeNow(mode);
  }

  private restoreGame(): void {
    this.game = loadGame();
    if (!this.game) return;
    this.viewPly = this.game.plies;
    $<HTMLSelectElement>("variant").value = this.game.variant;
    if (this.game.variant === "kujifunza")
      $<HTMLSelectElement>("kichwa").value = this.game.kichwaRule;
  }

  // ---- drawing ----------------------------------------------------------------------

  private captions(): Partial<Record<Side, string>> {
    const name = this.engine.identity.name;
    const tab = tabOf(this.mode);
    if (tab === "play") {
      const human = this.humanSide();
      return { [human]: "you", [opponent(human)]: name };
    }
    if (tab === "watch") return { S: name, N: name };
    const names = this.game?.names;
    if (names?.S || names?.N) return { S: names.S ?? "", N: names.N ?? "" };
    return {};
  }

  // Upright when the flat board's pits would be too small to tap; the player's side at
  // the bottom (the flip button turns it round).
  private layout(width: number): BoardLayout {
    const box = $("board").clientWidth || window.innerWidth;
    const maxHeight = Math.max(200, window.innerHeight - kBoardChromePx);
    const pitch = (upright: boolean) => {
      const size = boardSize(width, { upright, flipped: false });
      return 72 * Math.min(box / size.width, maxHeight / size.height);
    };
    const flat = pitch(false);
    const upright = flat < kMinTargetPx && pitch(true) > flat;
    const playerNorth = this.mode === "play" && this.humanSide() === "N";
    return { upright, flipped: this.flipUser !== playerNorth };
  }

  private drawBoard(
    position: Position,
    extra: {
      highlight?: readonly string[];
      lastMove?: string | null;
      selectable?: ReadonlySet<string>;
    },
  ): void {
    const board = $("board");
    const hadFocus = board.contains(document.activeElement);
    const selectable = extra.selectable ?? new Set<string>();
    let focus = this.focusPit;
    if (!focus || !/^[ABab]\d+$/.test(focus) || Number(focus.slice(1)) > position.width)
      focus = [...selectable][0] ?? (position.toMove === "S" ? "A1" : "a1");
    const layout = this.layout(position.width);
    board.innerHTML = renderBoard(position, {
      highlight: extra.highlight ?? [],
      selectable,
      selected: this.selected,
      lastMove: extra.lastMove ?? null,
      caption: this.captions(),
      captured:
        position.variant === "kigogo" && this.game ? this.game.captured(this.viewPly) : null,
      focus,
      layout,
    });
    $("flip").setAttribute("aria-pressed", String(layout.flipped));
    const lost = !document.activeElement || document.activeElement === document.body;
    if (hadFocus || (this.focusBoard && lost)) {
      this.focusBoard = false;
      board.querySelector<SVGGElement>(`[data-pit="${focus}"]`)?.focus();
    }
  }

  private render(): void {
    const game = this.game;
    document.body.dataset.mode = tabOf(this.mode);
    this.renderControls();
    this.renderClocks();
    if (game) saveGame(game);
    if (!game) {
      $("status-line").textContent = "waiting for the engine…";
      return;
    }
    const live = this.viewPly === game.plies;
    const mayMove = this.humanMayMove();
    const q = this.kichwa;
    const preview = this.preview;
    let position = game.position(this.viewPly);
    let lastMove: string | null = null;
    if (preview) {
      position = parsePosition(game.variant, preview.fens[preview.fens.length - 1]!);
      const m = parseMoveToken(preview.moves[preview.moves.length - 1]!, position.width);
      lastMove = m ? pitName(m.pit, position.width) : null;
    } else if (this.viewPly > 0) {
      const m = parseMoveToken(game.moves[this.viewPly - 1]!, position.width);
      lastMove = m ? pitName(m.pit, position.width) : null;
    }
    const byPit = movesByPit(mayMove ? this.legalAtView() : [], position.width);
    if (this.sowingLabel === null) {
      if (q?.frame) {
        const frame = q.options.find((o) => o.letter === q.previewing)?.end ?? q.frame;
        this.drawBoard(frame.position, { highlight: frame.highlight });
      } else {
        this.drawBoard(position, { selectable: new Set(byPit.keys()), lastMove });
      }
      const board = $("board");
      board.dataset.ply = String(this.viewPly);
      board.dataset.live = String(live);
    }
    $("preview-bar").hidden = !preview;
    if (preview)
      $("preview-text").textContent = `Preview of the line ${preview.moves.join(" ")} (not played)`;
    this.renderPicker(byPit, position);
    const over = live && game.over && !preview;
    $("game-over").hidden = !over || this.gameOverClosed;
    if (over) $("game-over-text").textContent = `${game.describeResult(this.maxPlies())}.`;
    this.renderMoves(game);
    this.renderEval(game);
    $("status-line").textContent = this.statusText(game, live);
    this.renderThinking(game, live);
  }

  private renderPicker(byPit: Map<string, MoveToken[]>, position: Position): void {
    const picker = $("picker");
    const q = this.kichwa;
    const layout = this.layout(position.width);
    let html = "";
    if (q && q.options.length && q.frame) {
      const victim = opponent(this.game!.position(q.ply).toMove);
      const captured =
        seedsOnBoard(this.game!.position(q.ply), victim) - seedsOnBoard(q.frame.position, victim);
      html = renderKichwaChoice(q.base, q.chosen, q.options, captured);
    } else if (this.selected && byPit.get(this.selected)) {
      html = renderPicker(this.selected, byPit.get(this.selected)!, position, layout);
    }
    if (picker.dataset.html !== html) {
      picker.innerHTML = html;
      picker.dataset.html = html;
    }
    picker.hidden = !html;
    if (html && this.focusPicker) {
      this.focusPicker = false;
      picker.querySelector<HTMLButtonElement>("button")?.focus();
    }
  }

  private maxPlies(): number {
    return Number(this.engine.identity.options.get("maxplies")?.default) || 1000;
  }

  private statusText(game: Game, live: boolean): string {
    const side = game.toMove(this.viewPly) === "S" ? "South" : "North";
    if (this.sowingLabel) return this.sowingLabel;
    if (this.kichwa) return `${side} sows ${this.kichwa.base} — a capture: choose the kichwa`;
    if (this.preview) return `Previewing a line of the analysis from move ${this.preview.ply}`;
    if (this.mode === "reviewing")
      return `Analysing the game: move ${this.viewPly} of ${game.plies}`;
    if (!live)
      return `Move ${this.viewPly} of ${game.plies} — ${side} to move (stepping through the game)`;
    if (game.over) return game.describeResult(this.maxPlies());
    if (!this.engine.alive) return `${side} to move — the engine is not running`;
    if (this.engine.searching && this.mode !== "analysing")
      return `${side} to move — the engine is thinking…`;
    if (this.mode === "play")
      return game.toMove() === this.humanSide()
        ? `${side} to move — your move`
        : `${side} to move — the engine's move`;
    if (this.mode === "watch") return `${side} to move — press “Engines play”`;
    return `${side} to move`;
  }

  // The engine's output: hidden while playing unless asked for; while stepping through
  // the game it is marked as belonging to another position.
  private renderThinking(game: Game, live: boolean): void {
    const tab = tabOf(this.mode);
    const thinking = $("thinking");
    thinking.hidden = tab === "play" && !$<HTMLInputElement>("show-thinking").checked;
    const analysedPly = tab === "analyse" ? this.viewPly : game.plies;
    const stale = tab !== "analyse" && !live;
    thinking.classList.toggle("stale", stale);
    thinking.dataset.stale = String(stale);
    if (stale) {
      const e = game.evals[this.viewPly];
      this.analysis.setCaption(
        `— showing move ${this.viewPly}${e ? ` (its analysis: ${formatScore(e)} at depth ${e.depth})` : ""}; the table is for the position after move ${analysedPly}`,
      );
    }
  }

  private renderEval(game: Game): void {
    const e = this.preview ? null : game.evals[this.viewPly];
    const bar = $("eval-bar");
    const show =
      !!e && (tabOf(this.mode) !== "play" || $<HTMLInputElement>("show-thinking").checked);
    bar.hidden = !show;
    if (e && show) {
      const cp = southCp(e);
      const share = 50 + 50 * Math.tanh(cp / 600);
      $("eval-fill").style.width = `${share.toFixed(1)}%`;
      $("eval-text").textContent = `${formatScore(e)} (South's view, depth ${e.depth})`;
      bar.dataset.cp = String(cp);
    }
    const analysed = game.evals.filter((x, ply) => x && ply <= game.plies).length;
    $("graph-section").hidden = analysed === 0;
    if (analysed)
      $("graph").innerHTML = renderGraph(
        game.evals,
        game.plies,
        this.viewPly,
        markMoves(this.losses(game)),
      );
  }

  private renderMoves(game: Game): void {
    const northFirst = game.toMove(0) === "N";
    const marks: Map<number, MoveMark> = markMoves(this.losses(game));
    const items = game.moves.map((move, i) => {
      const ply = i + (northFirst ? 1 : 0);
      const south = ply % 2 === 0;
      const number = south ? `${ply / 2 + 1}.` : i === 0 ? "1…" : "";
      const ms = game.thinkMs[i];
      const mark = marks.get(i);
      const classes = [south ? "south" : "north"];
      if (i === 0 && northFirst) classes.push("first-north");
      if (i + 1 === this.viewPly) classes.push("current");
      if (mark) classes.push(mark);
      return (
        `<li data-ply="${i + 1}" data-token="${move}" class="${classes.join(" ")}"${mark ? ` data-mark="${mark}"` : ""}>` +
        (number ? `<span class="number">${number}</span>` : "") +
        move +
        (mark
          ? `<span class="mark" title="${mark === "blunder" ? "lost most" : "lost a seed or more"}">${mark === "blunder" ? "??" : "?"}</span>`
          : "") +
        (ms !== null && ms !== undefined ? ` <small>${ms} ms</small>` : "") +
        `</li>`
      );
    });
    const list = $("moves");
    list.innerHTML = items.join("");
    list.dataset.plies = String(game.plies);
    // Keep the current move in sight inside the list (not by scrolling the page).
    const current = list.querySelector<HTMLElement>(".current");
    if (
      current &&
      (current.offsetTop < list.scrollTop ||
        current.offsetTop > list.scrollTop + list.clientHeight - 20)
    )
      list.scrollTop = current.offsetTop - list.clientHeight / 2;
    // The variations as nested lists: those left inside a variation under it.
    const variations = (list: readonly Variation[], path: string): string =>
      list
        .map((v, i) => {
          const at = path ? `${path}.${i}` : String(i);
          const inside = v.variations?.length ? `<ul>${variations(v.variations, at)}</ul>` : "";
          return (
            `<li data-from="${v.ply}">from move ${v.ply}: <code>${v.moves.slice(0, 8).join(" ")}${v.moves.length > 8 ? " …" : ""}</code> ` +
            `<button type="button" data-variation="${at}">switch to it</button>${inside}</li>`
          );
        })
        .join("");
    $("variations").innerHTML = variations(game.variations, "");
  }

  private renderControls(): void {
    const variant = $<HTMLSelectElement>("variant").value;
    $("kichwa-label").hidden =
      variant !== "kujifunza" || !this.engine.identity.options.has("kichwarule");
    $("elo-label").hidden = $<HTMLSelectElement>("preset").value !== kCustom;
    const mode = this.mode;
    $<HTMLButtonElement>("analyse-start").disabled = mode === "analysing";
    $<HTMLButtonElement>("analyse-stop").disabled = mode !== "analysing" && mode !== "reviewing";
    $<HTMLButtonElement>("analyse-game").disabled = mode === "reviewing";
    $<HTMLButtonElement>("watch-start").disabled = mode === "watching";
    $<HTMLButtonElement>("watch-pause").disabled = mode !== "watching";
    const game = this.game;
    $<HTMLButtonElement>("play-from-here").disabled = !game || this.viewPly === game.plies;
  }

  // The strength presets with their nominal Elo on the engine's scale (`range`, once the
  // engine told it), and the custom Elo's bounds. Without a scale only full strength can
  // be chosen.
  private fillPresets(range: EloRange | null): void {
    const select = $<HTMLSelectElement>("preset");
    const current = select.value;
    const known = this.engine.identity.options.size > 0;
    select.innerHTML = [
      ...kPresets.map((p) => {
        const off = known && !range && p.elo !== null ? " disabled" : "";
        return `<option value="${p.name}"${off}>${presetLabel(p, range)}</option>`;
      }),
      `<option value="${kCustom}"${known && !range ? " disabled" : ""}>custom Elo</option>`,
    ].join("");
    select.value = known && !range ? "full" : isPresetName(current) ? current : kDefaultPreset;
    select.title =
      known && !range
        ? `${this.engine.identity.name} has no UCI_Elo option: full strength only`
        : "";
    const elo = $<HTMLInputElement>("elo");
    if (range) {
      elo.min = String(range.min);
      elo.max = String(range.max);
      const value = Number(elo.value);
      if (!Number.isFinite(value) || value < range.min || value > range.max)
        elo.value = String(
          Math.max(range.min, Math.min(range.max, Math.round(value) || range.max)),
        );
    }
  }

  private fillVariants(variants: Variant[]): void {
    const select = $<HTMLSelectElement>("variant");
    const current = select.value || "kiswahili";
    select.innerHTML = variants.map((v) => `<option value="${v}">${v}</option>`).join("");
    select.value = variants.includes(current as Variant) ? current : variants[0]!;
  }

  private setBusy(delta: number): void {
    this.running += delta;
    document.body.dataset.busy = String(this.running > 0);
  }

  private showStatus(status: EngineStatus, detail: string): void {
    const element = $("engine-status");
    element.dataset.status = status;
    element.dataset.pid = String(this.engine.pid);
    element.textContent = detail;
    document.body.dataset.engine = status;
    const dead = status === "dead" || status === "disconnected";
    $("dead-banner").hidden = !dead;
    $("dead-text").textContent = dead ? `${detail}.` : "";
    $("dead-restart").textContent = status === "disconnected" ? "Reconnect" : "Restart the engine";
    if (dead) {
      this.stopWork();
      this.kichwa = null;
    }
    this.render();
  }

  private showError(message: string): void {
    const list = $("errors");
    const item = document.createElement("li");
    item.className = "error";
    const text = document.createElement("span");
    text.textContent = message;
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "dismiss";
    dismiss.textContent = "×";
    dismiss.title = "dismiss";
    dismiss.setAttribute("aria-label", "dismiss");
    item.append(text, dismiss);
    list.prepend(item);
    while (list.children.length > kMaxErrors) list.lastElementChild!.remove();
  }

  private log(line: string | null): void {
    if (line !== null) this.logLines.push(line);
    if (this.logLines.length > kMaxLogLines)
      this.logLines.splice(0, this.logLines.length - kMaxLogLines);
    const log = $("log");
    if (log.closest("details")?.open) log.textContent = this.logLines.join("\n");
  }
}

new App().start();
