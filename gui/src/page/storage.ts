// What the page keeps in the browser's local storage, so that a reload (or a new tab
// later) finds the game and the settings where they were: the game as Game.save()
// writes it (with a stamp, so that two tabs do not write over each other's game), and
// the value of each kept control with the mode and the board's flip. Storage that is
// full or disabled keeps nothing; the page works on without it.
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
  "watch-south",
  "watch-north",
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

// The kept game as it is stored: its text, and a stamp that each write raises, so that a
// tab sees whether another tab wrote since it last read or wrote the game.
interface KeptGame {
  stamp: number;
  game: SavedGame;
}

// The game kept for this page: read once at the start, written whenever it changes. Two
// tabs share the storage; a tab never silently writes over a game another tab has
// changed since: it stops keeping its own game and says so (`conflict`) until the player
// chooses which game to keep.
export class GameStore {
  conflict = false; // another tab changed the kept game after this one last read or wrote it
  private stamp = 0; // the kept game's stamp as this tab last read or wrote it
  private text: string | null = null; // the game's text as this tab last read or wrote it

  // The kept game, or null when there is none or it cannot be read (it is then dropped).
  load(): Game | null {
    try {
      const kept = readKept();
      if (!kept) return null;
      this.stamp = kept.stamp;
      this.text = JSON.stringify(kept.game);
      return isVariant(kept.game.variant) ? Game.restore(kept.game) : null;
    } catch (e) {
      console.warn(`the kept game could not be read: ${e instanceof Error ? e.message : e}`);
      return null;
    }
  }

  // Keeps `game` when it has changed, unless another tab has changed the kept game since
  // this tab last read or wrote it (the same game written by both is no conflict).
  save(game: Game): void {
    const text = JSON.stringify(game.save());
    if (this.conflict || text === this.text) return;
    let kept: KeptGame | null = null;
    try {
      kept = readKept();
    } catch {
      // Unreadable: written over.
    }
    if (kept && kept.stamp !== this.stamp && JSON.stringify(kept.game) !== this.text) {
      this.conflict = true;
      return;
    }
    this.write(text, (kept?.stamp ?? this.stamp) + 1);
  }

  // The player chose this tab's game: it is kept, written over the other tab's.
  keepThisTab(game: Game): void {
    let stamp = this.stamp;
    try {
      stamp = Math.max(stamp, readKept()?.stamp ?? 0);
    } catch {
      // Unreadable: written over.
    }
    this.conflict = false;
    this.write(JSON.stringify(game.save()), stamp + 1);
  }

  private write(text: string, stamp: number): void {
    try {
      localStorage.setItem(kGameKey, `{"stamp":${stamp},"game":${text}}`);
      this.stamp = stamp;
      this.text = text;
    } catch {
      // Not kept.
    }
  }
}

// The kept game (a page before the stamps kept the game alone: stamp 0).
function readKept(): KeptGame | null {
  const text = localStorage.getItem(kGameKey);
  if (!text) return null;
  const value = JSON.parse(text) as Partial<KeptGame> & Partial<SavedGame>;
  if (value.game && typeof value.stamp === "number")
    return { stamp: value.stamp, game: value.game };
  return { stamp: 0, game: value as SavedGame };
}
