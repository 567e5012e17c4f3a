// Kujifunza under the choose rule, one capture at a time: the player's move is sown as
// far as the kichwa choices made so far go, and at the next central capture the picker
// asks which kichwa the captured seeds enter (kichwa_question.ts works out the choices).
// The token the answers make is then played as the player's move.
import { $ } from "./dom.js";
import type { Game } from "./game.js";
import { kichwaStep } from "./kichwa_question.js";
import type { App } from "./main.js";
import { directionOf } from "./move_picker.js";
import { markPreviewed } from "./picker_view.js";
import type { Letter } from "./move_token.js";
import { sideName } from "./position.js";

export class KichwaChoice {
  constructor(private readonly app: App) {}

  // The direction `base` (e.g. A3R) chosen in the picker: sow it to its first question.
  start(base: string): void {
    const state = this.app.state;
    const game = state.game!;
    state.kichwa = {
      base,
      ply: state.viewPly,
      candidates: state.legalAtView().filter((t) => directionOf(t) === base),
      ms: this.app.play.humanMs(),
      chosen: [],
      shown: 0,
      frame: null,
      options: [],
      previewing: null,
    };
    state.focusPicker = true;
    void this.app.session.schedule((epoch) => this.step(epoch, game));
  }

  // Sows the move as far as the choices go; at the next central capture, asks.
  private async step(epoch: number, game: Game): Promise<void> {
    const { state, session } = this.app;
    for (;;) {
      const q = state.kichwa;
      if (!q || game !== state.game) return;
      const before = game.position(q.ply);
      const step = kichwaStep(before, q.base, q.chosen, q.candidates);
      if ("token" in step) {
        state.kichwa = null;
        if (!step.token) {
          const move = `${q.base}:${q.chosen.join("")}`;
          this.app.messages.showError(`${move} is not one of the engine's legal moves`);
          return;
        }
        const { play } = this.app;
        if (await play.playMove(epoch, step.token, q.ms, "human", true, q.shown))
          await play.carryOn(epoch);
        return;
      }
      const label = `${sideName(before.toMove)} sows ${q.base}…`;
      if ($<HTMLInputElement>("animate").checked)
        await this.app.sowing.playFrames(epoch, step.frames.slice(q.shown), label);
      if (!session.isCurrent(epoch)) return;
      q.shown = step.frames.length;
      q.frame = step.frames[step.frames.length - 1]!;
      q.options = step.options;
      if (step.options.length !== 1) return; // ask (render shows the question)
      q.chosen.push(step.options[0]!.letter); // only one way on: no question
    }
  }

  // A choice clicked or tapped: played when the board already shows where it ends
  // (pointed at, focused by keyboard, or tapped once), otherwise shown first, so that a
  // tap never plays a choice blind (issue #31, Broken 2).
  tap(letter: Letter): void {
    const q = this.app.state.kichwa;
    if (!q) return;
    if (q.previewing === letter) this.choose(letter);
    else this.preview(letter);
  }

  // The kichwa `letter` chosen: the sowing goes on to the next question or the end.
  choose(letter: Letter): void {
    const state = this.app.state;
    const q = state.kichwa;
    const game = state.game;
    if (!q || !game || !q.options.some((o) => o.letter === letter)) return;
    q.chosen.push(letter);
    q.previewing = null;
    q.options = []; // answered: the question goes until the next one
    state.focusPicker = true;
    this.app.view.render();
    void this.app.session.schedule((epoch) => this.step(epoch, game));
  }

  // Where the choice `letter` ends, on the board while it is pointed at (null: the board
  // at the capture again).
  preview(letter: Letter | null): void {
    const q = this.app.state.kichwa;
    if (!q || q.previewing === letter || this.app.sowing.running) return;
    q.previewing = letter;
    const frame = letter ? q.options.find((o) => o.letter === letter)?.end : q.frame;
    if (frame) this.app.view.drawFrame(frame);
    markPreviewed($("picker"), letter);
  }

  // The move given up: the game as it was.
  cancel(): void {
    this.app.state.kichwa = null;
    this.app.session.interrupt();
  }
}
