// The board as an SVG drawing, seen from South: every variant at one scale (a 4x12 board
// is wider than a 4x8 one, its pits the same size), with seed counts, pit names, the
// houses, the takasia pit, the hands and the side to move. Each pit carries data-pit and
// data-count, so tests read the board the way a person does.
import {
  kHouseIndex,
  parsePitName,
  pitAtCell,
  pitName,
  seedsOnBoard,
  type Position,
  type Side,
} from "./position.js";

const kPitch = 72; // distance between pit centres, px
const kRadius = 28;
const kMarginX = 28;
const kBandHeight = 34; // above and below the pits: the players' names, hands, turn
const kMiddleGap = 14; // between the two front rows

export interface BoardDecorations {
  highlight?: readonly string[]; // pit names just touched by the sowing
  selectable?: ReadonlySet<string>; // pits that start a legal move (the player's turn)
  selected?: string | null;
  lastMove?: string | null; // pit of the last move
  caption?: Partial<Record<Side, string>>; // e.g. the engine's or the player's name
}

function rowY(row: number): number {
  return kBandHeight + kPitch / 2 + row * kPitch + (row >= 2 ? kMiddleGap : 0);
}

function columnX(column: number): number {
  return kMarginX + kPitch / 2 + column * kPitch;
}

export function boardSize(width: number): { width: number; height: number } {
  return { width: 2 * kMarginX + width * kPitch, height: 2 * kBandHeight + 4 * kPitch + kMiddleGap };
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

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

// The takasia field names a pit of the side to move (blocked for this move) or of the
// opponent (the target the side to move must capture if it can).
function takasiaRole(p: Position, name: string): "blocked" | "target" | null {
  if (p.takasia !== name) return null;
  const pit = parsePitName(name, p.width);
  if (!pit) return null;
  return pit.side === p.toMove ? "blocked" : "target";
}

function pitSvg(p: Position, row: number, column: number, d: BoardDecorations): string {
  const pit = pitAtCell(row, column, p.width);
  const name = pitName(pit, p.width);
  const count = p.rings[pit.side][pit.index]!;
  const cx = columnX(column);
  const cy = rowY(row);
  const classes = ["pit", pit.side === "S" ? "south" : "north"];
  if (d.highlight?.includes(name)) classes.push("touched");
  if (d.selectable?.has(name)) classes.push("selectable");
  if (d.selected === name) classes.push("selected");
  if (d.lastMove === name) classes.push("last-move");
  const attributes = [`data-pit="${name}"`, `data-count="${count}"`];
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
  } else {
    shape = `<circle class="hole" cx="${cx}" cy="${cy}" r="${kRadius}"/>`;
  }
  const role = takasiaRole(p, name);
  let mark = "";
  if (role) {
    classes.push(`takasia-${role}`);
    attributes.push(`data-takasia="${role}"`);
    label = role === "blocked" ? "blocked" : "target";
    mark = `<circle class="takasia-ring" cx="${cx}" cy="${cy}" r="${kRadius + 5}"/>`;
    if (role === "blocked")
      mark += `<path class="takasia-cross" d="M${cx - 18} ${cy - 18}L${cx + 18} ${cy + 18}M${cx + 18} ${cy - 18}L${cx - 18} ${cy + 18}"/>`;
  }
  const badgeX = cx + kRadius * 0.72;
  const badgeY = cy - kRadius * 0.72;
  const nameY = cy + kRadius + 11;
  return (
    `<g class="${classes.join(" ")}" ${attributes.join(" ")}>` +
    `<title>${name}: ${count} seed${count === 1 ? "" : "s"}${label ? ` (${label})` : ""}</title>` +
    shape +
    seedDots(count, cx, cy) +
    mark +
    `<circle class="badge" cx="${badgeX}" cy="${badgeY}" r="11"/>` +
    `<text class="count" x="${badgeX}" y="${badgeY + 4.5}">${count}</text>` +
    `<text class="name" x="${cx - (label ? 14 : 0)}" y="${nameY}">${name}</text>` +
    (label ? `<text class="pit-label" x="${cx + 6}" y="${nameY}">${label}</text>` : "") +
    `</g>`
  );
}

// The band of one player: name, hand (kiswahili), seeds on the board, to-move marker.
function bandSvg(p: Position, side: Side, d: BoardDecorations, svgWidth: number): string {
  const y = side === "N" ? kBandHeight / 2 + 5 : boardSize(p.width).height - kBandHeight / 2 + 5;
  const toMove = p.toMove === side;
  const who = side === "S" ? "South" : "North";
  const caption = d.caption?.[side] ? ` · ${escapeText(d.caption[side]!)}` : "";
  const hand =
    p.variant === "kiswahili"
      ? `<text class="hand" data-hand="${side}" data-seeds="${p.hands[side]}" x="${svgWidth - kMarginX}" y="${y}">${
          p.hands[side] > 0 ? `hand: ${p.hands[side]} seeds (namua)` : "hand: empty (mtaji)"
        }</text>`
      : "";
  return (
    `<g class="band ${toMove ? "to-move" : ""}" data-side="${side}" ${toMove ? 'data-to-move="true"' : ""}>` +
    `<text class="player" x="${kMarginX}" y="${y}">${toMove ? "▶ " : ""}${who}${caption}` +
    ` <tspan class="on-board">(${seedsOnBoard(p, side)} on the board)</tspan>${toMove ? " — to move" : ""}</text>` +
    hand +
    `</g>`
  );
}

export function renderBoard(p: Position, d: BoardDecorations = {}): string {
  const size = boardSize(p.width);
  let pits = "";
  for (let row = 0; row < 4; ++row)
    for (let column = 0; column < p.width; ++column) pits += pitSvg(p, row, column, d);
  const boardTop = kBandHeight - 6;
  const boardHeight = 4 * kPitch + kMiddleGap + 12;
  const middle = (rowY(1) + rowY(2)) / 2;
  return (
    `<svg class="board" xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${size.width} ${size.height}" data-variant="${p.variant}" data-width="${p.width}" ` +
    `data-to-move="${p.toMove}" data-takasia="${p.takasia ?? "-"}" role="img" ` +
    `aria-label="${p.variant} board, ${p.toMove === "S" ? "South" : "North"} to move">` +
    `<rect class="wood" x="${kMarginX - 8}" y="${boardTop}" width="${size.width - 2 * kMarginX + 16}" height="${boardHeight}" rx="14"/>` +
    `<line class="middle" x1="${kMarginX}" y1="${middle}" x2="${size.width - kMarginX}" y2="${middle}"/>` +
    bandSvg(p, "N", d, size.width) +
    pits +
    bandSvg(p, "S", d, size.width) +
    `</svg>`
  );
}
