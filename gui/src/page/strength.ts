// The engine's strength for people: presets named for players, each a nominal Elo on
// the engine's own scale (the random mover at 0; docs/protocol.md section "Strength"),
// set through the protocol's `UCI_LimitStrength` and `UCI_Elo`, or full strength with
// the limit off. The engine then plays on its clock or move limit as usual: its levels
// cap their own search. Only the presets' nominal values are written here; the scale's
// range is read from the engine's `option name UCI_Elo ... min .. max ..` (the level
// behind an Elo is the engine's business and its table is recalibrated).
import type { EngineIdentity } from "./engine_client.js";

export interface Preset {
  name: string;
  elo: number | null; // null: full strength
}

export const kPresets: readonly Preset[] = [
  { name: "beginner", elo: 200 },
  { name: "casual", elo: 500 },
  { name: "club", elo: 900 },
  { name: "strong", elo: 1300 },
  { name: "full", elo: null },
];

export const kCustom = "custom"; // an Elo of the player's choice
export const kDefaultPreset = "club";

export interface EloRange {
  min: number;
  max: number;
}

// The Elo range the engine offers, or null when it cannot be weakened by Elo (another
// engine, or one without both options).
export function eloRange(identity: EngineIdentity): EloRange | null {
  const elo = identity.options.get("uci_elo");
  if (!elo || !identity.options.has("uci_limitstrength")) return null;
  if (elo.min === null || elo.max === null || elo.min > elo.max) return null;
  return { min: elo.min, max: elo.max };
}

export function isPresetName(name: string): boolean {
  return name === kCustom || kPresets.some((p) => p.name === name);
}

// The Elo a preset plays at (custom: `custom`), inside the engine's range; null for
// full strength, and for any preset when the engine has no range.
export function presetElo(name: string, custom: number, range: EloRange | null): number | null {
  if (!range) return null;
  const elo = name === kCustom ? custom : (kPresets.find((p) => p.name === name)?.elo ?? null);
  if (elo === null || !Number.isFinite(elo)) return null;
  return Math.max(range.min, Math.min(range.max, Math.round(elo)));
}

// How a preset is named in the list: its nominal Elo next to it (full strength: the top
// of the engine's scale, when known).
export function presetLabel(preset: Preset, range: EloRange | null): string {
  if (preset.elo === null) return range ? `full strength (Elo ${range.max})` : "full strength";
  const elo = range ? Math.max(range.min, Math.min(range.max, preset.elo)) : preset.elo;
  return `${preset.name} (Elo ${elo})`;
}

// The setoption lines that set the strength: the limit off, or the Elo and the limit on.
export function strengthCommands(elo: number | null): string[] {
  if (elo === null) return ["setoption name UCI_LimitStrength value false"];
  return [`setoption name UCI_Elo value ${elo}`, "setoption name UCI_LimitStrength value true"];
}
