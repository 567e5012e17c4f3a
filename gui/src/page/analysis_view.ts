// The engine's thinking as a live table: the newest line of each MultiPV rank on top,
// then every info line of the search, newest first.
import { parseInfoLine, type InfoLine } from "./info_line.js";

const kLogRows = 200;

function cell(value: number | string | null): string {
  return `<td>${value === null ? "" : typeof value === "number" ? value.toLocaleString("en-US") : value}</td>`;
}

function row(info: InfoLine): string {
  const score = info.score === null ? null : info.score + (info.bound === "lowerbound" ? " ≥" : info.bound === "upperbound" ? " ≤" : "");
  const pv = info.pv.map((m) => `<span class="pv-move">${m}</span>`).join(" ");
  return (
    `<tr class="info-row" data-depth="${info.depth ?? ""}" data-multipv="${info.multipv}">` +
    cell(info.multipv) +
    cell(info.depth === null ? null : `${info.depth}${info.seldepth !== null ? "/" + info.seldepth : ""}`) +
    cell(score) +
    cell(info.nodes) +
    cell(info.nps) +
    cell(info.time === null ? null : (info.time / 1000).toFixed(2)) +
    `<td class="pv">${pv}</td></tr>`
  );
}

const kHeader =
  "<thead><tr><th>pv</th><th>depth</th><th>score</th><th>nodes</th><th>nps</th><th>time s</th><th>moves</th></tr></thead>";

export class AnalysisView {
  private best = new Map<number, InfoLine>();
  private log: InfoLine[] = [];
  private scheduled = false;

  constructor(
    private readonly summary: HTMLElement,
    private readonly history: HTMLElement,
    private readonly caption: HTMLElement,
  ) {
    this.clear("");
  }

  clear(caption: string): void {
    this.best.clear();
    this.log = [];
    this.caption.textContent = caption;
    this.draw();
  }

  add(line: string): void {
    const info = parseInfoLine(line);
    if (!info) return;
    this.best.set(info.multipv, info);
    this.log.unshift(info);
    if (this.log.length > kLogRows) this.log.pop();
    // Many lines can arrive in one frame: draw once per frame.
    if (!this.scheduled) {
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.draw();
      });
    }
  }

  private draw(): void {
    const ranks = [...this.best.keys()].sort((a, b) => a - b);
    this.summary.innerHTML = `<table class="info">${kHeader}<tbody>${ranks.map((k) => row(this.best.get(k)!)).join("")}</tbody></table>`;
    this.history.innerHTML = `<table class="info">${kHeader}<tbody>${this.log.map(row).join("")}</tbody></table>`;
    this.summary.dataset.lines = String(this.log.length);
  }
}
