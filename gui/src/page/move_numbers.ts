// Move numbers, one convention for the whole page: a move number counts a South move and
// the North move after it, as the move list and a record write them ("2. A3L a7R"); a
// game that starts with North to move numbers North's first move "1… a7R". The move
// list, the stepping and analysis texts, the variations and the graph all say where
// they are with these.
import type { Game } from "./game.js";

// The number of the game's move `index` (0-based, in plies) and whether it is South's.
export function moveNumber(game: Game, index: number): { number: number; south: boolean } {
  const ply = index + (game.toMove(0) === "N" ? 1 : 0);
  return { number: Math.floor(ply / 2) + 1, south: ply % 2 === 0 };
}

// "2. A3L" for South's move, "2… a7R" for North's.
export function numberedMove(game: Game, index: number, token: string): string {
  const { number, south } = moveNumber(game, index);
  return `${number}${south ? "." : "…"} ${token}`;
}

// Moves played from the game's position `ply` (the game's own or a variation's), numbered
// as a record writes them: "2… a6L 3. A7R b2L".
export function numberedLine(game: Game, ply: number, tokens: readonly string[]): string {
  return tokens
    .map((token, k) => {
      const { number, south } = moveNumber(game, ply + k);
      if (south) return `${number}. ${token}`;
      return k === 0 ? `${number}… ${token}` : token;
    })
    .join(" ");
}

// Where the game's position `ply` is: "the start" or "after 2. A3L".
export function positionName(game: Game, ply: number): string {
  if (ply === 0) return "the start";
  return `after ${numberedMove(game, ply - 1, game.moves[ply - 1] ?? "?")}`;
}

// The number of the game's last move (0 when it has none): "of 3 moves".
export function movesInGame(game: Game): number {
  return game.plies === 0 ? 0 : moveNumber(game, game.plies - 1).number;
}
