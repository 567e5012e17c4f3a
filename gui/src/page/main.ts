// The page: one game on the board, three ways to use the engine with it (play against
// it, analyse, watch it play itself), and the engine's state. Everything the engine is
// asked goes through one queue of tasks; a new task cancels the one running (a search is
// stopped, an animation skipped), so the page never talks over itself.
import { AnalysisView } from "./analysis_view.js";
import { renderBoard } from "./board_view.js";
import { EngineClient, EngineGone, type EngineStatus } from "./engine_client.js";
import { Game } from "./game.js";
import { writeGameRecord } from "./game_record.js";
import { renderPicker } from "./move_picker.js";
import { movesByPit, parseMoveToken, type MoveToken } from "./move_token.js";
import { isVariant, kVariants, opponent, parsePosition, pitName, type Side, type Variant } from "./position.js";
import { sowingTo, type KichwaRule } from "./sowing.js";

type Mode = "play" | "analyse" | "watch";
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

class App {
  private readonly engine = new EngineClient(`ws://${location.host}/engine`);
  private readonly analysis = new AnalysisView($("info-summary"), $("info-history"), $("thinking-caption"));
  private mode: Mode = "play";
  private game: Game | null = null;
  private viewPly = 0;
  private selected: string | null = null;
  private analysing = false;
  private watching = false;
  private epoch = 0;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  private animating = false;
  private skipAnimation = false;
  private multipvSent = 0;
  private readonly stats = { played: 0, skipped: 0, mismatched: 0 };
  private logLines: string[] = [];

  start(): void {
    this.wireEngine();
    this.wireControls();
    this.fillVariants([...kVariants]);
    this.render();
    this.engine.connect();
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
  }

  // A fresh engine: identify it, give it the rules and the game on the board (after a
  // restart the game goes on where it was), then carry on.
  private async boot(epoch: number): Promise<void> {
    const identity = await this.engine.identify();
    this.multipvSent = 0;
    const variants = identity.options.get("uci_variant")?.choices.filter(isVariant) ?? [];
    this.fillVariants(variants.length ? variants : [...kVariants]);
    const game = this.game;
    if (game) {
      await this.applyRules(game.variant, game.kichwaRule);
      const errors = await this.engine.command(game.positionCommand());
      const fen = errors.length ? null : await this.engine.query("fen");
      if (fen === game.fen()) {
        await this.refreshLegal(game);
        return this.carryOn(epoch);
      }
      this.showError(`the restarted engine does not reach the game's position; starting a new game`);
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

  // A new game from the variant's start, or from a position string (with moves after it).
  private async newGame(epoch: number, text: string | null): Promise<void> {
    const variant = $<HTMLSelectElement>("variant").value as Variant;
    // The kichwa rule is kujifunza's; records of other variants carry the default.
    const kichwa = variant === "kujifunza" ? $<HTMLSelectElement>("kichwa").value : "choose";
    await this.applyRules(variant, kichwa);
    let moves: string[] = [];
    let errors: string[];
    if (text === null) {
      errors = await this.engine.command("position startpos");
    } else {
      const [fen, after] = text.trim().split(/\s+moves\s+|\s+moves$/);
      moves = (after ?? "").split(/\s+/).filter(Boolean);
      errors = await this.engine.command(
        /^startpos$/.test(fen!.trim()) ? "position startpos" : `position fen ${fen!.trim()}`,
      );
    }
    if (errors.length) return this.restoreGame(); // the error is shown; the game stays
    const start = await this.engine.query("fen");
    const startpos = text === null || /^startpos\b/.test(text.trim());
    const game = new Game(variant, kichwa, startpos, start);
    this.game = game;
    this.viewPly = 0;
    this.analysis.clear("");
    for (const move of moves) {
      if (epoch !== this.epoch || !(await this.playMove(epoch, move, null, false))) break;
    }
    await this.refreshLegal(game);
  }

  // Back to the game on the board after a refused new game (the variant may have changed).
  private async restoreGame(): Promise<void> {
    const game = this.game;
    if (!game) return;
    $<HTMLSelectElement>("variant").value = game.variant;
    if (game.variant === "kujifunza") $<HTMLSelectElement>("kichwa").value = game.kichwaRule;
    await this.applyRules(game.variant, game.kichwaRule);
    await this.engine.command(game.positionCommand());
  }

  // Plays a move on the engine's board; what is drawn after it is the engine's position.
  private async playMove(epoch: number, token: string, ms: number | null, animate = true): Promise<boolean> {
    const game = this.game!;
    const canonical = game.legal.find((m) => m.toLowerCase() === token.toLowerCase()) ?? token;
    const before = game.fen();
    const errors = await this.engine.command(game.positionCommand(game.plies, [canonical]));
    if (errors.length) {
      await this.engine.command(game.positionCommand()); // back to the game's position
      return false;
    }
    const after = await this.engine.query("fen");
    game.moves.push(canonical);
    game.fens.push(after);
    game.thinkMs.push(ms);
    await this.refreshLegal(game);
    this.viewPly = game.plies;
    if (animate) await this.animate(epoch, game, before, canonical, after);
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
      this.analysis.clear(`— ${side} to move, ${this.limits()}`);
      this.render();
      const started = performance.now();
      const best = await this.engine.go(this.limits());
      if (epoch !== this.epoch) return;
      if (best === "(none)") {
        await this.refreshLegal(game);
        break;
      }
      if (!(await this.playMove(epoch, best, Math.round(performance.now() - started)))) {
        this.showError(`the engine's move '${best}' was refused`);
        this.watching = false;
        break;
      }
    }
    if (epoch === this.epoch && this.game?.over) this.watching = false;
    if (epoch === this.epoch && this.mode === "analyse" && this.analysing) await this.analyse();
  }

  private async analyse(): Promise<void> {
    const game = this.game;
    if (!game || game.over) {
      this.analysing = false;
      this.analysis.clear("— the game is over: nothing to analyse");
      return;
    }
    const lines = Math.max(1, Math.min(64, Number($<HTMLInputElement>("multipv").value) || 1));
    await this.setMultiPV(lines);
    await this.engine.command(game.positionCommand());
    this.analysis.clear(`— analysing ${game.toMove() === "S" ? "South" : "North"} to move, ${lines} line${lines > 1 ? "s" : ""}`);
    const search = this.engine.go("infinite");
    this.setBusy(-1); // waiting for `stop` is not being busy
    this.render();
    try {
      await search;
    } finally {
      this.setBusy(+1);
    }
  }

  private engineToMove(): boolean {
    if (this.mode === "play") return this.game!.toMove() !== this.humanSide();
    return this.mode === "watch" && this.watching;
  }

  private humanSide(): Side {
    return $<HTMLSelectElement>("human-side").value as Side;
  }

  private limits(): string {
    const kind = $<HTMLSelectElement>("limit-kind").value;
    const value = Math.max(1, Math.floor(Number($<HTMLInputElement>("limit-value").value) || 1));
    return `${kind} ${value}`;
  }

  // ---- the sowing animation ---------------------------------------------------------

  private async animate(epoch: number, game: Game, before: string, token: string, after: string): Promise<void> {
    if (!$<HTMLInputElement>("animate").checked) {
      this.countAnimation("skipped");
      return;
    }
    const from = parsePosition(game.variant, before);
    const move = parseMoveToken(token, from.width);
    const sowing = move && sowingTo(from, move, game.kichwaRule as KichwaRule, parsePosition(game.variant, after));
    if (!sowing) {
      // The simulation disagrees with the engine: show the engine's board, unanimated.
      this.countAnimation("mismatched");
      console.warn(`no animation for ${token}: the simulated sowing does not reach ${after}`);
      return;
    }
    this.countAnimation("played");
    const interval = Math.min(Number($<HTMLSelectElement>("speed").value), kAnimationBudgetMs / sowing.frames.length);
    this.animating = true;
    $<HTMLButtonElement>("skip").disabled = false;
    $("animation-state").textContent = `sowing ${token}`;
    try {
      for (const frame of sowing.frames) {
        if (this.skipAnimation || epoch !== this.epoch) break;
        $("board").innerHTML = renderBoard(frame.position, { highlight: frame.highlight, caption: this.captions() });
        await sleep(interval);
      }
    } finally {
      this.animating = false;
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

  // ---- controls ---------------------------------------------------------------------

  private wireControls(): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.addEventListener("click", () => this.setMode(button.dataset.mode as Mode));
    $("restart").addEventListener("click", () => this.engine.restart());
    $("dead-restart").addEventListener("click", () => this.engine.restart());
    $("new-game").addEventListener("click", () => this.startFresh(null));
    $("variant").addEventListener("change", () => {
      this.renderControls();
      this.startFresh(null);
    });
    $("kichwa").addEventListener("change", () => this.startFresh(null));
    $("set-position").addEventListener("click", () => {
      const text = $<HTMLTextAreaElement>("position-input").value.trim();
      if (text) this.startFresh(text);
    });
    $("copy-position").addEventListener("click", () => {
      if (this.game) $<HTMLTextAreaElement>("position-input").value = this.game.fen(this.viewPly);
    });
    $("human-side").addEventListener("change", () => void this.schedule((e) => this.carryOn(e)));
    $("analyse-start").addEventListener("click", () => {
      this.analysing = true;
      void this.schedule((e) => this.carryOn(e));
    });
    $("analyse-stop").addEventListener("click", () => {
      this.analysing = false;
      void this.schedule(async () => {});
    });
    $("multipv").addEventListener("change", () => {
      if (this.analysing) void this.schedule((e) => this.carryOn(e));
    });
    $("watch-start").addEventListener("click", () => {
      this.watching = true;
      this.viewPly = this.game?.plies ?? 0;
      void this.schedule((e) => this.carryOn(e));
    });
    $("watch-pause").addEventListener("click", () => {
      this.watching = false;
      void this.schedule(async () => {});
    });
    $("export").addEventListener("click", () => this.exportRecord());
    $("skip").addEventListener("click", () => (this.skipAnimation = true));
    $("board").addEventListener("click", (event) => this.clickBoard(event));
    $("picker").addEventListener("click", (event) => this.clickPicker(event));
    $("type-move").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $<HTMLInputElement>("move-input");
      const token = input.value.trim();
      if (token && this.humanMayMove()) {
        input.value = "";
        this.humanMove(token);
      }
    });
    $("step-first").addEventListener("click", () => this.view(0));
    $("step-back").addEventListener("click", () => this.view(this.viewPly - 1));
    $("step-forward").addEventListener("click", () => this.view(this.viewPly + 1));
    $("step-last").addEventListener("click", () => this.view(this.game?.plies ?? 0));
    $("moves").addEventListener("click", (event) => {
      const item = (event.target as Element).closest<HTMLElement>("[data-ply]");
      if (item) this.view(Number(item.dataset.ply));
    });
    $("play-from-here").addEventListener("click", () => this.playFromHere());
    $("log").closest("details")!.addEventListener("toggle", () => this.log(null));
    $("errors").addEventListener("click", (event) => {
      if ((event.target as Element).closest(".dismiss")) (event.target as Element).closest("li")?.remove();
    });
    document.addEventListener("keydown", (event) => {
      if ((event.target as Element).closest("input, textarea, select")) return;
      if (event.key === "ArrowLeft") this.view(this.viewPly - 1);
      if (event.key === "ArrowRight") this.view(this.viewPly + 1);
      if (event.key === "Escape") this.skipAnimation = true;
    });
  }

  private startFresh(text: string | null): void {
    this.analysing = false;
    this.watching = false;
    void this.schedule(async (epoch) => {
      await this.newGame(epoch, text);
      await this.carryOn(epoch);
    });
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    this.analysing = false;
    this.watching = false;
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.setAttribute("aria-selected", String(button.dataset.mode === mode));
    for (const panel of document.querySelectorAll<HTMLElement>(".mode-panel"))
      panel.hidden = panel.dataset.panel !== mode;
    void this.schedule((e) => this.carryOn(e));
  }

  private view(ply: number): void {
    if (!this.game) return;
    this.viewPly = Math.max(0, Math.min(this.game.plies, ply));
    this.selected = null;
    this.render();
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

  private humanMayMove(): boolean {
    const game = this.game;
    if (!game || game.over || this.viewPly !== game.plies || this.animating) return false;
    if (this.engine.status !== "ready" || this.running > 0) return false;
    if (this.mode === "play") return game.toMove() === this.humanSide();
    return this.mode === "analyse";
  }

  private clickBoard(event: Event): void {
    const pit = (event.target as Element).closest<SVGElement>("[data-pit]")?.dataset.pit;
    if (!pit || !this.humanMayMove()) return;
    const moves = movesByPit(this.game!.legal, this.game!.position().width).get(pit);
    if (!moves) return;
    if (moves.length === 1 && this.game!.variant === "kigogo") return this.humanMove(moves[0]!.text);
    this.selected = this.selected === pit ? null : pit;
    this.render();
  }

  private clickPicker(event: Event): void {
    const target = (event.target as Element).closest<HTMLElement>("button");
    if (!target) return;
    if (target.dataset.move && this.humanMayMove()) this.humanMove(target.dataset.move);
    this.selected = null;
    this.render();
  }

  private humanMove(token: string): void {
    this.selected = null;
    void this.schedule(async (epoch) => {
      if (await this.playMove(epoch, token, null)) await this.carryOn(epoch);
    });
  }

  private exportRecord(): void {
    const game = this.game;
    if (!game) return;
    const engineName = this.engine.identity.name;
    const limit = this.limits().replace(" ", "=");
    const maxPlies = Number(this.engine.identity.options.get("maxplies")?.default) || 1000;
    const player = (side: Side) => {
      if (this.mode === "play" && side === this.humanSide()) return "human";
      return engineName;
    };
    const text = writeGameRecord({
      south: player("S"),
      north: player("N"),
      variant: game.variant,
      kichwaRule: game.kichwaRule,
      maxPlies,
      timeControl: limit,
      start: game.start,
      moves: game.moves,
      moveMs: game.thinkMs,
      result: game.result,
      reason: game.reason(maxPlies),
    });
    const area = $<HTMLTextAreaElement>("record");
    area.value = text;
    area.hidden = false;
    const link = $<HTMLAnchorElement>("record-download");
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.hidden = false;
  }

  // ---- drawing ----------------------------------------------------------------------

  private captions(): Partial<Record<Side, string>> {
    const name = this.engine.identity.name;
    if (this.mode === "play") {
      const human = this.humanSide();
      return { [human]: "you", [opponent(human)]: name };
    }
    if (this.mode === "watch") return { S: name, N: name };
    return {};
  }

  private render(): void {
    const game = this.game;
    document.body.dataset.mode = this.mode;
    this.renderControls();
    if (!game) {
      $("status-line").textContent = "waiting for the engine…";
      return;
    }
    const position = game.position(this.viewPly);
    const live = this.viewPly === game.plies;
    const mayMove = this.humanMayMove();
    const byPit = movesByPit(mayMove ? game.legal : [], position.width);
    const lastMove = this.viewPly > 0 ? parseMoveToken(game.moves[this.viewPly - 1]!, position.width) : null;
    if (!this.animating) {
      $("board").innerHTML = renderBoard(position, {
        selectable: new Set(byPit.keys()),
        selected: this.selected,
        lastMove: lastMove ? pitName(lastMove.pit, position.width) : null,
        caption: this.captions(),
      });
      const board = $("board");
      board.dataset.ply = String(this.viewPly);
      board.dataset.live = String(live);
    }
    const picker = $("picker");
    const choices: MoveToken[] | undefined = this.selected ? byPit.get(this.selected) : undefined;
    picker.hidden = !choices;
    picker.innerHTML = choices ? renderPicker(this.selected!, choices, position) : "";
    this.renderMoves(game);
    $("status-line").textContent = this.statusText(game, live);
  }

  private statusText(game: Game, live: boolean): string {
    const maxPlies = Number(this.engine.identity.options.get("maxplies")?.default) || 1000;
    const side = game.toMove(this.viewPly) === "S" ? "South" : "North";
    if (!live) return `Move ${this.viewPly} of ${game.plies} — ${side} to move (stepping through the game)`;
    if (game.over) return game.describeResult(maxPlies);
    if (!this.engine.alive) return `${side} to move — the engine is not running`;
    if (this.engine.searching && !this.analysing) return `${side} to move — the engine is thinking…`;
    if (this.mode === "play")
      return game.toMove() === this.humanSide() ? `${side} to move — your move` : `${side} to move — the engine's move`;
    if (this.mode === "watch" && !this.watching) return `${side} to move — press “Engines play”`;
    return `${side} to move`;
  }

  private renderMoves(game: Game): void {
    const northFirst = game.toMove(0) === "N";
    const items = game.moves.map((move, i) => {
      const ply = i + (northFirst ? 1 : 0);
      const number = ply % 2 === 0 ? `${ply / 2 + 1}.` : i === 0 ? "1…" : "";
      const ms = game.thinkMs[i];
      return (
        `<li data-ply="${i + 1}" data-token="${move}" class="${i + 1 === this.viewPly ? "current" : ""}">` +
        `<span class="number">${number}</span>${move}${ms !== null && ms !== undefined ? ` <small>${ms} ms</small>` : ""}</li>`
      );
    });
    const list = $("moves");
    list.innerHTML = items.join("");
    list.dataset.plies = String(game.plies);
    // Keep the current move in sight inside the list (not by scrolling the page).
    const current = list.querySelector<HTMLElement>(".current");
    if (current && (current.offsetTop < list.scrollTop || current.offsetTop > list.scrollTop + list.clientHeight - 20))
      list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }

  private renderControls(): void {
    const variant = $<HTMLSelectElement>("variant").value;
    $("kichwa-label").hidden = variant !== "kujifunza" || !this.engine.identity.options.has("kichwarule");
    $<HTMLButtonElement>("analyse-start").disabled = this.analysing;
    $<HTMLButtonElement>("analyse-stop").disabled = !this.analysing;
    $<HTMLButtonElement>("watch-start").disabled = this.watching;
    $<HTMLButtonElement>("watch-pause").disabled = !this.watching;
    const game = this.game;
    $<HTMLButtonElement>("play-from-here").disabled = !game || this.viewPly === game.plies;
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
      this.watching = false;
      this.analysing = false;
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
    item.append(text, dismiss);
    list.prepend(item);
    while (list.children.length > kMaxErrors) list.lastElementChild!.remove();
  }

  private log(line: string | null): void {
    if (line !== null) this.logLines.push(line);
    if (this.logLines.length > kMaxLogLines) this.logLines.splice(0, this.logLines.length - kMaxLogLines);
    const log = $("log");
    if (log.closest("details")?.open) log.textContent = this.logLines.join("\n");
  }
}

new App().start();
