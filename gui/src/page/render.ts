// Drawing the page from its state: the board (or the board at a kichwa question, or at
// the end of a previewed line), the move picker, the status line, the evaluation bar and
// the graph, the move list, the engine table's caption and which controls can be used.
// Drawing changes nothing but the focus it was asked to move; the game is kept in local
// storage whenever it is drawn.
import { boardSize, renderBoard, type BoardLayout } from "./board_view.js";
import { $ } from "./dom.js";
import type { EngineStatus } from "./engine_client.js";
import type { Game } from "./game.js";
import type { App } from "./main.js";
import { tabOf, type Tab } from "./mode.js";
import { drawMoveList } from "./move_list_view.js";
import { moveNumber, movesInGame, positionName } from "./move_numbers.js";
import { renderKichwaChoice, renderPicker } from "./move_picker.js";
import { movesByPit, parseMoveToken, type MoveToken } from "./move_token.js";
import { keepAbovePicker, markPreviewed, pitsInQuestion } from "./picker_view.js";
import {
  opponent,
  parsePosition,
  pitName,
  seedsOnBoard,
  sideName,
  type Position,
  type Side,
} from "./position.js";
import { moveMarks } from "./review.js";
import { formatScore, renderGraph, southCp } from "./score_graph.js";
import { humanSide, opponentName } from "./settings.js";
import { summarizeMove } from "./move_summary.js";
import type { Frame, KichwaRule } from "./sowing.js";
import { renderSteps } from "./sowing_steps.js";
import { kCustom } from "./strength.js";

const kMinTargetPx = 44; // a pit smaller than this on screen is hard to tap: draw upright
const kBoardChromePx = 90; // the CSS max-height of the board: the window less this

interface BoardMarks {
  highlight?: readonly string[];
  lastMove?: string | null;
  selectable?: ReadonlySet<string>;
  ended?: { winner: Side | null };
}

export class Renderer {
  constructor(private readonly app: App) {}

  render(): void {
    const { state, session } = this.app;
    const game = state.game;
    document.body.dataset.mode = tabOf(state.mode);
    this.renderControls();
    this.app.clocks.render();
    if (game) this.app.store.save(game);
    $("tabs-conflict").hidden = !this.app.store.conflict;
    if (!game) {
      $("status-line").textContent = "waiting for the engine…";
      return;
    }
    const live = state.viewPly === game.plies;
    const mayMove = this.app.play.humanMayMove();
    const { position, lastMove } = this.shown(game);
    const byPit = movesByPit(mayMove ? state.legalAtView() : [], position.width);
    const preview = state.preview;
    const over = live && game.over && !preview;
    if (state.steps && !this.app.sowing.running)
      this.drawFrame(state.steps.frames[state.steps.index]!);
    else if (!this.app.sowing.running)
      this.drawStill(position, { selectable: new Set(byPit.keys()), lastMove }, live, over);
    $("preview-bar").hidden = !preview;
    if (preview)
      $("preview-text").textContent = `Preview of the line ${preview.moves.join(" ")} (not played)`;
    this.renderPicker(byPit, position);
    $("game-over").hidden = !over || state.gameOverClosed;
    if (over) $("game-over-text").textContent = `${game.describeResult(session.maxPlies())}.`;
    drawMoveList(game, state.viewPly, moveMarks(game));
    this.renderEval(game);
    $("status-line").textContent = this.statusText(game, live);
    this.renderThinking(game, live);
  }

  // The position shown and the pit of the move that led to it: the game's, or the end of
  // a previewed line.
  private shown(game: Game): { position: Position; lastMove: string | null } {
    const { viewPly, preview } = this.app.state;
    const position = preview
      ? parsePosition(game.variant, preview.fens[preview.fens.length - 1]!)
      : game.position(viewPly);
    const move = preview ? preview.moves[preview.moves.length - 1]! : game.moves[viewPly - 1];
    const m = move === undefined ? null : parseMoveToken(move, position.width);
    return { position, lastMove: m ? pitName(m.pit, position.width) : null };
  }

  // The board when no sowing is being shown on it: at a kichwa question, the sowing
  // stopped at the capture (or where the choice pointed at ends).
  private drawStill(position: Position, marks: BoardMarks, live: boolean, over: boolean): void {
    const { state } = this.app;
    const q = state.kichwa;
    const result = state.game!.finalResult;
    const winner = result === "p1win" ? "S" : result === "p2win" ? "N" : null;
    if (q?.frame) this.drawFrame(q.options.find((o) => o.letter === q.previewing)?.end ?? q.frame);
    else this.drawBoard(position, over ? { ...marks, ended: { winner } } : marks);
    const board = $("board");
    board.dataset.ply = String(state.viewPly);
    board.dataset.live = String(live);
  }

  // A frame of a sowing: the board with the pits it passes marked.
  drawFrame(frame: Frame): void {
    this.drawBoard(frame.position, { highlight: frame.highlight });
  }

  drawBoard(position: Position, marks: BoardMarks): void {
    const state = this.app.state;
    const board = $("board");
    const hadFocus = board.contains(document.activeElement);
    const selectable = marks.selectable ?? new Set<string>();
    let focus = state.focusPit;
    if (!focus || !/^[ABab]\d+$/.test(focus) || Number(focus.slice(1)) > position.width)
      focus = [...selectable][0] ?? (position.toMove === "S" ? "A1" : "a1");
    const layout = this.layout(position.width);
    board.innerHTML = renderBoard(position, {
      highlight: marks.highlight ?? [],
      selectable,
      selected: state.selected,
      lastMove: marks.lastMove ?? null,
      hint: marks.highlight?.length ? null : this.app.hint.boardMark(layout),
      caption: this.captions(),
      ...(marks.ended ? { ended: marks.ended } : {}),
      captured:
        position.variant === "kigogo" && state.game ? state.game.captured(state.viewPly) : null,
      focus,
      layout,
      scale: this.scale(position.width, layout),
    });
    $("flip").setAttribute("aria-pressed", String(layout.flipped));
    const lost = !document.activeElement || document.activeElement === document.body;
    if (hadFocus || (state.focusBoard && lost)) {
      state.focusBoard = false;
      board.querySelector<SVGGElement>(`[data-pit="${focus}"]`)?.focus();
    }
  }

  // Who plays each side, in its band: the engine by its short name and strength ("kete,
  // club"), not its version.
  private captions(): Partial<Record<Side, string>> {
    const { session } = this.app;
    const name = opponentName(session.engine.identity, session.eloRange);
    const tab = tabOf(this.app.state.mode);
    if (tab === "play") {
      const human = humanSide();
      return { [human]: "you", [opponent(human)]: name };
    }
    if (tab === "watch")
      return {
        S: opponentName(session.engine.identity, session.eloRange, "S"),
        N: opponentName(session.engine.identity, session.eloRange, "N"),
      };
    const names = this.app.state.game?.names;
    if (names?.S || names?.N) return { S: names.S ?? "", N: names.N ?? "" };
    return {};
  }

  // Upright when the flat board's pits would be too small to tap; the player's side at
  // the bottom (the flip button turns it round).
  private layout(width: number): BoardLayout {
    const pitch = (upright: boolean) => 72 * this.scale(width, { upright, flipped: false });
    const flat = pitch(false);
    const upright = flat < kMinTargetPx && pitch(true) > flat;
    const playerNorth = this.app.state.mode === "play" && humanSide() === "N";
    return { upright, flipped: this.app.state.flipUser !== playerNorth };
  }

  // Screen px per unit of the drawing as CSS will draw it: as wide as the board's box,
  // no taller than the window less the page's chrome.
  private scale(width: number, layout: BoardLayout): number {
    const box = $("board").clientWidth || window.innerWidth;
    const maxHeight = Math.max(200, window.innerHeight - kBoardChromePx);
    const size = boardSize(width, { upright: layout.upright, flipped: false });
    return Math.min(box / size.width, maxHeight / size.height);
  }

  // The moves of the pit selected, or the kichwa question.
  private renderPicker(byPit: Map<string, MoveToken[]>, position: Position): void {
    const state = this.app.state;
    const picker = $("picker");
    const q = state.kichwa;
    const layout = this.layout(position.width);
    let html = "";
    if (q && q.options.length && q.frame) {
      const before = state.game!.position(q.ply);
      const victim = opponent(before.toMove);
      const captured = seedsOnBoard(before, victim) - seedsOnBoard(q.frame.position, victim);
      html = renderKichwaChoice(q.base, q.chosen, q.options, captured);
    } else if (state.steps) {
      html = renderSteps(state.steps);
    } else if (state.selected && byPit.get(state.selected)) {
      const game = state.game!;
      const says = (token: string) =>
        summarizeMove(position, token, game.kichwaRule as KichwaRule, state.legalAtView()).words;
      html = renderPicker(state.selected, byPit.get(state.selected)!, position, layout, says);
    }
    const changed = picker.dataset.html !== html;
    if (changed) {
      picker.innerHTML = html;
      picker.dataset.html = html;
    }
    picker.hidden = !html;
    this.app.steps.fill();
    markPreviewed(picker, q?.previewing ?? null);
    if (html && state.focusPicker) {
      state.focusPicker = false;
      picker.querySelector<HTMLButtonElement>("button")?.focus();
    }
    if (html && changed) {
      const asked = q ? state.game!.position(q.ply) : position;
      keepAbovePicker($("board"), picker, pitsInQuestion(asked, state.selected, !!q));
    }
  }

  private statusText(game: Game, live: boolean): string {
    const { state, session, sowing } = this.app;
    const { mode, viewPly } = state;
    const side = sideName(game.toMove(viewPly));
    if (sowing.label) return sowing.label;
    if (state.kichwa) return `${side} sows ${state.kichwa.base} — a capture: choose the kichwa`;
    const of = `of ${movesInGame(game)} move${movesInGame(game) === 1 ? "" : "s"}`;
    if (state.preview)
      return `Previewing a line of the analysis from ${positionName(game, state.preview.ply)}`;
    if (mode === "reviewing") return `Analysing the game: ${positionName(game, viewPly)} (${of})`;
    if (!live)
      return `${capitalised(positionName(game, viewPly))} (${of}) — ${side} to move (stepping through the game)`;
    if (game.over) return game.describeResult(session.maxPlies());
    if (!session.engine.alive) return `${side} to move — the engine is not running`;
    if (this.app.hint.searching) return `${side} to move — your move (looking for a hint…)`;
    if (session.engine.searching && mode !== "analysing")
      return `${side} to move — the engine is thinking…`;
    if (mode === "play")
      return game.toMove() === humanSide()
        ? `${side} to move — your move`
        : `${side} to move — the engine's move`;
    if (mode === "watch") return `${side} to move — press “Engines play”`;
    return `${side} to move`;
  }

  // The engine's output: hidden while playing unless asked for; while stepping through
  // the game it is marked as belonging to another position.
  private renderThinking(game: Game, live: boolean): void {
    const { mode, viewPly } = this.app.state;
    const tab = tabOf(mode);
    const thinking = $("thinking");
    thinking.hidden = tab === "play" && !$<HTMLInputElement>("show-thinking").checked;
    const analysedPly = tab === "analyse" ? viewPly : game.plies;
    const stale = tab !== "analyse" && !live;
    thinking.classList.toggle("stale", stale);
    thinking.dataset.stale = String(stale);
    // The solver's verdict, while the position shown in Analyse is the one proven.
    this.app.analyse.proven.render(game, tab === "analyse" ? game.positionCommand(viewPly) : null);
    if (stale) {
      const e = game.evals[viewPly];
      this.app.analysis.setCaption(
        `— showing the position ${positionName(game, viewPly)}${e ? ` (its analysis: ${formatScore(e)} at depth ${e.depth})` : ""}; the table is for the position ${positionName(game, analysedPly)}`,
      );
    }
  }

  // The score of the position shown (South's view) and the graph of the game's scores.
  renderEval(game: Game): void {
    const { mode, viewPly, preview } = this.app.state;
    const e = preview ? null : game.evals[viewPly];
    const bar = $("eval-bar");
    const show = !!e && (tabOf(mode) !== "play" || $<HTMLInputElement>("show-thinking").checked);
    bar.hidden = !show;
    if (e && show) {
      const cp = southCp(e);
      const share = 50 + 50 * Math.tanh(cp / 600);
      $("eval-fill").style.width = `${share.toFixed(1)}%`;
      $("eval-text").textContent = `${formatScore(e)} (South's view, depth ${e.depth})`;
      bar.dataset.cp = String(cp);
    }
    // The graph: from the player's side in Play, where it is part of the engine's
    // thinking and hidden with it; from South's elsewhere.
    const play = tabOf(mode) === "play";
    const analysed = game.evals.filter((x, ply) => x && ply <= game.plies).length;
    $("graph-section").hidden =
      analysed === 0 || (play && !$<HTMLInputElement>("show-thinking").checked);
    const side = play ? humanSide() : "S";
    $("graph-view").textContent = `${sideName(side)}'s view`;
    if (analysed)
      $("graph").innerHTML = renderGraph(game.evals, game.plies, viewPly, moveMarks(game), {
        side,
        positionName: (ply) => positionName(game, ply),
        moveNumber: (ply) => moveNumber(game, ply - 1).number,
        width: $("graph").clientWidth || 1000,
      });
  }

  // Which buttons can be used, and the settings that apply.
  renderControls(): void {
    const { mode, game, viewPly } = this.app.state;
    const variant = $<HTMLSelectElement>("variant").value;
    $("kichwa-label").hidden =
      variant !== "kujifunza" || !this.app.session.engine.identity.options.has("kichwarule");
    $("elo-label").hidden = $<HTMLSelectElement>("preset").value !== kCustom;
    $<HTMLButtonElement>("analyse-start").disabled = mode === "analysing";
    $<HTMLButtonElement>("analyse-stop").disabled = mode !== "analysing" && mode !== "reviewing";
    $<HTMLButtonElement>("analyse-game").disabled = mode === "reviewing";
    $<HTMLButtonElement>("watch-start").disabled = mode === "watching";
    $<HTMLButtonElement>("watch-pause").disabled = mode !== "watching";
    $<HTMLButtonElement>("play-from-here").disabled = !game || viewPly === game.plies;
    $<HTMLButtonElement>("step-sowing").disabled =
      !game || viewPly === 0 || !!this.app.state.kichwa;
    $<HTMLButtonElement>("take-back").disabled = this.app.play.takeBackPly() === null;
    $<HTMLButtonElement>("hint").disabled = !this.app.hint.available;
    this.app.hint.render(this.layout(game ? game.position().width : 8));
  }

  // The tab selected and its panel.
  showTab(tab: Tab): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>("#modes button"))
      button.setAttribute("aria-selected", String(button.dataset.mode === tab));
    for (const panel of document.querySelectorAll<HTMLElement>(".mode-panel"))
      panel.hidden = panel.dataset.panel !== tab;
  }

  // The engine's state in the header, and the red bar when it is gone.
  showEngineStatus(status: EngineStatus, detail: string): void {
    const element = $("engine-status");
    element.dataset.status = status;
    element.dataset.pid = String(this.app.session.engine.pid);
    element.textContent = detail;
    document.body.dataset.engine = status;
    const dead = status === "dead" || status === "disconnected";
    $("dead-banner").hidden = !dead;
    $("dead-text").textContent = dead ? `${detail}.` : "";
    $("dead-restart").textContent = status === "disconnected" ? "Reconnect" : "Restart the engine";
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
