import type { Container } from 'pixi.js';

/** What a drawn node looked like at a frame: where, how (its whole transform, alpha, tint, blend) and with what. */
export interface Look extends Inherited {
  /** Its bounds on the canvas (pixels, padded). */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Pixi's count of changes to what the node shows (its texture, text, drawing, children). */
  readonly view: number;
  readonly texture: unknown;
}

/** What is handed down from a node to its children: its transform on the stage, alpha, tint and blend mode. */
/** A turn or a flip inside the same bounds is a change too, so the whole transform is kept. */
export interface Inherited {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly tx: number;
  readonly ty: number;
  readonly alpha: number;
  readonly tint: number;
  readonly blend: string;
}

export const STAGE_TOP: Inherited = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, alpha: 1, tint: 0, blend: 'normal' };

/** What the looks read of a node beyond Pixi's typed surface (fields Pixi keeps on every drawn node). */
interface Drawn {
  readonly texture?: { readonly source?: unknown } | null;
  readonly style?: { _getFinalPadding?: () => number };
  readonly bounds: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

/** Pixels added around each node's bounds: a texture's filtering and antialiased edges reach a little past them. */
const PAD = 3;

/** What `n` hands down, given what its parent handed down to it (`n`'s local transform brought up to date). */
export function handDown(n: Container, p: Inherited): Inherited {
  n.updateLocalTransform();
  const m = n.localTransform;
  return {
    a: m.a * p.a + m.b * p.c,
    b: m.a * p.b + m.b * p.d,
    c: m.c * p.a + m.d * p.c,
    d: m.c * p.b + m.d * p.d,
    tx: m.tx * p.a + m.ty * p.c + p.tx,
    ty: m.tx * p.b + m.ty * p.d + p.ty,
    alpha: p.alpha * n.alpha,
    tint: n.tint === 0xffffff ? p.tint : Math.imul(p.tint ^ n.tint, 16777619),
    blend: n.blendMode && n.blendMode !== 'inherit' ? n.blendMode : p.blend,
  };
}

/**
 * Visits every node `n`'s subtree draws, in drawing order, with its look (`p`: what `n`'s parent hands down;
 * `res`: canvas pixels a stage unit). A hidden or non-renderable node draws nothing, nor do its children; nor does a
 * node at alpha 0 (its children are at 0 too), handed to `unseen`; a node with empty bounds draws nothing itself.
 */
export function visitLooks(
  n: Container,
  p: Inherited,
  res: number,
  visit: (leaf: Container, look: Look) => void,
  unseen: (node: Container) => void,
): void {
  if (!n.visible || !n.renderable) return;
  const s = handDown(n, p);
  if (s.alpha <= 0) {
    unseen(n);
    return;
  }
  if (n.renderPipeId) {
    const v = n as unknown as Drawn;
    const bo = v.bounds;
    const pad = v.style?._getFinalPadding?.() ?? 0;
    if (bo.maxX >= bo.minX && bo.maxY >= bo.minY && Number.isFinite(bo.minX + bo.maxX + bo.minY + bo.maxY))
      visit(n, lookOf(s, bo.minX - pad, bo.minY - pad, bo.maxX + pad, bo.maxY + pad, res, n._didViewChangeTick, v));
  }
  for (const k of n.children) visitLooks(k, s, res, visit, unseen);
}

function lookOf(
  s: Inherited,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  res: number,
  view: number,
  v: Drawn,
): Look {
  // The four corners on the canvas, without an array per corner: this runs for every drawn node at every frame.
  const ax = s.a * minX;
  const bx = s.b * minX;
  const cy = s.c * minY;
  const dy = s.d * minY;
  const aX = s.a * maxX;
  const bX = s.b * maxX;
  const cY = s.c * maxY;
  const dY = s.d * maxY;
  const x0 = Math.min(ax + cy, aX + cy, ax + cY, aX + cY) + s.tx;
  const x1 = Math.max(ax + cy, aX + cy, ax + cY, aX + cY) + s.tx;
  const y0 = Math.min(bx + dy, bX + dy, bx + dY, bX + dY) + s.ty;
  const y1 = Math.max(bx + dy, bX + dy, bx + dY, bX + dY) + s.ty;
  return {
    x0: Math.floor(x0 * res) - PAD,
    y0: Math.floor(y0 * res) - PAD,
    x1: Math.ceil(x1 * res) + PAD,
    y1: Math.ceil(y1 * res) + PAD,
    a: s.a,
    b: s.b,
    c: s.c,
    d: s.d,
    tx: s.tx,
    ty: s.ty,
    alpha: s.alpha,
    tint: s.tint,
    blend: s.blend,
    view,
    texture: v.texture ?? null,
  };
}

export function sameLook(p: Look, q: Look): boolean {
  return (
    p.x0 === q.x0 &&
    p.y0 === q.y0 &&
    p.x1 === q.x1 &&
    p.y1 === q.y1 &&
    p.a === q.a &&
    p.b === q.b &&
    p.c === q.c &&
    p.d === q.d &&
    p.tx === q.tx &&
    p.ty === q.ty &&
    p.alpha === q.alpha &&
    p.tint === q.tint &&
    p.blend === q.blend &&
    p.view === q.view &&
    p.texture === q.texture
  );
}
