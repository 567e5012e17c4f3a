// What the page is doing, as one value: the tab shown (Play, Analyse, Watch) and, in
// Analyse and Watch, whether the engine is at work there. The sowing animation is not a
// mode: a move is animated in every mode, and what the mode does goes on after it.
export type Mode =
  | "play" // against the engine: it moves when its side is to move
  | "analyse" // the Analyse tab, the engine idle
  | "analysing" // the position shown searched until stopped
  | "reviewing" // the whole game searched position by position
  | "watch" // the Watch tab, paused
  | "watching"; // the engine playing both sides

// The tabs, as the page's buttons and the kept settings name them.
export type Tab = "play" | "analyse" | "watch";

export function isTab(value: unknown): value is Tab {
  return value === "play" || value === "analyse" || value === "watch";
}

// The tab a mode is shown on, which is also the mode with the engine's work there stopped.
export function tabOf(mode: Mode): Tab {
  if (mode === "analysing" || mode === "reviewing") return "analyse";
  if (mode === "watching") return "watch";
  return mode;
}
