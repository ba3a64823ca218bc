/**
 * Where each picture goes on one sprite sheet: pure arithmetic, no Pixi, no DOM (unit-tested in Node). Pictures are
 * laid on shelves, tallest first, each with `gap` free pixels on every side so that the edge copied around it (see
 * art-sheet.ts) keeps a filtered edge from reaching its neighbour.
 */
export interface SheetPicture {
  readonly name: string;
  /** Its size in pixels. */
  readonly width: number;
  readonly height: number;
}

export interface SheetLayout {
  readonly width: number;
  readonly height: number;
  /** Each picture's top-left corner on the sheet, in pixels. */
  readonly places: ReadonlyMap<string, { readonly x: number; readonly y: number }>;
}

/** Lays `pictures` on a sheet `width` pixels wide (at least as wide as the widest picture and its gaps). */
export function packSheet(pictures: readonly SheetPicture[], width: number, gap: number): SheetLayout {
  if (!(Number.isInteger(gap) && gap >= 0)) throw new Error(`packSheet: gap must be a whole number ≥ 0, got ${gap}`);
  const names = new Set<string>();
  for (const p of pictures) {
    if (!(Number.isInteger(p.width) && Number.isInteger(p.height) && p.width > 0 && p.height > 0))
      throw new Error(`packSheet: ${p.name} has no size in whole pixels (${p.width} × ${p.height})`);
    if (p.width + 2 * gap > width) throw new Error(`packSheet: ${p.name} (${p.width} px) is wider than the sheet`);
    if (names.has(p.name)) throw new Error(`packSheet: ${p.name} is listed twice`);
    names.add(p.name);
  }
  const places = new Map<string, { x: number; y: number }>();
  const tallestFirst = [...pictures].sort((a, b) => b.height - a.height || b.width - a.width);
  let x = 0;
  let y = 0;
  let shelf = 0;
  for (const p of tallestFirst) {
    if (x + p.width + 2 * gap > width) {
      y += shelf;
      x = 0;
      shelf = 0;
    }
    places.set(p.name, { x: x + gap, y: y + gap });
    x += p.width + 2 * gap;
    shelf = Math.max(shelf, p.height + 2 * gap);
  }
  return { width, height: y + shelf, places };
}
