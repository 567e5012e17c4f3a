// Position strings (docs/interface.md section 2) and pit names (rules.md section 1), read for
// drawing. The GUI never decides what is legal: the engine does. This only has to read
// what the engine prints and draw it.

export type Variant = "bao" | "kigogo" | "kiswahili" | "kujifunza";
export type Side = "S" | "N";
export type Row = "front" | "back";

export const kVariants: readonly Variant[] = ["bao", "kigogo", "kiswahili", "kujifunza"];

export function isVariant(name: string): name is Variant {
  return (kVariants as readonly string[]).includes(name);
}

export function widthOf(variant: Variant): number {
  return variant === "kigogo" ? 12 : 8;
}

export function opponent(side: Side): Side {
  return side === "S" ? "N" : "S";
}

export function sideName(side: Side): string {
  return side === "S" ? "South" : "North";
}

// A pit of one player's ring: index 0..W-1 are front pits 1..W, index W..2W-1 are back
// pits W..1, and index + 1 is clockwise seen from above (rules.md section 1).
export interface Pit {
  side: Side;
  index: number;
}

export interface Position {
  variant: Variant;
  width: number;
  // Seeds by side and ring index.
  rings: Record<Side, number[]>;
  toMove: Side;
  hands: Record<Side, number>;
  // Intact houses (kiswahili only).
  houses: Record<Side, boolean>;
  // The takasia pit name, or null.
  takasia: string | null;
}

export function pitName(pit: Pit, width: number): string {
  const front = pit.index < width;
  const number = front ? pit.index + 1 : 2 * width - pit.index;
  const letter = front ? "A" : "B";
  return (pit.side === "S" ? letter : letter.toLowerCase()) + String(number);
}

export function parsePitName(name: string, width: number): Pit | null {
  const m = /^([ABab])(\d{1,2})$/.exec(name);
  if (!m) return null;
  const number = Number(m[2]);
  if (number < 1 || number > width) return null;
  const side: Side = m[1] === "A" || m[1] === "B" ? "S" : "N";
  const front = m[1]!.toUpperCase() === "A";
  return { side, index: front ? number - 1 : 2 * width - number };
}

export function isFront(index: number, width: number): boolean {
  return index < width;
}

// Front index i faces the opponent's front index W-1-i.
export function facingIndex(index: number, width: number): number {
  return width - 1 - index;
}

// The house (nyumba) is front pit 5.
export const kHouseIndex = 4;

// Where a pit is drawn: row 0..3 from the top (North back, North front, South front,
// South back) and column 0..W-1 from the left, as the board looks from South.
export function screenCell(pit: Pit, width: number): { row: number; column: number } {
  const front = pit.index < width;
  if (pit.side === "S")
    return front ? { row: 2, column: pit.index } : { row: 3, column: 2 * width - 1 - pit.index };
  return front ? { row: 1, column: width - 1 - pit.index } : { row: 0, column: pit.index - width };
}

export function pitAtCell(row: number, column: number, width: number): Pit {
  switch (row) {
    case 0:
      return { side: "N", index: width + column };
    case 1:
      return { side: "N", index: width - 1 - column };
    case 2:
      return { side: "S", index: column };
    default:
      return { side: "S", index: 2 * width - 1 - column };
  }
}

export class PositionError extends Error {}

// Reads a position string of the given variant. Lenient where the engine is strict
// (the engine validates); strict enough that what it returns can be drawn.
export function parsePosition(variant: Variant, text: string): Position {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 5)
    throw new PositionError(`expected 2 to 5 fields, got ${fields.length}`);
  const width = widthOf(variant);
  const rows = fields[0]!.split("/");
  if (rows.length !== 4) throw new PositionError(`pits: expected 4 rows, got ${rows.length}`);
  const rings: Record<Side, number[]> = {
    S: new Array<number>(2 * width).fill(0),
    N: new Array<number>(2 * width).fill(0),
  };
  rows.forEach((rowText, row) => {
    const counts = rowText.split(",");
    if (counts.length !== width)
      throw new PositionError(`pits: row ${row + 1} has ${counts.length} pits, expected ${width}`);
    counts.forEach((countText, column) => {
      if (!/^\d{1,3}$/.test(countText))
        throw new PositionError(`pits: '${countText}' is not a seed count`);
      const pit = pitAtCell(row, column, width);
      rings[pit.side][pit.index] = Number(countText);
    });
  });
  const side = fields[1];
  if (side !== "S" && side !== "N") throw new PositionError(`side to move: '${side}'`);
  const hands = { S: 0, N: 0 };
  const handText = fields[2] ?? "-";
  if (handText !== "-") {
    const m = /^(\d+),(\d+)$/.exec(handText);
    if (!m) throw new PositionError(`hands: '${handText}'`);
    hands.S = Number(m[1]);
    hands.N = Number(m[2]);
  }
  const houseText = fields[3] ?? "-";
  if (!/^(-|H|h|Hh)$/.test(houseText)) throw new PositionError(`houses: '${houseText}'`);
  const houses = { S: houseText.includes("H"), N: houseText.includes("h") };
  const takasiaText = fields[4] ?? "-";
  if (takasiaText !== "-" && !parsePitName(takasiaText, width))
    throw new PositionError(`takasia: '${takasiaText}'`);
  return {
    variant,
    width,
    rings,
    toMove: side,
    hands,
    houses,
    takasia: takasiaText === "-" ? null : takasiaText,
  };
}

// The canonical form the engine prints: two fields, all five for kiswahili.
export function formatPosition(p: Position): string {
  const rows: string[] = [];
  for (let row = 0; row < 4; ++row) {
    const counts: number[] = [];
    for (let column = 0; column < p.width; ++column) {
      const pit = pitAtCell(row, column, p.width);
      counts.push(p.rings[pit.side][pit.index]!);
    }
    rows.push(counts.join(","));
  }
  const base = `${rows.join("/")} ${p.toMove}`;
  if (p.variant !== "kiswahili") return base;
  const houses = (p.houses.S ? "H" : "") + (p.houses.N ? "h" : "") || "-";
  return `${base} ${p.hands.S},${p.hands.N} ${houses} ${p.takasia ?? "-"}`;
}

export function clonePosition(p: Position): Position {
  return {
    ...p,
    rings: { S: [...p.rings.S], N: [...p.rings.N] },
    hands: { ...p.hands },
    houses: { ...p.houses },
  };
}

export function seedsOnBoard(p: Position, side: Side): number {
  return p.rings[side].reduce((a, b) => a + b, 0);
}

export function frontRowEmpty(p: Position, side: Side): boolean {
  return p.rings[side].slice(0, p.width).every((n) => n === 0);
}
