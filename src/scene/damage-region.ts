/** A rectangle in canvas pixels: from (x0, y0) included to (x1, y1) excluded. */
export interface PixelRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface CoverOptions {
  /** The canvas's size in pixels. */
  readonly width: number;
  readonly height: number;
  /** The side of the grid's squares the damage is rounded out to (pixels). */
  readonly tile: number;
  /** At most this many rectangles (each is one more pass over the stage's draw calls). */
  readonly maxRects: number;
  /** Above this share of the canvas, one full redraw (no scissor) is as cheap and simpler. */
  readonly fullShare: number;
}

/**
 * The few rectangles to redraw so that every damaged rectangle is covered: the damage is rounded out to a grid of
 * `tile` squares (clipped to the canvas), the marked squares joined into rectangles (runs along each row, then runs
 * of rows with the same span), and the closest rectangles merged while there are more than `maxRects` (the merge
 * that adds the fewest pixels first). `'all'` when the cover is larger than `fullShare` of the canvas; `[]` when
 * nothing on the canvas is damaged.
 */
export function damageCover(damage: readonly PixelRect[], o: CoverOptions): PixelRect[] | 'all' {
  if (!(o.width > 0 && o.height > 0 && o.tile > 0 && o.maxRects >= 1))
    throw new Error(`damageCover: bad options ${JSON.stringify(o)}`);
  const cols = Math.ceil(o.width / o.tile);
  const rows = Math.ceil(o.height / o.tile);
  const marked = new Uint8Array(cols * rows);
  let any = false;
  for (const r of damage) {
    const c0 = Math.max(0, Math.floor(r.x0 / o.tile));
    const c1 = Math.min(cols, Math.ceil(r.x1 / o.tile));
    const r0 = Math.max(0, Math.floor(r.y0 / o.tile));
    const r1 = Math.min(rows, Math.ceil(r.y1 / o.tile));
    for (let y = r0; y < r1; y++)
      for (let x = c0; x < c1; x++) {
        marked[y * cols + x] = 1;
        any = true;
      }
  }
  if (!any) return [];
  // Runs along each row, in tiles; a run continues the rectangle above it when its span is the same.
  const open = new Map<string, { c0: number; c1: number; r0: number; r1: number }>();
  const done: { c0: number; c1: number; r0: number; r1: number }[] = [];
  for (let y = 0; y < rows; y++) {
    const still = new Map<string, { c0: number; c1: number; r0: number; r1: number }>();
    for (let x = 0; x < cols; ) {
      if (!marked[y * cols + x]) {
        x++;
        continue;
      }
      const c0 = x;
      while (x < cols && marked[y * cols + x]) x++;
      const key = `${c0}:${x}`;
      const above = open.get(key);
      if (above) {
        above.r1 = y + 1;
        still.set(key, above);
        open.delete(key);
      } else still.set(key, { c0, c1: x, r0: y, r1: y + 1 });
    }
    for (const r of open.values()) done.push(r);
    open.clear();
    for (const [k, r] of still) open.set(k, r);
  }
  for (const r of open.values()) done.push(r);
  let rects: PixelRect[] = done.map((r) => ({
    x0: r.c0 * o.tile,
    y0: r.r0 * o.tile,
    x1: Math.min(o.width, r.c1 * o.tile),
    y1: Math.min(o.height, r.r1 * o.tile),
  }));
  rects = mergeDown(rects, o.maxRects);
  const covered = rects.reduce((s, r) => s + area(r), 0);
  return covered > o.fullShare * o.width * o.height ? 'all' : rects;
}

function area(r: PixelRect): number {
  return (r.x1 - r.x0) * (r.y1 - r.y0);
}

function union(a: PixelRect, b: PixelRect): PixelRect {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/** Merges the pair whose union adds the fewest pixels, then any rectangle the union now overlaps, down to `max`. */
function mergeDown(input: readonly PixelRect[], max: number): PixelRect[] {
  const rects = [...input];
  while (rects.length > max) {
    let best = { i: 0, j: 1, cost: Number.POSITIVE_INFINITY };
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) {
        const cost = area(union(rects[i]!, rects[j]!)) - area(rects[i]!) - area(rects[j]!);
        if (cost < best.cost) best = { i, j, cost };
      }
    let merged = union(rects[best.i]!, rects[best.j]!);
    rects.splice(best.j, 1);
    rects.splice(best.i, 1);
    // A merged rectangle may now overlap others: drawing a pixel twice costs it twice, so they join it.
    for (let k = rects.length - 1; k >= 0; k--)
      if (overlaps(merged, rects[k]!)) {
        merged = union(merged, rects[k]!);
        rects.splice(k, 1);
      }
    rects.push(merged);
  }
  return rects;
}

function overlaps(a: PixelRect, b: PixelRect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
