// A move's sowing shown seed by seed, with a note a seed, before the engine's position is
// drawn. The animation runs in every mode and is not one of them: it belongs to the task
// that played the move, and a newer task (or the skip button, or Escape) cuts it short.
import { $ } from "./dom.js";
import type { Game } from "./game.js";
import type { App } from "./main.js";
import { parseMoveToken } from "./move_token.js";
import { parsePosition, sideName } from "./position.js";
import { Sound } from "./sound.js";
import { sowingTo, type Frame, type KichwaRule } from "./sowing.js";

// A long relay sowing is sped up to fit in 3 s (docs/gui.md): the frames are planned
// within this, and the frames whose moment has passed while the board was being drawn are
// dropped, so that the drawing's own time cannot stretch it (issue #31, Broken 8).
const kAnimationBudgetMs = 2800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SowingAnimation {
  readonly sound = new Sound();
  label: string | null = null; // the move being sown ("South sows A6L…"), null: none
  skipping = false;
  private readonly stats = { played: 0, skipped: 0, mismatched: 0 };

  constructor(private readonly app: App) {}

  // The move `token` from the position `before` to the engine's `after`; `shownFrames`:
  // frames of it already on the screen.
  async animate(
    epoch: number,
    game: Game,
    before: string,
    token: string,
    after: string,
    shownFrames = 0,
  ): Promise<void> {
    if (!$<HTMLInputElement>("animate").checked) {
      this.count("skipped");
      return;
    }
    const from = parsePosition(game.variant, before);
    const move = parseMoveToken(token, from.width);
    const sowing =
      move &&
      sowingTo(from, move, game.kichwaRule as KichwaRule, parsePosition(game.variant, after));
    if (!sowing) {
      // The simulation disagrees with the engine: show the engine's board, unanimated.
      this.count("mismatched");
      console.warn(`no animation for ${token}: the simulated sowing does not reach ${after}`);
      return;
    }
    this.count("played");
    const label = `${sideName(from.toMove)} sows ${token}…`;
    await this.playFrames(epoch, sowing.frames.slice(shownFrames), label, sowing.frames.length);
  }

  async playFrames(
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
    this.label = label;
    document.body.dataset.animPlannedMs = String(Math.round(interval * total));
    $<HTMLButtonElement>("skip").disabled = false;
    const token = label.split(" ")[2]?.replace("…", "") ?? "";
    $("status-line").textContent = label;
    const start = performance.now();
    try {
      // Frame k is due at start + k * interval; after drawing one, the next is the latest
      // one due (the last is always drawn).
      for (let k = 0; k < frames.length;) {
        if (this.skipping || !this.app.session.isCurrent(epoch)) break;
        const frame = frames[k]!;
        this.app.view.drawBoard(frame.position, { highlight: frame.highlight });
        this.showHand(token, frame);
        this.sound.play(frame.note);
        await sleep(start + (k + 1) * interval - performance.now());
        const due = Math.floor((performance.now() - start) / interval);
        k = k + 1 === frames.length ? k + 1 : Math.min(Math.max(k + 1, due), frames.length - 1);
      }
    } finally {
      document.body.dataset.animLastMs = String(Math.round(performance.now() - start));
      this.label = null;
      this.skipping = false;
      $<HTMLButtonElement>("skip").disabled = true;
      $("animation-state").textContent = "";
      delete $("animation-state").dataset.hand;
    }
  }

  // The seeds still in the mover's hand, beside the skip button (issue #31).
  private showHand(token: string, frame: Frame): void {
    const state = $("animation-state");
    state.textContent = `sowing ${token}: ${frame.hand} in hand`;
    state.dataset.hand = String(frame.hand);
  }

  // Whether a sowing is being shown.
  get running(): boolean {
    return this.label !== null;
  }

  // Counted on the page's body for the tests: every move animated, none disagreeing.
  private count(kind: "played" | "skipped" | "mismatched"): void {
    this.stats[kind] += 1;
    document.body.dataset.animPlayed = String(this.stats.played);
    document.body.dataset.animSkipped = String(this.stats.skipped);
    document.body.dataset.animMismatched = String(this.stats.mismatched);
  }
}
