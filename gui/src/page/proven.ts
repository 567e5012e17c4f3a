// The solver's verdict on the position analysed (issue #32, item 8): before each analysis
// Analyse asks kete for a bounded `go solve` (docs/protocol.md, the solver), and when that
// proves a win for the side to move, a bounded `go mate` for the win's exact distance. The
// page claims a result only when the solver proved it, never from the search's mate score.

// The solver's budgets, in nodes (docs/gui.md, "Proven results"): the solve runs on every
// position analysed, so a fraction of a second; the distance only after a proven win, and
// enough for the `follow` start's win in 11 (128,790 nodes of `go mate 13`).
export const kSolveNodes = 50_000;
export const kMateNodes = 200_000;

export type Side = "South" | "North";

export type Verdict =
  | {
      kind: "win";
      winner: Side;
      toMove: Side; // the side to move in the position proven
      line: string[]; // the solver's line from the position
      moves: number | null; // the winner's own moves to the win, when `go mate` found them
    }
  | { kind: "open" }; // not proven within the budget

// The verdict in the lines of a `go solve`: a win for either side, or open.
export function solveVerdict(lines: readonly string[]): Verdict {
  for (const line of lines) {
    const text = line.trim();
    const us = /^info string solve: (South|North) \(to move\) wins, line((?: \S+)*)$/.exec(text);
    if (us) return win(us[1] as Side, us[1] as Side, us[2]!);
    const them =
      /^info string solve: (South|North) wins, (South|North) \(to move\) loses, line((?: \S+)*)$/.exec(
        text,
      );
    if (them && them[1] !== them[2]) return win(them[1] as Side, them[2] as Side, them[3]!);
  }
  return { kind: "open" };
}

function win(winner: Side, toMove: Side, line: string): Verdict {
  return { kind: "win", winner, toMove, line: line.split(" ").filter(Boolean), moves: null };
}

// The shortest win that a `go mate` proved (`info ... score mate N ... pv`), or null.
export function mateDistance(lines: readonly string[]): number | null {
  for (const line of lines) {
    const m = /^info\b.*\bscore mate (\d+)\b/.exec(line.trim());
    if (m && Number(m[1]) > 0) return Number(m[1]);
  }
  return null;
}

// The verdict in words.
export function verdictText(v: Verdict): string {
  if (v.kind === "open")
    return `Not proven: the solver found no proof within ${kSolveNodes.toLocaleString("en-US")} nodes`;
  if (v.moves !== null) return `${v.winner} wins in ${v.moves}, proven`;
  if (v.winner === v.toMove) return `${v.winner} wins, proven`;
  return `${v.winner} wins, proven (${v.toMove} to move loses)`;
}

// The element that shows the verdict: only for the position it is about (the same game
// and the same moves to it), and empty while the solver runs or when there is none. A
// live region (role=status, never hidden) so that a verdict is read out when it comes.
export class ProvenView {
  private verdict: Verdict | null = null;
  private about: { game: object; position: string } | null = null;
  private solving = false;

  constructor(private readonly element: HTMLElement) {
    this.draw(false);
  }

  // The solver starts on `position` (a `position` command) of `game`.
  start(game: object, position: string): void {
    this.verdict = null;
    this.about = { game, position };
    this.solving = true;
    this.draw(true);
  }

  // The solver's verdict, or null when it was cancelled.
  finish(verdict: Verdict | null): void {
    this.solving = false;
    this.verdict = verdict;
    this.draw(true);
  }

  // Shown while the position shown is the one proven.
  render(game: object | null, position: string | null): void {
    const about = this.about;
    this.draw(!!about && about.game === game && about.position === position);
  }

  private draw(show: boolean): void {
    const e = this.element;
    const v = show && !this.solving ? this.verdict : null;
    const state = !show
      ? "none"
      : this.solving
        ? "solving"
        : v?.kind === "win"
          ? "proven"
          : (v?.kind ?? "none");
    const text = v ? verdictText(v) : "";
    const line =
      v?.kind === "win" && v.line.length ? ` — the solver's line: ${v.line.join(" ")}` : "";
    e.dataset.state = state;
    if (e.dataset.text === text + line) return; // unchanged: not announced again
    e.dataset.text = text + line;
    e.textContent = text;
    if (line) {
      const span = document.createElement("span");
      span.className = "proven-line";
      span.textContent = line;
      e.append(span);
    }
  }
}
