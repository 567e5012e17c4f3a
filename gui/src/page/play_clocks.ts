// The clocks of Play, when a time control is chosen: the side to move's clock runs while
// the engine is ready and the game goes on, the increment comes after each move, and a
// side whose clock runs out loses. The engine is told both clocks and plays on its own.
import { Clocks, formatClock, parseTimeControl } from "./clock.js";
import { $ } from "./dom.js";
import type { App } from "./main.js";
import { sideName, type Side } from "./position.js";
import { humanSide } from "./settings.js";

const kClockTickMs = 200;
const kLowClockMs = 10000;

export class PlayClocks {
  private clocks: Clocks | null = null;

  constructor(private readonly app: App) {}

  start(): void {
    setInterval(() => this.tick(), kClockTickMs);
  }

  // Whether a time control is chosen.
  get enabled(): boolean {
    return this.clocks !== null;
  }

  // Full clocks of the time control chosen (a new game, another time control).
  reset(): void {
    const control = parseTimeControl($<HTMLSelectElement>("time-control").value);
    this.clocks = control ? new Clocks(control) : null;
    this.render();
  }

  // `side` has moved: its increment.
  moved(side: Side): void {
    if (this.clocks && this.app.state.mode === "play") this.clocks.moved(side);
  }

  // The engine's `go` on its clock, when it plays on one (null: no clocks).
  goLimits(): string | null {
    return this.clocks && this.app.state.mode === "play" ? this.clocks.goLimits() : null;
  }

  // The side whose clock runs, if one does.
  private running(): Side | null {
    const { state, session } = this.app;
    const game = state.game;
    if (
      !this.clocks ||
      !game ||
      game.over ||
      state.mode !== "play" ||
      session.engine.status !== "ready"
    )
      return null;
    return game.toMove();
  }

  private tick(): void {
    if (!this.clocks) return;
    const flagged = this.clocks.tick(this.running());
    const game = this.app.state.game;
    if (flagged && game) {
      game.flagged = flagged;
      this.app.session.interrupt(); // stops the engine's search
    }
    this.render();
  }

  render(): void {
    const clocks = this.clocks;
    $("clocks").hidden = !clocks || this.app.state.mode !== "play";
    if (!clocks) return;
    const running = this.running();
    for (const side of ["S", "N"] as Side[]) {
      const element = $(`clock-${side}`);
      const who = side === humanSide() ? "you" : "engine";
      element.textContent = `${sideName(side)} (${who}) ${formatClock(clocks.remaining[side])}`;
      element.classList.toggle("running", running === side);
      element.classList.toggle("low", clocks.remaining[side] < kLowClockMs);
      element.dataset.ms = String(Math.round(clocks.remaining[side]));
    }
  }
}
