// The controls' wiring: each of the page's buttons, boxes and keys handed to the module
// that does what it asks. Nothing is decided here beyond reading the event.
import { $ } from "./dom.js";
import type { App } from "./main.js";
import type { Tab } from "./mode.js";
import type { Letter } from "./move_token.js";
import { showRules } from "./settings.js";

export class Controls {
  constructor(private readonly app: App) {}

  wire(): void {
    this.wireTabs();
    this.wireGameControls();
    this.wirePositionBox();
    this.wireModeControls();
    this.wireBoard();
    this.wireMoveList();
    this.wirePage();
  }

  // The mode tabs.
  private wireTabs(): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.addEventListener("click", () => {
        this.app.setTab(button.dataset.mode as Tab);
        this.app.play.queueCarryOn();
      });
  }

  // The engine, a new game, the game's settings.
  private wireGameControls(): void {
    const { app } = this;
    const { session, setup, view } = app;
    $("restart").addEventListener("click", () => session.engine.restart());
    // Another tab changed the kept game: keep this tab's, or take up the other's.
    $("tabs-keep").addEventListener("click", () => {
      if (app.state.game) app.store.keepThisTab(app.state.game);
      view.render();
    });
    $("tabs-load").addEventListener("click", () => location.reload());
    $("dead-restart").addEventListener("click", () => session.engine.restart());
    // A new game asks before it drops an unfinished one, and leaves nothing of the old.
    const newGame = () => {
      if (!setup.confirmDiscard()) return;
      app.files.forget();
      setup.startFresh(null);
    };
    $("new-game").addEventListener("click", newGame);
    $("game-over-new").addEventListener("click", newGame);
    $("game-over-close").addEventListener("click", () => {
      app.state.gameOverClosed = true;
      view.render();
    });
    for (const id of ["variant", "kichwa"]) {
      $(id).addEventListener("change", () => {
        if (!setup.confirmDiscard()) {
          const game = app.state.game!;
          showRules(game.variant, game.kichwaRule);
          view.renderControls();
          return;
        }
        view.renderControls();
        setup.startFresh(null);
      });
    }
    // The strength applies from the engine's next move (Session.setStrength).
    $("preset").addEventListener("change", () => {
      view.renderControls();
      app.saveSettings();
    });
    for (const id of ["elo", "limit-kind", "limit-value"])
      $(id).addEventListener("input", () => app.saveSettings());
    $("time-control").addEventListener("change", () => {
      app.clocks.reset();
      app.saveSettings();
    });
  }

  // The position box, records and files.
  private wirePositionBox(): void {
    const { state, files, setup } = this.app;
    const box = $<HTMLTextAreaElement>("position-input");
    $("set-position").addEventListener("click", () => {
      if (box.value.trim() && setup.confirmDiscard("Set the position")) files.loadText(box.value);
    });
    $("copy-position").addEventListener("click", () => {
      if (state.game) box.value = state.game.fen(state.viewPly);
    });
    $("record-game").addEventListener("change", () => {
      const select = $<HTMLSelectElement>("record-game");
      if (setup.confirmDiscard("Load that game")) files.loadRecord(Number(select.value));
      else select.value = String(files.shownRecord);
    });
    // Asked once the file is read: a proof file leaves the game as it is (game_files.ts).
    $("load-file").addEventListener("change", () => {
      void files.loadFile($<HTMLInputElement>("load-file"));
    });
    $("save-game").addEventListener("click", () => files.saveFile());
    $("export").addEventListener("click", () => files.exportRecord());
  }

  // The modes' panels and the board's tools.
  private wireModeControls(): void {
    const { app } = this;
    $("human-side").addEventListener("change", () => {
      app.saveSettings();
      app.play.queueCarryOn();
    });
    $("show-thinking").addEventListener("change", () => app.view.render());
    // Each side's strength in Watch applies from its next move; its band names it at once.
    for (const id of ["watch-south", "watch-north"])
      $(id).addEventListener("change", () => app.view.render());
    $("sound").addEventListener("change", () => {
      app.sowing.sound.enabled = $<HTMLInputElement>("sound").checked;
      app.saveSettings();
    });
    $("flip").addEventListener("click", () => {
      app.state.flipUser = !app.state.flipUser;
      app.view.render();
    });
    $("analyse-start").addEventListener("click", () => app.analyse.start());
    $("analyse-stop").addEventListener("click", () => app.analyse.stop());
    $("analyse-game").addEventListener("click", () => app.review.start());
    $("multipv").addEventListener("change", () => app.analyse.linesChanged());
    $("take-back").addEventListener("click", () => app.play.takeBack());
    $("hint").addEventListener("click", () => app.hint.ask());
    $("watch-start").addEventListener("click", () => app.watch.start());
    $("watch-pause").addEventListener("click", () => app.watch.pause());
    $("skip").addEventListener("click", () => (app.sowing.skipping = true));
  }

  // The board, the move picker and the typed move.
  private wireBoard(): void {
    const { state, input, kichwa, play, whyNot } = this.app;
    const board = $("board");
    board.addEventListener("click", (event) => input.clickBoard(event));
    board.addEventListener("keydown", (event) => input.boardKey(event));
    board.addEventListener("focusin", (event) => {
      const pit = (event.target as Element).closest<SVGElement>("[data-pit]")?.dataset.pit;
      if (pit) state.focusPit = pit;
    });
    const picker = $("picker");
    picker.addEventListener("click", (event) => input.clickPicker(event));
    picker.addEventListener("keydown", (event) => this.app.steps.key(event));
    $("step-sowing").addEventListener("click", () => this.app.steps.openShown());
    // A kichwa choice is previewed while a mouse points at it, or while it has the
    // keyboard's focus (not the focus the page gives the first choice after a click); a
    // finger's tap previews it through the click (KichwaChoice.tap), never by hovering.
    const previewTarget = (event: Event) => {
      const letter = (event.target as Element).closest<HTMLElement>("[data-kichwa]")?.dataset
        .kichwa;
      kichwa.preview((letter as Letter | undefined) ?? null);
    };
    picker.addEventListener("pointerover", (event) => {
      if (event.pointerType === "mouse") previewTarget(event);
    });
    picker.addEventListener("focusin", (event) => {
      if ((event.target as Element).matches(":focus-visible")) previewTarget(event);
    });
    picker.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") kichwa.preview(null);
    });
    $("type-move").addEventListener("submit", (event) => {
      event.preventDefault();
      const field = $<HTMLInputElement>("move-input");
      const token = field.value.trim();
      if (!token || !play.humanMayMove()) return;
      // A token that is not legal here stays in the field, explained (issue #31 "Why not").
      const lower = token.toLowerCase();
      if (!state.legalAtView().some((t) => t.toLowerCase() === lower))
        return void whyNot.explainTyped(token);
      field.value = "";
      play.humanMove(token);
    });
  }

  // The move list, the variations, the graph and the analysis table.
  private wireMoveList(): void {
    const { state, stepping, analyse } = this.app;
    $("step-first").addEventListener("click", () => stepping.show(0));
    $("step-back").addEventListener("click", () => stepping.show(state.viewPly - 1));
    $("step-forward").addEventListener("click", () => stepping.show(state.viewPly + 1));
    $("step-last").addEventListener("click", () => stepping.show(state.game?.plies ?? 0));
    $("moves").addEventListener("click", (event) => {
      const item = (event.target as Element).closest<HTMLElement>("[data-ply]");
      if (item) stepping.show(Number(item.dataset.ply));
    });
    $("variations").addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-variation]");
      const path = (button?.dataset.variation ?? "").split(".").map(Number);
      if (button) stepping.switchVariation(path);
    });
    $("review-marks").addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>("button[data-ply]");
      if (button) stepping.show(Number(button.dataset.ply));
    });
    $("graph").addEventListener("click", (event) => {
      const point = (event.target as Element).closest<SVGElement>("[data-ply]");
      if (point) stepping.show(Number(point.dataset.ply));
    });
    const summary = $("info-summary");
    summary.addEventListener("click", (event) => this.clickPv(event));
    summary.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.clickPv(event);
    });
    $("preview-close").addEventListener("click", () => analyse.closePreview());
    $("play-from-here").addEventListener("click", () => stepping.playFromHere());
  }

  // A PV move clicked: the line up to it previewed, as it is shown (newer reports may
  // have come since it was drawn).
  private clickPv(event: Event): void {
    const span = (event.target as Element).closest<HTMLElement>(".pv-move[data-index]");
    if (!span || !this.app.state.game) return;
    event.preventDefault();
    const shown = [...(span.closest("tr")?.querySelectorAll(".pv-move") ?? [])].map(
      (m) => m.textContent ?? "",
    );
    this.app.analyse.previewLine(shown.slice(0, Number(span.dataset.index) + 1));
  }

  // The page: the log, the errors, the settings kept, the keys, the window's size.
  private wirePage(): void {
    const { app } = this;
    const { state, stepping } = app;
    $("log")
      .closest("details")!
      .addEventListener("toggle", () => app.messages.log(null));
    $("errors").addEventListener("click", (event) => {
      if ((event.target as Element).closest(".dismiss"))
        (event.target as Element).closest("li")?.remove();
    });
    document.addEventListener("change", (event) => {
      if ((event.target as Element).closest("aside, #board-tools")) app.saveSettings();
    });
    document.addEventListener("keydown", (event) => {
      if ((event.target as Element).closest("input, textarea, select, #board, #picker")) return;
      if (event.key === "ArrowLeft") stepping.show(state.viewPly - 1);
      else if (event.key === "ArrowRight") stepping.show(state.viewPly + 1);
      else if (event.key === "Home") stepping.show(0);
      else if (event.key === "End") stepping.show(state.game?.plies ?? 0);
      else if (event.key === "Escape") app.input.escape();
      else return;
      event.preventDefault();
    });
    let resizing = false;
    window.addEventListener("resize", () => {
      if (resizing) return;
      resizing = true;
      requestAnimationFrame(() => {
        resizing = false;
        if (!app.sowing.running) app.view.render();
      });
    });
  }
}
