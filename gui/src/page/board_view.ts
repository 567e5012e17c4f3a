// The board as an SVG drawing: every variant at one scale (a 4x12 board is wider than a
// 4x8 one, its pits the same size), with seed counts, pit names, the houses, the takasia
// pit, the hands and the side to move. The drawing scales to its box (CSS); on a narrow
// box it is drawn upright (the rows become columns), and it can be turned round so that
// either player sits at the bottom. Each pit carries data-pit and data-count, so tests
// read the board the way a person does, and is a focusable button named for screen
// readers ("A3, South front row, 2 seeds").
import {
  kHouseIndex,
  parsePitName,
  pitAtCell,
  pitName,
  seedsOnBoard,
  type Position,
  type Side,
} from "./position.js";

const kPitch = 72; // distance between pit centres, px of the drawing
const kRadius = 28;
const kRingRadius = kRadius + 6; // the rings (selectable, last move, sowing) sit on the wood
const kMarginX = 28;
const kBandHeight = 34; // above and below the pits: the players' names, hands, turn
const kUprightBandHeight = 50; // two lines when upright: the name, then the hand
const kMiddleGap = 14; // between the two front rows
// The smallest pit name and seed count on the screen, in CSS px (issue #31: 10 px names
// and 12 px counts on a phone were too small); their size in the drawing follows the
// drawing's scale, with a margin for a scroll bar that narrows the board after drawing.
const kMinNamePx = 12;
const kMinCountPx = 14;
const kScaleMargin = 1.06;

export interface BoardLayout {
  upright: boolean; // rows drawn as columns (narrow screens)
  flipped: boolean; // North at the bottom
}

export interface BoardDecorations {
  highlight?: readonly string[]; // pit names just touched by the sowing
  selectable?: ReadonlySet<string>; // pits that start a legal move (the player's turn)
  selected?: string | null;
  lastMove?: string | null; // pit of the last move
  // Play's hint: the pit its move starts from, its direction as drawn (an arrow; none in
  // kigogo) and the move in words for a screen reader.
  hint?: { pit: string; letter: string | null; arrow: string; words: string } | null;
  caption?: Partial<Record<Side, string>>; // e.g. the engine's or the player's name
  captured?: Record<Side, number> | null; // kigogo: seeds each side has taken
  focus?: string | null; // the pit that takes the keyboard focus (tabindex 0)
  layout?: BoardLayout;
  scale?: number; // screen px per unit of the drawing, to size the pits' texts
  // The game is over on this board: no side is to move; the winner's band says so
  // (null: a draw).
  ended?: { winner: Side | null };
  // A board to look at, not to play on (the rules page's examples): its pits are
  // pictures for a screen reader, not buttons, and take no focus.
  still?: boolean;
}

const kDefaultLayout: BoardLayout = { upright: false, flipped: false };

function bandHeight(layout: BoardLayout): number {
  return layout.upright ? kUprightBandHeight : kBandHeight;
}

export function boardSize(
  width: number,
  layout: BoardLayout = kDefaultLayout,
): { width: number; height: number } {
  if (layout.upright)
    return {
      width: 2 * kMarginX + 4 * kPitch + kMiddleGap,
      height: 2 * bandHeight(layout) + width * kPitch,
    };
  return {
    width: 2 * kMarginX + width * kPitch,
    height: 2 * kBandHeight + 4 * kPitch + kMiddleGap,
  };
}

// The centre of the pit drawn at (row, column) as seen from South (row 0 North's back
// row, column 0 at South's left), in the layout.
function cellCentre(
  row: number,
  column: number,
  width: number,
  layout: BoardLayout,
): { x: number; y: number } {
  const r = layout.flipped ? 3 - row : row;
  const c = layout.flipped ? width - 1 - column : column;
  const across = kPitch / 2 + r * kPitch + (r >= 2 ? kMiddleGap : 0);
  if (layout.upright) {
    // Turned a quarter anticlockwise: the near player's rows on the right.
    return { x: kMarginX + across, y: bandHeight(layout) + kPitch / 2 + (width - 1 - c) * kPitch };
  }
  return { x: kMarginX + kPitch / 2 + c * kPitch, y: kBandHeight + across };
}

// Seeds as dots in a sunflower spiral, at most 30 of them; the count says the rest.
function seedDots(count: number, cx: number, cy: number): string {
  const shown = Math.min(count, 30);
  const spread = 20 / Math.sqrt(Math.max(shown, 8));
  let dots = "";
  for (let k = 0; k < shown; ++k) {
    const r = spread * Math.sqrt(k + 0.5);
    const angle = k * 2.39996;
    dots += `<circle class="seed" cx="${(cx + r * Math.cos(angle)).toFixed(1)}" cy="${(cy + r * Math.sin(angle)).toFixed(1)}" r="3.3"/>`;
  }
  return dots;
}

export function escapeText(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!,
  );
}

// The sizes of a pit's texts in the drawing's units, at least the minimum on the screen
// at `scale` px a unit: the name (and a label beside it), the count and its badge.
interface PitTextSizes {
  name: number;
  count: number;
}

function pitTextSizes(scale: number): PitTextSizes {
  const at = (px: number, base: number) => Math.max(base, (kScaleMargin * px) / scale);
  return { name: at(kMinNamePx, 10), count: at(kMinCountPx, 12) };
}

// The takasia field names a pit of the side to move (blocked for this move) or of the
// opponent (the target the side to move must capture if it can).
function takasiaRole(p: Position, name: string): "blocked" | "target" | null {
  if (p.takasia !== name) return null;
  const pit = parsePitName(name, p.width);
  if (!pit) return null;
  return pit.side === p.toMove ? "blocked" : "target";
}

function pitSvg(
  p: Position,
  row: number,
  column: number,
  d: BoardDecorations,
  layout: BoardLayout,
): string {
  const pit = pitAtCell(row, column, p.width);
  const name = pitName(pit, p.width);
  const count = p.rings[pit.side][pit.index]!;
  const { x: cx, y: cy } = cellCentre(row, column, p.width, layout);
  const classes = ["pit", pit.side === "S" ? "south" : "north"];
  const states: string[] = [];
  if (d.highlight?.includes(name)) classes.push("touched");
  if (d.selectable?.has(name)) {
    classes.push("selectable");
    states.push("can start a move");
  }
  if (d.selected === name) {
    classes.push("selected");
    states.push("selected");
  }
  if (d.lastMove === name) {
    classes.push("last-move");
    states.push("last move");
  }
  const attributes = [`data-pit="${name}"`, `data-count="${count}"`];
  let hintMark = "";
  if (d.hint?.pit === name) {
    classes.push("hint");
    attributes.push(`data-hint="${d.hint.letter ?? ""}"`);
    states.push(`hint: ${escapeText(d.hint.words)}`);
    hintMark = d.hint.arrow
      ? `<circle class="hint-badge" cx="${cx - kRadius * 0.72}" cy="${cy - kRadius * 0.72}" r="12"/>` +
        `<text class="hint-arrow" x="${cx - kRadius * 0.72}" y="${cy - kRadius * 0.72 + 5}">${d.hint.arrow}</text>`
      : "";
  }
  const isHouse = p.variant === "kiswahili" && pit.index === kHouseIndex;
  let shape: string;
  let label = "";
  if (isHouse) {
    // The nyumba is the square pit, as on a real board.
    const intact = p.houses[pit.side];
    classes.push("house", intact ? "intact" : "destroyed");
    attributes.push(`data-house="${intact ? "intact" : "destroyed"}"`);
    const s = kRadius * 1.78;
    shape = `<rect class="hole" x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" rx="6"/>`;
    label = intact ? "house" : "destroyed";
    states.push(intact ? "intact house" : "destroyed house");
  } else {
    shape = `<circle class="hole" cx="${cx}" cy="${cy}" r="${kRadius}"/>`;
  }
  const role = takasiaRole(p, name);
  let mark = "";
  if (role) {
    classes.push(`takasia-${role}`);
    attributes.push(`data-takasia="${role}"`);
    label = role === "blocked" ? "blocked" : "target";
    states.push(role === "blocked" ? "blocked by takasia" : "takasia target");
    mark = `<circle class="takasia-ring" cx="${cx}" cy="${cy}" r="${kRadius + 5}"/>`;
    if (role === "blocked")
      mark += `<path class="takasia-cross" d="M${cx - 18} ${cy - 18}L${cx + 18} ${cy + 18}M${cx + 18} ${cy - 18}L${cx - 18} ${cy + 18}"/>`;
  }
  const sizes = pitTextSizes(d.scale ?? 1);
  const grow = sizes.name / 10; // the name and its label, from their 10-unit design
  const badgeR = Math.max(11, sizes.count * 0.8);
  const badgeX = cx + kRadius * 0.72;
  const badgeY = cy - kRadius * 0.72;
  const nameY = cy + kRadius + 3 + 0.75 * sizes.name;
  const who = pit.side === "S" ? "South" : "North";
  const rowName = pit.index < p.width ? "front row" : "back row";
  const aria = `${name}, ${who} ${rowName}, ${count} seed${count === 1 ? "" : "s"}${states.length ? ", " + states.join(", ") : ""}`;
  const tabindex = d.focus === name ? 0 : -1;
  // The whole cell is the target for a finger or a click, not only the hole.
  const hit = `<rect class="hit" x="${cx - kPitch / 2}" y="${cy - kPitch / 2}" width="${kPitch}" height="${kPitch}"/>`;
  return (
    `<g class="${classes.join(" ")}" ${attributes.join(" ")} ${d.still ? 'role="img"' : `role="button" tabindex="${tabindex}"`} aria-label="${aria}">` +
    hit +
    `<circle class="ring" cx="${cx}" cy="${cy}" r="${kRingRadius}"/>` +
    shape +
    seedDots(count, cx, cy) +
    mark +
    `<circle class="badge" cx="${badgeX}" cy="${badgeY}" r="${badgeR.toFixed(1)}"/>` +
    hintMark +
    `<text class="count" x="${badgeX}" y="${(badgeY + sizes.count * 0.37).toFixed(1)}">${count}</text>` +
    `<text class="name" x="${(cx - (label ? 14 * grow : 0)).toFixed(1)}" y="${nameY.toFixed(1)}">${name}</text>` +
    (label
      ? `<text class="pit-label" x="${(cx + 6 * grow).toFixed(1)}" y="${nameY.toFixed(1)}">${label}</text>`
      : "") +
    `</g>`
  );
}

// The band of one player: name, hand (kiswahili), seeds on the board (captured seeds in
// kigogo), to-move marker. The near player's band is at the bottom.
function bandSvg(p: Position, side: Side, d: BoardDecorations, layout: BoardLayout): string {
  const size = boardSize(p.width, layout);
  const band = bandHeight(layout);
  const nearSide: Side = layout.flipped ? "N" : "S";
  const top = side !== nearSide;
  const y = top
    ? layout.upright
      ? 18
      : band / 2 + 5
    : size.height - band + (layout.upright ? 22 : band / 2 - 12 + 17);
  // The side to move is the position's (data-to-move, which tests read); the marker
  // and "to move" only while the game goes on.
  const toMove = p.toMove === side;
  const marked = toMove && !d.ended;
  const turn = marked ? " — to move" : d.ended?.winner === side ? " — wins" : "";
  const who = side === "S" ? "South" : "North";
  const caption = d.caption?.[side] ? ` · ${escapeText(d.caption[side]!)}` : "";
  const captured = d.captured ? `, ${d.captured[side]} captured` : "";
  const onBoard = `${seedsOnBoard(p, side)} on the board${captured}`;
  const handText =
    p.hands[side] > 0 ? `hand: ${p.hands[side]} seeds (namua)` : "hand: empty (mtaji)";
  const hand = (x: number, y: number, anchor: string) =>
    p.variant === "kiswahili"
      ? `<text class="hand ${anchor}" data-hand="${side}" data-seeds="${p.hands[side]}" x="${x}" y="${y}">${handText}</text>`
      : "";
  const open =
    `<g class="band ${marked ? "to-move" : ""}" data-side="${side}" ${toMove ? 'data-to-move="true"' : ""}` +
    (d.captured ? ` data-captured="${d.captured[side]}"` : "") +
    `>`;
  if (layout.upright) {
    // Narrow: the name on one line, the seeds and the hand on the next.
    return (
      open +
      `<text class="player" x="${kMarginX}" y="${y}">${marked ? "▶ " : ""}${who} (${top ? "left" : "right"})${caption}${d.ended?.winner === side ? " — wins" : ""}</text>` +
      `<text class="on-board" x="${kMarginX}" y="${y + 19}">${onBoard}</text>` +
      hand(size.width - kMarginX, y + 19, "end") +
      `</g>`
    );
  }
  return (
    open +
    `<text class="player" x="${kMarginX}" y="${y}">${marked ? "▶ " : ""}${who}${caption}` +
    ` <tspan class="on-board">(${onBoard})</tspan>${turn}</text>` +
    hand(size.width - kMarginX, y, "end") +
    `</g>`
  );
}

export function renderBoard(p: Position, d: BoardDecorations = {}): string {
  const layout = d.layout ?? kDefaultLayout;
  const size = boardSize(p.width, layout);
  const sizes = pitTextSizes(d.scale ?? 1);
  const textSizes =
    `--name-size:${sizes.name.toFixed(2)}px;--label-size:${((sizes.name * 9) / 10).toFixed(2)}px;` +
    `--count-size:${sizes.count.toFixed(2)}px`;
  let pits = "";
  for (let row = 0; row < 4; ++row)
    for (let column = 0; column < p.width; ++column) pits += pitSvg(p, row, column, d, layout);
  const band = bandHeight(layout);
  const depth = 4 * kPitch + kMiddleGap + 12; // the wood across the rows
  const wood = layout.upright
    ? `<rect class="wood" x="${kMarginX - 6}" y="${band - 8}" width="${depth}" height="${size.height - 2 * band + 16}" rx="14"/>`
    : `<rect class="wood" x="${kMarginX - 8}" y="${band - 6}" width="${size.width - 2 * kMarginX + 16}" height="${depth}" rx="14"/>`;
  const middle = layout.upright
    ? `<line class="middle" x1="${kMarginX + 2 * kPitch + kMiddleGap / 2}" y1="${band}" x2="${kMarginX + 2 * kPitch + kMiddleGap / 2}" y2="${size.height - band}"/>`
    : `<line class="middle" x1="${kMarginX}" y1="${band + 2 * kPitch + kMiddleGap / 2}" x2="${size.width - kMarginX}" y2="${band + 2 * kPitch + kMiddleGap / 2}"/>`;
  return (
    `<svg class="board${layout.upright ? " upright" : ""}" xmlns="http://www.w3.org/2000/svg" ` +
    `viewBox="0 0 ${size.width} ${size.height}" data-variant="${p.variant}" data-width="${p.width}" ` +
    `data-to-move="${p.toMove}" data-takasia="${p.takasia ?? "-"}" data-flipped="${layout.flipped}" ` +
    `data-upright="${layout.upright}" style="${textSizes}" role="group" ` +
    `aria-label="${p.variant} board, ${p.toMove === "S" ? "South" : "North"} to move">` +
    wood +
    middle +
    bandSvg(p, layout.flipped ? "S" : "N", d, layout) +
    pits +
    bandSvg(p, layout.flipped ? "N" : "S", d, layout) +
    `</svg>`
  );
}
