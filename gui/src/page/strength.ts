// The engine's strength for people: presets named for players, set through the
// protocol's `UCI_LimitStrength` and `UCI_Elo`, or full strength with the limit off. The
// engine then plays on its clock or move limit as usual: its levels cap their own search.
// Each preset is a level of the engine's scale (docs/protocol.md section "Strength"; the
// random mover at 0), and plays at that level's Elo on the current variant's scale when
// the engine gives it (kete's `query elo`: the scales differ by variant); another engine
// gets the preset's nominal Elo. The scale's range comes from the engine's `option name
// UCI_Elo ... min .. max ..`, its top from the variant's scale where there is one.
import type { EngineIdentity } from "./engine_client.js";

export interface Preset {
  name: string;
  level: number | null; // null: full strength
  elo: number | null; // the nominal Elo, for an engine without a scale of levels
}

// The levels keep the strengths the presets had on kiswahili's first scale, where their
// nominal Elo fell.
export const kPresets: readonly Preset[] = [
  { name: "beginner", level: 2, elo: 200 },
  { name: "casual", level: 5, elo: 500 },
  { name: "club", level: 9, elo: 900 },
  { name: "strong", level: 12, elo: 1300 },
  { name: "full", level: null, elo: null },
];

export const kCustom = "custom"; // an Elo of the player's choice
export const kDefaultPreset = "club";

export interface EloRange {
  min: number;
  max: number;
  levels?: readonly number[]; // the Elo of levels 0, 1, ... on the variant's scale
}

// The Elo range the engine offers, or null when it cannot be weakened by Elo (another
// engine, or one without both options).
export function eloRange(identity: EngineIdentity): EloRange | null {
  const elo = identity.options.get("uci_elo");
  if (!elo || !identity.options.has("uci_limitstrength")) return null;
  if (elo.min === null || elo.max === null || elo.min > elo.max) return null;
  return { min: elo.min, max: elo.max };
}

// The variant's scale from the answer to `query elo` (the words after `response`): the
// Elo of each level, rising, within `range`; null when the answer is not one.
export function parseEloScale(answer: string, range: EloRange): number[] | null {
  const words = answer.trim().split(/\s+/);
  if (words.length < 2 || !words.every((w) => /^\d{1,6}$/.test(w))) return null;
  const levels = words.map(Number);
  for (let i = 0; i < levels.length; ++i) {
    if (levels[i] < range.min || levels[i] > range.max) return null;
    if (i > 0 && levels[i] < levels[i - 1]) return null;
  }
  return levels;
}

// The range on the variant's scale: its top is the variant's full strength.
export function withScale(range: EloRange, levels: readonly number[]): EloRange {
  return { min: range.min, max: levels[levels.length - 1], levels };
}

// A preset's Elo on the engine's scale: its level's on the variant's scale, else its
// nominal Elo; null for full strength.
function presetNominal(preset: Preset, range: EloRange | null): number | null {
  const levels = range?.levels;
  if (preset.level !== null && levels && preset.level < levels.length) return levels[preset.level];
  return preset.elo;
}

export function isPresetName(name: string): boolean {
  return name === kCustom || kPresets.some((p) => p.name === name);
}

// The Elo a preset plays at (custom: `custom`), inside the engine's range; null for
// full strength, and for any preset when the engine has no range.
export function presetElo(name: string, custom: number, range: EloRange | null): number | null {
  if (!range) return null;
  const preset = kPresets.find((p) => p.name === name);
  const elo = name === kCustom ? custom : preset ? presetNominal(preset, range) : null;
  if (elo === null || !Number.isFinite(elo)) return null;
  return Math.max(range.min, Math.min(range.max, Math.round(elo)));
}

// How a preset is named in the list: its nominal Elo next to it (full strength: the top
// of the engine's scale, when known).
export function presetLabel(preset: Preset, range: EloRange | null): string {
  const nominal = presetNominal(preset, range);
  if (nominal === null) return range ? `full strength (Elo ${range.max})` : "full strength";
  const elo = range ? Math.max(range.min, Math.min(range.max, nominal)) : nominal;
  return `${preset.name} (Elo ${elo})`;
}

// The setoption lines that set the strength: the limit off, or the Elo and the limit on.
export function strengthCommands(elo: number | null): string[] {
  if (elo === null) return ["setoption name UCI_LimitStrength value false"];
  return [`setoption name UCI_Elo value ${elo}`, "setoption name UCI_LimitStrength value true"];
}
