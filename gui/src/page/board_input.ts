// The player's hands on the board: a pit clicked or tapped, the arrow keys moving between
// the pits as they are drawn, Enter or Space playing a pit, the picker's choices, Escape.
// The picker then offers the pit's moves, each with what it does (a kigogo pit's one move
// too, so that it is said before it is played).
import { $ } from "./dom.js";
import type { App } from "./main.js";
import { movesByPit, type Letter } from "./move_token.js";

const kArrows: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export class BoardInput {
  constructor(private readonly app: App) {}

  clickBoard(event: Event): void {
    const pit = (event.target as Element).closest<SVGElement>("[data-pit]")?.dataset.pit;
    if (pit) this.activatePit(pit, false);
  }

  // Arrows move between the pits as they are drawn; Enter or Space plays the pit.
  boardKey(event: KeyboardEvent): void {
    const current = (event.target as Element).closest<SVGGElement>("[data-pit]");
    if (!current) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.activatePit(current.dataset.pit!, true);
      return;
    }
    const direction = kArrows[event.key];
    if (!direction) {
      if (event.key === "Escape") this.escape();
      return;
    }
    event.preventDefault();
    const best = nearestPit(current, direction);
    if (!best) return;
    current.setAttribute("tabindex", "-1");
    best.setAttribute("tabindex", "0");
    this.app.state.focusPit = best.dataset.pit!;
    best.focus();
  }

  clickPicker(event: Event): void {
    const { state, play } = this.app;
    const target = (event.target as Element).closest<HTMLElement>("button");
    if (!target) return;
    if (target.dataset.kichwa) return this.app.kichwa.tap(target.dataset.kichwa as Letter);
    if (this.stepButton(target)) return;
    if (target.dataset.cancel && state.kichwa) {
      this.app.kichwa.cancel();
      this.focusBoardNext();
      return;
    }
    // The picker disappears: the focus goes back to the board, not to the page's top.
    state.focusBoard = target === document.activeElement;
    if (target.dataset.base && play.humanMayMove())
      return this.app.kichwa.start(target.dataset.base);
    if (target.dataset.move && play.humanMayMove()) play.humanMove(target.dataset.move);
    state.selected = null;
    if (target.dataset.cancel) this.focusBoardNext();
    this.app.view.render();
  }

  // The seed-by-seed controls and a choice's step button (sowing_steps.ts); true when
  // `target` was one of them.
  private stepButton(target: HTMLElement): boolean {
    const { steps, state } = this.app;
    const view = state.steps;
    const at = view?.index ?? 0;
    const to: Record<string, number> = {
      first: 0,
      back: at - 1,
      next: at + 1,
      last: (view?.frames.length ?? 1) - 1,
    };
    const which = target.dataset.step;
    if (target.dataset.stepMove) steps.openCandidate(target.dataset.stepMove);
    else if (which === "close") {
      state.focusPicker = true;
      steps.close();
    } else if (which && which in to) steps.go(to[which]!);
    else return false;
    return true;
  }

  // Escape: the animation skipped, the steps or the preview closed, the pit unselected.
  escape(): void {
    const state = this.app.state;
    this.app.sowing.skipping = true;
    if (state.steps) return this.app.steps.close();
    if (state.preview) this.app.analyse.closePreview();
    if (state.selected) {
      state.selected = null;
      this.app.view.render();
    }
  }

  // The pit `pit` played: its moves offered (or its only move played, in kigogo), or
  // unselected when it was selected; a pit that starts no move is explained.
  private activatePit(pit: string, keyboard: boolean): void {
    const { state, play } = this.app;
    state.focusPit = pit;
    if (state.steps) {
      state.steps = null;
      this.app.view.render();
    }
    if (!play.humanMayMove()) return;
    const game = state.game!;
    const moves = movesByPit(state.legalAtView(), game.position(state.viewPly).width).get(pit);
    if (!moves) {
      // Issue #31 "Why not": the pit starts no move; the engine says why in words.
      state.selected = null;
      this.app.view.render();
      void this.app.whyNot.explainPit(pit);
      return;
    }
    this.app.whyNot.clear();
    state.selected = state.selected === pit ? null : pit;
    state.focusPicker = keyboard && state.selected !== null;
    this.app.view.render();
  }

  // Once the board is drawn again, the focus on its pit that takes it.
  private focusBoardNext(): void {
    requestAnimationFrame(() =>
      $("board").querySelector<SVGGElement>('[data-pit][tabindex="0"]')?.focus(),
    );
  }
}

// The pit drawn next to `current` in `direction` (x, y on the screen): ahead of it, and
// the least off the line.
function nearestPit(current: Element, direction: [number, number]): SVGGElement | null {
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
  return best;
}
