// Play's *Hint*: the engine's move for the player's position, shown on the board as the
// pit it starts from and its direction (not its line), never played. It is searched at
// full strength to a fixed depth (stronger than any preset at its own search), counted in
// the game for the player's side (the record's SouthHints and NorthHints), and dropped
// when the player moves, takes back or starts another game meanwhile: the hint is a task
// of the session's queue, which any newer task cancels, and the player may move while it
// runs (Play.humanMayMove).
import type { Game } from "./game.js";
import type { App } from "./main.js";
import { arrow, describeMove } from "./move_picker.js";
import { summarizeMove } from "./move_summary.js";
import { movesByPit, parseMoveToken } from "./move_token.js";
import { pitName, sideName } from "./position.js";
import type { BoardLayout } from "./board_view.js";
import type { KichwaRule } from "./sowing.js";

// Full strength (UCI_LimitStrength false) to depth 8: a few ms to a third of a second
// for kete in every variant, and deeper than the presets' own searches.
export const kHintLimits = "depth 8";

// A hint shown: the game and position it is for, and the engine's move there.
interface ShownHint {
  game: Game;
  ply: number;
  fen: string;
  token: string;
}

export class Hint {
  private searchEpoch: number | null = null; // the hint's task while it searches
  private shown: ShownHint | null = null;

  constructor(private readonly app: App) {}

  // Whether the hint's search is the newest task: the player may move meanwhile.
  get searching(): boolean {
    return this.searchEpoch !== null && this.app.session.isCurrent(this.searchEpoch);
  }

  // A hint can be asked for on the player's turn in Play, on the game's position, when
  // none is shown for it and nothing else runs.
  get available(): boolean {
    const { state, session } = this.app;
    return (
      state.mode === "play" && !session.busy && this.app.play.humanMayMove() && !this.current()
    );
  }

  // "Hint": the engine's move for the player, searched as a task of its own.
  ask(): void {
    if (!this.available) return;
    const { state, session, analysis } = this.app;
    const game = state.game!;
    const ply = game.plies;
    const side = game.toMove();
    void session.schedule(async (epoch) => {
      this.searchEpoch = epoch;
      try {
        await session.setMultiPV(1);
        await session.setStrength(null);
        await session.engine.command(game.positionCommand());
        analysis.clear(`— a hint for ${sideName(side)}, ${kHintLimits}, full strength`);
        this.app.view.render();
        const best = await session.search(ply, kHintLimits);
        // A move, a take back or another game meanwhile: no hint, none counted.
        if (!session.isCurrent(epoch) || state.game !== game || game.plies !== ply) return;
        if (!game.legal.includes(best)) return;
        game.hints[side] += 1;
        this.shown = { game, ply, fen: game.fen(), token: best };
      } finally {
        this.searchEpoch = null;
      }
    });
  }

  // The hint for the position on the board, if one was shown for it.
  current(): ShownHint | null {
    const { state } = this.app;
    const h = this.shown;
    const game = state.game;
    if (!h || !game || h.game !== game || state.mode !== "play") return null;
    if (game.plies !== h.ply || state.viewPly !== h.ply || game.fen() !== h.fen) return null;
    return h;
  }

  // The hint as the board marks it: its pit, its direction as drawn, in words.
  boardMark(layout: BoardLayout): {
    pit: string;
    letter: string | null;
    arrow: string;
    words: string;
  } | null {
    const h = this.current();
    if (!h) return null;
    const p = h.game.position(h.ply);
    const move = parseMoveToken(h.token, p.width);
    if (!move) return null;
    const siblings = movesByPit(h.game.legal, p.width).get(pitName(move.pit, p.width)) ?? [];
    return {
      pit: pitName(move.pit, p.width),
      letter: move.letter,
      arrow: move.letter && p.variant !== "kigogo" ? arrow(move.letter, p, layout) : "",
      // What the move does, as the picker says it (move_summary.ts).
      words: `${h.token}, ${describeMove(move, p, siblings, layout)}: ${summarizeMove(p, h.token, h.game.kichwaRule as KichwaRule, h.game.legal).words}`,
    };
  }

  // The hint's line in the Play panel, and the hints taken in this game.
  render(layout: BoardLayout): void {
    const { state } = this.app;
    const text = document.getElementById("hint-text")!;
    const count = document.getElementById("hint-count")!;
    const mark = this.boardMark(layout);
    const h = this.current();
    if (this.searching) {
      text.textContent = "looking for a hint…";
      text.dataset.state = "searching";
      delete text.dataset.token;
    } else if (h && mark) {
      text.textContent = `Hint: ${mark.words}`;
      text.dataset.state = "shown";
      text.dataset.token = h.token;
    } else {
      text.textContent = "";
      text.dataset.state = "none";
      delete text.dataset.token;
    }
    const hints = state.game?.hints ?? { S: 0, N: 0 };
    count.textContent =
      hints.S + hints.N > 0 ? `hints taken in this game: South ${hints.S}, North ${hints.N}` : "";
    count.dataset.south = String(hints.S);
    count.dataset.north = String(hints.N);
  }
}
