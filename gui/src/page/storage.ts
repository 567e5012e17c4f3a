// What the page keeps in the browser's local storage, so that a reload (or a new tab
// later) finds the game and the settings where they were: the game as Game.save()
// writes it, and the value of each kept control with the mode and the board's flip.
// Storage that is full or disabled keeps nothing; the page works on without it.
import { Game, type SavedGame } from "./game.js";
import { isVariant } from "./position.js";

const kGameKey = "kete-gui-game";
const kSettingsKey = "kete-gui-settings";

// The controls whose values are kept.
export const kSettingIds = [
  "variant",
  "kichwa",
  "preset",
  "elo",
  "limit-kind",
  "limit-value",
  "time-control",
  "human-side",
  "multipv",
  "review-depth",
  "animate",
  "speed",
  "sound",
  "show-thinking",
] as const;

export type Settings = Record<string, string | boolean>;

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(kSettingsKey, JSON.stringify(settings));
  } catch {
    // Not kept.
  }
}

export function loadSettings(): Settings {
  try {
    const values = JSON.parse(localStorage.getItem(kSettingsKey) ?? "{}") as unknown;
    if (!values || typeof values !== "object") return {};
    return Object.fromEntries(
      Object.entries(values).filter(([, v]) => typeof v === "string" || typeof v === "boolean"),
    ) as Settings;
  } catch {
    return {};
  }
}

export function saveGame(game: Game): void {
  try {
    localStorage.setItem(kGameKey, JSON.stringify(game.save()));
  } catch {
    // Not kept.
  }
}

// The kept game, or null when there is none or it cannot be read (it is then dropped).
export function loadGame(): Game | null {
  try {
    const text = localStorage.getItem(kGameKey);
    if (!text) return null;
    const saved = JSON.parse(text) as SavedGame;
    return isVariant(saved.variant) ? Game.restore(saved) : null;
  } catch (e) {
    console.warn(`the kept game could not be read: ${e instanceof Error ? e.message : e}`);
    return null;
  }
}
