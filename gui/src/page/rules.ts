// The rules page (rules.html, issue #31 "The rules in the page"): one variant's rules in a
// player's words (rules_text.ts), chosen by the address's #variant, with small boards
// that play each clause. A board is drawn as the game's board is (board_view.ts) and its
// moves are sown seed by seed by the game's own simulator (sowing.ts), so the page needs
// no engine, on the static site too. The board a move ends on is the position the page
// claims, which the tests check against kete; a simulation that does not reach it is
// said on the page, never drawn as the rules' result.
import { boardSize, escapeText, renderBoard, type BoardLayout } from "./board_view.js";
import { $ } from "./dom.js";
import { parseMoveToken } from "./move_token.js";
import {
  isVariant,
  kVariants,
  parsePitName,
  parsePosition,
  pitName,
  sideName,
  type Position,
  type Side,
  type Variant,
} from "./position.js";
import { kRules, rulesOf, type ExampleMove, type RulesExample } from "./rules_text.js";
import { sowingTo, type Frame, type KichwaRule } from "./sowing.js";

// A flat board whose pits would be narrower than this on the screen is drawn upright.
const kMinFlatPitchPx = 44; // as the game's board (render.ts)
const kBoardChromePx = 90; // the CSS max-height of a board: the window less this
const kDefaultVariant: Variant = "kiswahili";

function variantOfAddress(): Variant {
  const name = decodeURIComponent(location.hash.slice(1));
  return isVariant(name) ? name : kDefaultVariant;
}

// What one step of a sowing did, in words, from the board before it and after it.
function describeFrame(before: Position, frame: Frame): string {
  const [first, second] = frame.highlight;
  const count = (p: Position, name: string | undefined) => {
    const pit = name ? parsePitName(name, p.width) : null;
    return pit ? p.rings[pit.side][pit.index]! : 0;
  };
  switch (frame.note) {
    case "hand":
      return `a seed from the hand into ${first}`;
    case "lift":
      return `${first} lifted: ${count(before, first)} seed${count(before, first) === 1 ? "" : "s"}`;
    case "sow":
      return `a seed into ${first} (now ${count(frame.position, first)})`;
    case "capture": {
      if (frame.position.variant === "bao")
        return `eat: ${first} and ${second} lifted together, ${count(before, first) + count(before, second)} seeds`;
      if (frame.position.variant === "kigogo")
        return `capture: ${frame.highlight.join(" and ")} leave the game`;
      return `capture: ${first} takes the ${count(before, second)} seeds of ${second}`;
    }
    default:
      return "the move ends";
  }
}

class ExampleBoard {
  private readonly before: Position;
  private move: ExampleMove;
  private frames: Frame[] = [];
  private shown = 0; // frames of `move` drawn so far
  private timer: number | null = null;
  private readonly board: HTMLElement;
  private readonly status: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly variant: Variant,
    private readonly example: RulesExample,
  ) {
    this.before = parsePosition(variant, example.fen);
    this.move = example.moves[0]!;
    this.board = root.querySelector(".rules-board")!;
    this.status = root.querySelector(".rules-status")!;
    root
      .querySelectorAll<HTMLButtonElement>("button.play")
      .forEach((button) => button.addEventListener("click", () => this.play(this.moveOf(button))));
    root.querySelector("button.step")!.addEventListener("click", () => this.step());
    root.querySelector("button.reset")!.addEventListener("click", () => this.reset());
    this.labelStep();
    this.reset();
  }

  private moveOf(button: HTMLButtonElement): ExampleMove {
    return this.example.moves.find((m) => m.token === button.dataset.move)!;
  }

  // The start position again, the move chosen kept for the step button.
  reset(): void {
    this.stop();
    this.frames = [];
    this.shown = 0;
    this.setState("start");
    this.draw(this.before);
    this.status.textContent = `${sideName(this.before.toMove)} to move.`;
  }

  // The whole move, seed by seed, at the page's speed.
  play(move: ExampleMove): void {
    this.choose(move);
    if (!this.frames.length) return;
    this.setState("playing");
    const tick = () => {
      this.timer = null;
      if (this.advance()) this.timer = window.setTimeout(tick, speedMs());
    };
    tick();
  }

  // One step of the chosen move; after its end, the start again.
  step(): void {
    if (this.timer !== null || this.root.dataset.state === "done" || !this.frames.length)
      this.choose(this.move);
    if (!this.frames.length) return;
    this.setState("stepping");
    this.advance();
  }

  // Drawn again, as it is (the window changed size).
  redraw(): void {
    const frame =
      this.shown > 0 && this.shown <= this.frames.length ? this.frames[this.shown - 1] : null;
    if (this.root.dataset.state === "done") this.drawEnd();
    else if (frame) this.draw(frame.position, frame.highlight);
    else this.draw(this.before);
  }

  // The step button names the move it steps through (the last one played, or the first).
  private labelStep(): void {
    this.root.dataset.move = this.move.token;
    this.root
      .querySelector(".step")!
      .setAttribute("aria-label", `Step through ${this.move.token}, one seed at a time`);
    this.root.querySelector(".step-move")!.textContent = this.move.token;
  }

  private choose(move: ExampleMove): void {
    this.stop();
    this.move = move;
    this.labelStep();
    const token = parseMoveToken(move.token, this.before.width);
    const after = parsePosition(this.variant, move.after);
    const rule: KichwaRule = this.example.kichwaRule ?? "choose";
    const sowing = token && sowingTo(this.before, token, rule, after);
    this.shown = 0;
    if (!sowing) {
      // Never the case for the page's own examples (the tests see to it).
      this.frames = [];
      this.setState("error");
      this.draw(this.before);
      this.status.textContent = `The sowing of ${move.token} does not reach the position this example gives.`;
      return;
    }
    // The last frame is the end of the move: the position the page claims is drawn there.
    this.frames = sowing.frames;
    this.draw(this.before);
  }

  // Draws the next frame; false when the move has ended.
  private advance(): boolean {
    if (this.shown >= this.frames.length) return false;
    const frame = this.frames[this.shown]!;
    const previous = this.shown > 0 ? this.frames[this.shown - 1]!.position : this.before;
    this.shown += 1;
    if (this.shown === this.frames.length) {
      this.drawEnd();
      return false;
    }
    this.draw(frame.position, frame.highlight);
    this.status.textContent = `${this.move.token}, step ${this.shown} of ${this.frames.length}: ${describeFrame(previous, frame)}.`;
    return true;
  }

  private drawEnd(): void {
    const after = parsePosition(this.variant, this.move.after);
    const token = parseMoveToken(this.move.token, after.width)!;
    this.draw(after, [], pitName(token.pit, after.width), this.move.winner);
    this.setState("done");
    this.root.dataset.shown = this.move.token;
    const end = this.move.winner
      ? `${sideName(this.move.winner)} has won.`
      : `${sideName(after.toMove)} to move.`;
    this.status.textContent = `${this.move.token} played: ${end}`;
  }

  private draw(
    position: Position,
    highlight: readonly string[] = [],
    lastMove: string | null = null,
    winner?: Side,
  ): void {
    const { layout, scale } = this.layout(position.width);
    this.board.innerHTML = renderBoard(position, {
      highlight,
      lastMove,
      layout,
      scale,
      focus: null,
      still: true,
      ...(winner ? { ended: { winner } } : {}),
    });
  }

  private layout(width: number): { layout: BoardLayout; scale: number } {
    const box = this.board.clientWidth || window.innerWidth;
    const maxHeight = Math.max(200, window.innerHeight - kBoardChromePx);
    const scaleOf = (upright: boolean) => {
      const size = boardSize(width, { upright, flipped: false });
      return Math.min(box / size.width, maxHeight / size.height);
    };
    const upright = 72 * scaleOf(false) < kMinFlatPitchPx && scaleOf(true) > scaleOf(false);
    return { layout: { upright, flipped: false }, scale: scaleOf(upright) };
  }

  private stop(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: "start" | "playing" | "stepping" | "done" | "error"): void {
    this.root.dataset.state = state;
    if (state !== "done") delete this.root.dataset.shown;
  }
}

function speedMs(): number {
  return Number($<HTMLSelectElement>("rules-speed").value);
}

function exampleHtml(example: RulesExample): string {
  const id = escapeText(example.id);
  const title = escapeText(example.title);
  const buttons = example.moves
    .map(
      (m) =>
        `<button type="button" class="play" data-move="${escapeText(m.token)}" ` +
        `data-after="${escapeText(m.after)}" aria-label="Play ${escapeText(m.label)}">` +
        `▶ ${escapeText(m.label)}</button>`,
    )
    .join("");
  return (
    `<section class="rules-example" id="example-${id}" data-example="${id}" ` +
    `data-fen="${escapeText(example.fen)}" data-kichwa="${example.kichwaRule ?? "choose"}" ` +
    `aria-labelledby="title-${id}">` +
    `<h3 id="title-${id}">${title}</h3>` +
    `<p>${example.text}</p>` +
    `<p class="rules-fen">position <code>${escapeText(example.fen)}</code></p>` +
    `<div class="rules-board" role="group" aria-label="example board: ${title}"></div>` +
    `<div class="rules-controls">${buttons}` +
    `<button type="button" class="step">Step <span class="step-move"></span></button>` +
    `<button type="button" class="reset" aria-label="Reset the board of ${title}">Reset</button></div>` +
    `<p class="rules-status" aria-live="polite"></p>` +
    `</section>`
  );
}

class RulesPage {
  private boards: ExampleBoard[] = [];

  start(): void {
    $("rules-nav").innerHTML = kRules
      .map((r) => `<a href="#${r.variant}" data-variant="${r.variant}">${escapeText(r.name)}</a>`)
      .join("");
    window.addEventListener("hashchange", () => this.show(true));
    let pending = false;
    window.addEventListener("resize", () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        for (const board of this.boards) board.redraw();
      });
    });
    this.show(false);
  }

  private show(focus: boolean): void {
    const variant = variantOfAddress();
    const rules = rulesOf(variant);
    document.title = `${rules.name}: the rules — kete`;
    document.body.dataset.variant = variant;
    for (const link of $("rules-nav").querySelectorAll<HTMLAnchorElement>("a")) {
      if (link.dataset.variant === variant) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    const sections = rules.sections
      .map(
        (s) =>
          `<section class="rules-section"><h2>${escapeText(s.heading)} <small>(${escapeText(s.ref)})</small></h2>` +
          s.paragraphs.map((p) => `<p>${p}</p>`).join("") +
          s.examples.map(exampleHtml).join("") +
          `</section>`,
      )
      .join("");
    const main = $("rules");
    main.innerHTML =
      `<h1 id="rules-title" tabindex="-1">${escapeText(rules.name)}: the rules</h1>` +
      `<p class="rules-intro">${rules.intro}</p>` +
      sections;
    this.boards = rules.sections.flatMap((s) =>
      s.examples.map((e) => new ExampleBoard($(`example-${e.id}`), variant, e)),
    );
    if (focus) $("rules-title").focus();
    document.body.dataset.ready = "true";
  }
}

// Every variant the page knows has rules (a new variant without them fails here).
for (const v of kVariants) rulesOf(v);
new RulesPage().start();
