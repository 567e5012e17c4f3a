// `info` lines of a search (docs/interface.md section 3), read into table rows.

export interface InfoLine {
  depth: number | null;
  seldepth: number | null;
  multipv: number;
  score: string | null; // "+1.20", "-0.40", "#3", "#-2"; from the side to move's view
  cp: number | null; // the same score as a number: centi-seeds, or
  mate: number | null; // moves to a won (negative: lost) game
  bound: "lowerbound" | "upperbound" | null;
  nodes: number | null;
  nps: number | null;
  time: number | null;
  currmove: string | null; // the move being searched, when the engine reports it
  pv: string[];
}

const kNumbers = ["depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull"] as const;

// The line's fields, or null for an info line without a search report (`info string`).
// A line without a depth (`info currmove ... nodes ...`) is progress, not a table row.
export function parseInfoLine(line: string): InfoLine | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "info") return null;
  const info: InfoLine = {
    depth: null,
    seldepth: null,
    multipv: 1,
    score: null,
    cp: null,
    mate: null,
    bound: null,
    nodes: null,
    nps: null,
    time: null,
    currmove: null,
    pv: [],
  };
  for (let i = 1; i < words.length; ++i) {
    const word = words[i]!;
    if (word === "string") return null;
    if (word === "pv") {
      info.pv = words.slice(i + 1);
      break;
    }
    if (word === "score") {
      const kind = words[++i];
      const value = Number(words[++i]);
      if (kind === "cp" && Number.isFinite(value)) {
        info.score = (value > 0 ? "+" : value < 0 ? "-" : "") + (Math.abs(value) / 100).toFixed(2);
        info.cp = value;
      } else if (kind === "mate" && Number.isFinite(value)) {
        info.score = `#${value}`;
        info.mate = value;
      }
      if (words[i + 1] === "lowerbound" || words[i + 1] === "upperbound")
        info.bound = words[++i] as "lowerbound" | "upperbound";
      continue;
    }
    if (word === "currmove") {
      info.currmove = words[++i] ?? null;
      continue;
    }
    if ((kNumbers as readonly string[]).includes(word)) {
      const value = Number(words[++i]);
      if (!Number.isFinite(value)) continue;
      if (word === "depth") info.depth = value;
      else if (word === "seldepth") info.seldepth = value;
      else if (word === "multipv") info.multipv = value;
      else if (word === "nodes") info.nodes = value;
      else if (word === "nps") info.nps = value;
      else if (word === "time") info.time = value;
    }
  }
  return info.depth === null &&
    info.pv.length === 0 &&
    info.currmove === null &&
    info.nodes === null
    ? null
    : info;
}
