// A sowing stepped through seed by seed (issue #31, "Say what a move does"): a move the
// picker offers, before it is played, or the move that led to the position shown. The
// board shows one frame of the page's simulator (sowing.ts) at a time, with the seeds
// still in the mover's hand; the picker's place holds the controls (buttons, and the
// arrows, Home, End and Escape while it has the focus).
import { $ } from "./dom.js";
import type { App } from "./main.js";
import { summarizeMove } from "./move_summary.js";
import { parseMoveToken } from "./move_token.js";
import { parsePitName, parsePosition, pitName, sideName, type Position } from "./position.js";
import { sowingTo, type Frame, type KichwaRule } from "./sowing.js";

export interface SowingStepsView {
  label: string; // "A6L" or "North's a6L (the last move)"
  token: string | null; // a move still to be played (the picker's), null: one played
  frames: Frame[]; // the position before the move first
  index: number;
  complete: boolean; // the frames reach the move's end (not a kujifunza question)
}

export class SowingSteps {
  constructor(private readonly app: App) {}

  // The picker's move `token` (or kujifunza direction), from the position shown.
  openCandidate(token: string): void {
    const { state } = this.app;
    const game = state.game;
    if (!game) return;
    const before = game.position(state.viewPly);
    const summary = summarizeMove(
      before,
      token,
      game.kichwaRule as KichwaRule,
      state.legalAtView(),
    );
    if (!summary.frames.length) return this.app.messages.showError(`${token}: ${summary.words}`);
    this.open({
      label: token,
      token,
      frames: summary.frames,
      index: 0,
      complete: summary.complete,
    });
  }

  // The move that led to the position shown, as the engine played it.
  openShown(): void {
    const { state } = this.app;
    const game = state.game;
    const ply = state.viewPly;
    if (!game || ply === 0 || state.kichwa) return;
    const before = game.position(ply - 1);
    const token = game.moves[ply - 1]!;
    const move = parseMoveToken(token, before.width);
    const after = parsePosition(game.variant, game.fen(ply));
    const sowing = move && sowingTo(before, move, game.kichwaRule as KichwaRule, after);
    if (!move || !sowing) {
      this.app.messages.showError(
        `${token}: the page's simulator does not reach the engine's position, so it cannot step through it`,
      );
      return;
    }
    this.open({
      label: `${sideName(before.toMove)}'s ${token} (the move that led here)`,
      token: null,
      frames: [startFrame(before, pitName(move.pit, before.width)), ...sowing.frames],
      index: 0,
      complete: true,
    });
  }

  private open(view: SowingStepsView): void {
    const { state } = this.app;
    state.steps = view;
    state.focusSteps = true;
    this.app.view.render();
  }

  // To frame `index` (clamped).
  go(index: number): void {
    const steps = this.app.state.steps;
    if (!steps) return;
    steps.index = Math.max(0, Math.min(steps.frames.length - 1, index));
    this.app.view.render();
  }

  close(): void {
    if (!this.app.state.steps) return;
    this.app.state.steps = null;
    this.app.view.render();
  }

  // The keys of the step controls; true when the key was theirs.
  key(event: KeyboardEvent): boolean {
    const steps = this.app.state.steps;
    if (!steps) return false;
    const moves: Record<string, number> = {
      ArrowRight: steps.index + 1,
      ArrowDown: steps.index + 1,
      ArrowLeft: steps.index - 1,
      ArrowUp: steps.index - 1,
      Home: 0,
      End: steps.frames.length - 1,
    };
    if (event.key === "Escape") this.close();
    else if (event.key in moves) this.go(moves[event.key]!);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  // The step's line: which step, what it did, the seeds in hand.
  text(steps: SowingStepsView): string {
    const frame = steps.frames[steps.index]!;
    const last = steps.index === steps.frames.length - 1;
    const what = frameWords(frame, steps.frames[steps.index - 1]?.position ?? null);
    const end = last
      ? steps.complete
        ? " The move is over."
        : " Here you choose the kichwa."
      : "";
    return `${steps.label}, step ${steps.index} of ${steps.frames.length - 1}: ${what}; ${frame.hand} in hand.${end}`;
  }

  // Draws the controls' text into the picker (render.ts draws their buttons).
  fill(): void {
    const steps = this.app.state.steps;
    const text = document.getElementById("step-text");
    if (!steps || !text) return;
    text.textContent = this.text(steps);
    const frame = steps.frames[steps.index]!;
    const picker = $("picker");
    picker.dataset.stepIndex = String(steps.index);
    picker.dataset.stepHand = String(frame.hand);
    picker.dataset.stepLast = String(steps.index === steps.frames.length - 1);
    for (const [name, off] of [
      ["back", steps.index === 0],
      ["first", steps.index === 0],
      ["next", steps.index === steps.frames.length - 1],
      ["last", steps.index === steps.frames.length - 1],
    ] as const) {
      const button = picker.querySelector<HTMLButtonElement>(`[data-step="${name}"]`);
      if (button) button.setAttribute("aria-disabled", String(off));
    }
    if (this.app.state.focusSteps) {
      this.app.state.focusSteps = false;
      picker.querySelector<HTMLButtonElement>('[data-step="next"]')?.focus();
    }
  }
}

// The controls (their text is filled in by SowingSteps.fill, so that a step does not
// redraw the buttons and the focus stays on the one pressed).
export function renderSteps(steps: SowingStepsView): string {
  // A kujifunza direction is played as the picker plays it: asking each kichwa.
  const attribute = steps.complete ? "data-move" : "data-base";
  const play = steps.token
    ? `<button type="button" class="move-choice" ${attribute}="${steps.token}">play ${steps.token}</button>`
    : "";
  return (
    `<div class="picker-title">Seed by seed: ${steps.label}</div>` +
    `<p id="step-text" aria-live="polite"></p>` +
    `<button type="button" data-step="first" aria-label="to the start (Home)">«</button>` +
    `<button type="button" data-step="back" aria-label="back a seed (←)">◀ seed</button>` +
    `<button type="button" data-step="next" aria-label="on a seed (→)">seed ▶</button>` +
    `<button type="button" data-step="last" aria-label="to the end (End)">»</button>` +
    play +
    `<button type="button" class="move-cancel" data-step="close">${steps.token ? "back to the moves" : "close"}</button>`
  );
}

function startFrame(before: Position, pit: string): Frame {
  return { position: before, highlight: [pit], note: "start", hand: 0 };
}

// One frame in words; `prev`: the position before it.
function frameWords(frame: Frame, prev: Position | null): string {
  const pit = frame.highlight[0] ?? "";
  const count = (p: Position | null, name: string) => {
    const at = p && parsePitName(name, p.width);
    return at ? p.rings[at.side][at.index]! : 0;
  };
  switch (frame.note) {
    case "start":
      return `the board before the move, from ${pit}`;
    case "hand":
      return `a seed from the hand into ${pit}`;
    case "lift":
      return `lifts ${count(prev, pit) - count(frame.position, pit)} from ${pit}`;
    case "capture": {
      const taken =
        frame.position.variant === "kigogo" ? frame.highlight : frame.highlight.slice(1);
      const seeds = taken.reduce((sum, t) => sum + count(prev, t), 0);
      return `${frame.position.variant === "bao" ? "eats" : "captures"} ${seeds} from ${taken.join(" and ")}`;
    }
    case "sow":
      return `sows into ${pit}`;
    default:
      return "the move ends";
  }
}
