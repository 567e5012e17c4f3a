// What a screen reader hears when the engine moves: the move in words in a live region
// (#move-announcer, aria-live), since the board's drawing changes without a word. The
// player's own moves are not announced: the player chose them.
import { $ } from "./dom.js";
import type { Game } from "./game.js";
import { parseMoveToken, type Letter } from "./move_token.js";
import { opponent, pitName, seedsOnBoard, sideName } from "./position.js";

const kWay: Record<Letter, string> = { L: "left", R: "right" };

// "North (kete, club) played a6L: pit a6, left; captured 3 seeds." for the game's move
// `index`, played by `player`.
export function describeMove(game: Game, index: number, player: string): string {
  const token = game.moves[index]!;
  const before = game.position(index);
  const after = game.position(index + 1);
  const move = parseMoveToken(token, before.width);
  const words: string[] = [];
  if (move) {
    words.push(`pit ${pitName(move.pit, before.width)}`);
    if (move.letter) words.push(kWay[move.letter]);
    if (move.kichwa.length) words.push(`kichwa ${move.kichwa.map((k) => kWay[k]).join(", ")}`);
    if (move.safari) words.push("safari");
  }
  const victim = opponent(before.toMove);
  const taken = seedsOnBoard(before, victim) - seedsOnBoard(after, victim);
  const capture = taken > 0 ? `captured ${taken} seed${taken === 1 ? "" : "s"}` : "no capture";
  return `${sideName(before.toMove)} (${player}) played ${token}: ${words.join(", ")}; ${capture}.`;
}

export function announce(text: string): void {
  $("move-announcer").textContent = text;
}
