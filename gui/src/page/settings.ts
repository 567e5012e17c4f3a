// The settings as their controls hold them: the side the player takes, the engine's
// strength and search a move, the variants and presets the engine offers; and the
// controls kept across reloads with the tab and the board's flip (storage.ts).
import { $ } from "./dom.js";
import type { EngineIdentity } from "./engine_client.js";
import type { Tab } from "./mode.js";
import { isVariant, type Side, type Variant } from "./position.js";
import { kSettingIds, loadSettings, saveSettings, type Settings } from "./storage.js";
import {
  isPresetName,
  kCustom,
  kDefaultPreset,
  kPresets,
  presetElo,
  presetLabel,
  type EloRange,
} from "./strength.js";

export function humanSide(): Side {
  return $<HTMLSelectElement>("human-side").value as Side;
}

// The engine's search for a move when it plays on no clock: depth, nodes or movetime.
export function searchLimits(): string {
  const kind = $<HTMLSelectElement>("limit-kind").value;
  const value = Math.max(1, Math.floor(Number($<HTMLInputElement>("limit-value").value) || 1));
  return `${kind} ${value}`;
}

// In Watch each side may play at a strength of its own; this one plays at the Game's.
export const kGameStrength = "game";

const kWatchStrengthIds: Record<Side, string> = { S: "watch-south", N: "watch-north" };

// The preset the engine plays at: the Game's, or in Watch (`watchSide`, the side whose
// move it is) that side's own when one is chosen.
function presetFor(watchSide?: Side): string {
  const own = watchSide ? $<HTMLSelectElement>(kWatchStrengthIds[watchSide]).value : "";
  return own && own !== kGameStrength ? own : $<HTMLSelectElement>("preset").value;
}

// The Elo the engine plays at, as the strength setting says (in Watch, `watchSide`'s), on
// the engine's scale `range` (null: full strength).
export function playElo(range: EloRange | null, watchSide?: Side): number | null {
  const text = $<HTMLInputElement>("elo").value.trim();
  // An empty or unreadable custom Elo plays at full strength (presetElo), as the caption says.
  return presetElo(presetFor(watchSide), text ? Number(text) : Number.NaN, range);
}

// The strength for the engine table's caption ("club Elo 900").
export function strengthText(range: EloRange | null, watchSide?: Side): string {
  const elo = playElo(range, watchSide);
  if (elo === null) return "full strength";
  const name = presetFor(watchSide);
  return `${name === kCustom ? "strength" : name} Elo ${elo}`;
}

// The engine as the player's opponent: its name without the version ("kete" of "kete
// 0.2.0+18935c2") and the strength it plays at ("kete, club", "kete, Elo 700", "kete,
// full strength"); in Watch, as it plays `watchSide`.
export function opponentName(
  identity: EngineIdentity,
  range: EloRange | null,
  watchSide?: Side,
): string {
  const words: string[] = [];
  for (const word of identity.name.split(/\s+/)) {
    if (!word || /^(v?\d|\(|\+)/i.test(word)) break;
    words.push(word);
  }
  let name = words.join(" ") || "engine";
  if (name.length > kMaxNameLength) name = `${name.slice(0, kMaxNameLength - 1)}…`;
  const elo = playElo(range, watchSide);
  const preset = presetFor(watchSide);
  if (elo === null) return `${name}, full strength`;
  return `${name}, ${preset === kCustom ? `Elo ${elo}` : preset}`;
}

// The longest engine name a board's band shows (it shares the band with the hand).
const kMaxNameLength = 16;

// The strength presets with their nominal Elo on the engine's scale (`range`, once the
// engine told it), and the custom Elo's bounds. Without a scale only full strength can
// be chosen.
export function fillPresets(range: EloRange | null, identity: EngineIdentity): void {
  const select = $<HTMLSelectElement>("preset");
  const current = select.value;
  const known = identity.options.size > 0;
  select.innerHTML = [
    ...kPresets.map((p) => {
      const off = known && !range && p.level !== null ? " disabled" : "";
      return `<option value="${p.name}"${off}>${presetLabel(p, range)}</option>`;
    }),
    `<option value="${kCustom}"${known && !range ? " disabled" : ""}>custom Elo</option>`,
  ].join("");
  select.value = known && !range ? "full" : isPresetName(current) ? current : kDefaultPreset;
  select.title =
    known && !range ? `${identity.name} has no UCI_Elo option: full strength only` : "";
  const elo = $<HTMLInputElement>("elo");
  if (range) {
    elo.min = String(range.min);
    elo.max = String(range.max);
    const value = Number(elo.value);
    if (!Number.isFinite(value) || value < range.min || value > range.max)
      elo.value = String(Math.max(range.min, Math.min(range.max, Math.round(value) || range.max)));
  }
  for (const id of Object.values(kWatchStrengthIds))
    fillWatchStrength($<HTMLSelectElement>(id), range, known);
}

// A side's strength in Watch: the Game's, or one of the presets (custom Elo is the Game's).
function fillWatchStrength(
  select: HTMLSelectElement,
  range: EloRange | null,
  known: boolean,
): void {
  const current = select.value;
  select.innerHTML = [
    `<option value="${kGameStrength}">as the Game's strength</option>`,
    ...kPresets.map((p) => {
      const off = known && !range && p.level !== null ? " disabled" : "";
      return `<option value="${p.name}"${off}>${presetLabel(p, range)}</option>`;
    }),
  ].join("");
  const usable = [...select.options].some((o) => o.value === current && !o.disabled);
  select.value = usable ? current : kGameStrength;
}

// The variant and kichwa controls set to a game's rules (the kichwa rule is kujifunza's).
export function showRules(variant: Variant, kichwa: string): void {
  $<HTMLSelectElement>("variant").value = variant;
  if (variant === "kujifunza") $<HTMLSelectElement>("kichwa").value = kichwa;
}

export function fillVariants(variants: Variant[]): void {
  const select = $<HTMLSelectElement>("variant");
  const current = select.value || "kiswahili";
  select.innerHTML = variants.map((v) => `<option value="${v}">${v}</option>`).join("");
  select.value = variants.includes(current as Variant) ? current : variants[0]!;
}

export function saveControls(tab: Tab, flip: boolean): void {
  const values: Settings = { mode: tab, flip };
  for (const id of kSettingIds) {
    const element = $<HTMLInputElement>(id);
    values[id] = element.type === "checkbox" ? element.checked : element.value;
  }
  saveSettings(values);
}

// The kept controls set as they were; returns all that was kept (the tab, the flip too).
export function restoreControls(): Settings {
  const values = loadSettings();
  for (const id of kSettingIds) {
    const element = $<HTMLInputElement>(id);
    const value = values[id];
    if (element.type === "checkbox" && typeof value === "boolean") element.checked = value;
    else if (typeof value === "string") {
      if (id === "preset" && !isPresetName(value)) continue; // a preset of an older page
      // The engine's variants are not known yet: offer the kept one until they are.
      if (id === "variant" && isVariant(value))
        element.innerHTML = `<option value="${value}">${value}</option>`;
      element.value = value;
    }
  }
  return values;
}
