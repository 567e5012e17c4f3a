// The page: one game on the board, three ways to use the engine with it (play against
// it, analyse, watch it play itself), and the engine's state. Everything the engine is
// asked goes through one queue of tasks (session.ts); a new task cancels the one running
// (a search is stopped, an animation skipped), so the page never talks over itself. The
// game and the settings are kept in the browser's local storage and come back after a
// reload.
//
// The App holds the page's parts and wires them: the state (page_state.ts, with the mode
// as one value, mode.ts), the engine session, one module a mode (play.ts, analyse.ts,
// watch.ts, review.ts), the game's setup, files and stepping, the kichwa question, the
// sowing animation, the drawing (render.ts) and the controls' wiring (controls.ts).
import { AnalysisView } from "./analysis_view.js";
import { Analyse } from "./analyse.js";
import { BoardInput } from "./board_input.js";
import { Controls } from "./controls.js";
import { $ } from "./dom.js";
import type { EngineStatus } from "./engine_client.js";
import { GameFiles } from "./game_files.js";
import { GameSetup } from "./game_setup.js";
import { Hint } from "./hint.js";
import { KichwaChoice } from "./kichwa_choice.js";
import { Messages } from "./messages.js";
import { isTab, tabOf, type Tab } from "./mode.js";
import { PageState } from "./page_state.js";
import { Play } from "./play.js";
import { PlayClocks } from "./play_clocks.js";
import { kVariants } from "./position.js";
import { Renderer } from "./render.js";
import { Review } from "./review.js";
import { wireRulesLink } from "./rules_link.js";
import { ProofFiles } from "./proof_files.js";
import { Session } from "./session.js";
import { fillPresets, fillVariants, restoreControls, saveControls } from "./settings.js";
import { SowingAnimation } from "./sowing_animation.js";
import { SowingSteps } from "./sowing_steps.js";
import { Stepping } from "./stepping.js";
import { GameStore } from "./storage.js";
import { prepareStaticSite } from "./static_site.js";
import { Watch } from "./watch.js";
import { WhyNot } from "./why_not.js";

export class App {
  readonly session = new Session();
  readonly analysis = new AnalysisView(
    $("info-summary"),
    $("info-history"),
    $("thinking-caption"),
    $("progress"),
  );
  readonly state = new PageState();
  readonly store = new GameStore();
  readonly messages = new Messages();
  readonly view = new Renderer(this);
  readonly sowing = new SowingAnimation(this);
  readonly steps = new SowingSteps(this);
  readonly clocks = new PlayClocks(this);
  readonly play = new Play(this);
  readonly analyse = new Analyse(this);
  readonly watch = new Watch(this);
  readonly hint = new Hint(this);
  readonly review = new Review(this);
  readonly kichwa = new KichwaChoice(this);
  readonly setup = new GameSetup(this);
  readonly files = new GameFiles(this);
  readonly proofs = new ProofFiles(this);
  readonly stepping = new Stepping(this);
  readonly input = new BoardInput(this);
  readonly whyNot = new WhyNot(this);
  readonly controls = new Controls(this);

  start(): void {
    fillPresets(null, this.session.engine.identity);
    this.restoreSettings();
    this.setup.restoreKept();
    this.wireSession();
    this.controls.wire();
    wireRulesLink(() => this.state.game?.variant ?? $<HTMLSelectElement>("variant").value);
    fillVariants([...kVariants]);
    this.clocks.reset();
    this.view.render();
    this.session.engine.connect();
    this.clocks.start();
  }

  // The engine's news and the queue's turns, to the parts that show them.
  private wireSession(): void {
    const { session, analysis, messages } = this;
    const engine = session.engine;
    engine.onStarted = () => {
      this.proofs.forget(); // a fresh engine holds no proof file
      void session.schedule((epoch) => this.setup.boot(epoch));
    };
    engine.onStatus = (status, detail) => this.engineStatus(status, detail);
    engine.onError = (message) => messages.showError(message);
    engine.onInfo = (line) => analysis.add(line);
    engine.onStderr = (line) => messages.log(`[stderr] ${line}`);
    engine.onLine = (line, sent) => messages.log(sent ? `> ${line}` : line);
    analysis.onBest = (info) => this.review.recordEvaluation(info);
    session.onQueued = () => {
      this.sowing.skipping = true;
      this.state.selected = null;
      this.state.steps = null;
      this.view.renderControls();
    };
    session.onRun = () => (this.sowing.skipping = false);
    session.onSettled = () => this.view.render();
    session.onError = (message) => messages.showError(message);
    session.onBusy = (busy) => (document.body.dataset.busy = String(busy));
    session.onSearching = (on) => analysis.searching(on);
  }

  // A dead or unreachable engine ends whatever it was doing, and the kichwa question.
  private engineStatus(status: EngineStatus, detail: string): void {
    this.view.showEngineStatus(status, detail);
    if (status === "dead" || status === "disconnected") {
      this.state.stopWork();
      this.state.kichwa = null;
    }
    this.view.render();
  }

  // The tab `tab` shown, the engine's work on the tab left stopped.
  setTab(tab: Tab): void {
    this.state.mode = tab;
    this.view.showTab(tab);
    this.saveSettings();
  }

  saveSettings(): void {
    saveControls(tabOf(this.state.mode), this.state.flipUser);
  }

  private restoreSettings(): void {
    const values = restoreControls();
    this.sowing.sound.enabled = $<HTMLInputElement>("sound").checked;
    this.state.flipUser = values.flip === true;
    if (isTab(values.mode)) this.setTab(values.mode);
  }
}

// On the static site, first under its service worker (which may reload the page once).
if (!(await prepareStaticSite())) new App().start();
