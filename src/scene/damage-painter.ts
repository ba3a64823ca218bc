import { type Application, type Container, UPDATE_PRIORITY, type WebGLRenderer } from 'pixi.js';
import { damageCover, type PixelRect } from './damage-region';

/** What a drawn node looked like at the last frame painted: where, how and with what. */
interface Look {
  /** Its bounds on the canvas (pixels, padded). */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Its whole transform: a turn or a flip inside the same bounds is a change too. */
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly tx: number;
  readonly ty: number;
  readonly alpha: number;
  readonly tint: number;
  readonly blend: string;
  /** Pixi's count of changes to what the node shows (its texture, text, drawing, children). */
  readonly view: number;
  readonly texture: unknown;
  /** Its place in the drawing order. */
  readonly order: number;
}

/** What the painter reads of a node beyond Pixi's typed surface (fields Pixi keeps on every node). */
interface Drawn {
  readonly texture?: { readonly source?: unknown } | null;
  readonly style?: { _getFinalPadding?: () => number };
  readonly bounds: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

/** Pixels added around each node's bounds: a texture's filtering and antialiased edges reach a little past them. */
const PAD = 3;
const COVER = { tile: 32, maxRects: 4, fullShare: 0.7 };

/**
 * Redraws only what changed. A software rasteriser (SwiftShader here) pays for every pixel drawn, and most frames of
 * the game move a few things over a still picture: the canvas keeps its last frame (`preserveDrawingBuffer`), and each
 * frame the painter compares every drawn node with how it was drawn last (its bounds, transform, alpha, tint, blend
 * mode, texture and Pixi's count of changes to its content) and redraws the whole stage clipped (GL scissor test) to
 * the few rectangles covering where something changed, this frame's place and last frame's. A frame where nothing
 * changed is not drawn at all. A resize, a lost context, a change in the drawing order or a change over most of the
 * canvas redraws all of it. Only on WebGL (the canvas renderer draws as before).
 */
export class DamagePainter {
  private last = new Map<Container, Look>();
  private whole = true;
  /** Texture sources drawn into since the last frame (a render texture: the scratch foil, a still picture). */
  private readonly drawnInto = new Set<unknown>();
  /** Frames painted whole, in part, or skipped (read by diagnostics). */
  readonly counts = { whole: 0, part: 0, skipped: 0 };

  constructor(private readonly app: Application) {
    const r = app.renderer;
    r.on('resize', () => this.redrawAll());
    r.runners.contextChange.add({ contextChange: () => this.redrawAll() });
    r.runners.prerender.add({
      prerender: (o: { target?: unknown }) => {
        const t = o.target as { source?: unknown } | undefined;
        if (t && t !== r.view.renderTarget && t.source) this.drawnInto.add(t.source);
      },
    });
    // The renderer's own frame (the ticker's `app.render`) becomes the painter's, at the same place in the tick.
    app.ticker.remove(app.render, app);
    app.ticker.add(() => this.paint(), undefined, UPDATE_PRIORITY.LOW);
  }

  /** The next frame redraws the whole canvas. */
  redrawAll(): void {
    this.whole = true;
  }

  paint(): void {
    const r = this.app.renderer as WebGLRenderer;
    const stage = this.app.stage;
    const res = r.resolution;
    const now = new Map<Container, Look>();
    const damage: PixelRect[] = [];
    let order = 0;
    let reordered = false;
    let lastOrder = -1;
    const mark = (l: Look): void => void damage.push(l);
    const walk = (
      n: Container,
      pa: number,
      pb: number,
      pc: number,
      pd: number,
      ptx: number,
      pty: number,
      alpha: number,
      tint: number,
      blend: string,
    ): void => {
      if (!n.visible || !n.renderable) return;
      n.updateLocalTransform();
      const m = n.localTransform;
      const a = m.a * pa + m.b * pc;
      const b = m.a * pb + m.b * pd;
      const c = m.c * pa + m.d * pc;
      const d = m.c * pb + m.d * pd;
      const tx = m.tx * pa + m.ty * pc + ptx;
      const ty = m.tx * pb + m.ty * pd + pty;
      const al = alpha * n.alpha;
      const ti = n.tint === 0xffffff ? tint : Math.imul(tint ^ n.tint, 16777619);
      const bl = n.blendMode && n.blendMode !== 'inherit' ? n.blendMode : blend;
      if (n.renderPipeId && al > 0) {
        const v = n as unknown as Drawn;
        const bo = v.bounds;
        const p = v.style?._getFinalPadding?.() ?? 0;
        // Empty bounds (a Graphics with nothing in it yet) draw nothing.
        if (!(bo.maxX >= bo.minX && bo.maxY >= bo.minY && Number.isFinite(bo.minX + bo.maxY))) {
          for (const k of n.children) walk(k, a, b, c, d, tx, ty, al, ti, bl);
          return;
        }
        const look = lookOf(a, b, c, d, tx, ty, bo.minX - p, bo.minY - p, bo.maxX + p, bo.maxY + p, res, {
          alpha: al,
          tint: ti,
          blend: bl,
          view: n._didViewChangeTick,
          texture: v.texture ?? null,
          order: order++,
        });
        now.set(n, look);
        const before = this.last.get(n);
        if (!before) mark(look);
        else {
          if (before.order < lastOrder) reordered = true;
          lastOrder = before.order;
          if (!sameLook(before, look) || (v.texture?.source && this.drawnInto.has(v.texture.source))) {
            mark(before);
            mark(look);
          }
        }
      }
      for (const k of n.children) walk(k, a, b, c, d, tx, ty, al, ti, bl);
    };
    walk(stage, 1, 0, 0, 1, 0, 0, 1, 0, 'normal');
    for (const [n, look] of this.last) if (!now.has(n)) mark(look);
    this.last = now;
    this.drawnInto.clear();

    const width = r.view.canvas.width;
    const height = r.view.canvas.height;
    const cover = this.whole || reordered ? 'all' : damageCover(damage, { width, height, ...COVER });
    this.whole = false;
    if (cover === 'all') {
      this.counts.whole++;
      r.render({ container: stage });
      return;
    }
    if (cover.length === 0) {
      this.counts.skipped++;
      return;
    }
    this.counts.part++;
    const gl = r.gl;
    try {
      gl.enable(gl.SCISSOR_TEST);
      for (const q of cover) {
        // GL counts rows from the bottom.
        gl.scissor(q.x0, height - q.y1, q.x1 - q.x0, q.y1 - q.y0);
        r.render({ container: stage });
      }
    } finally {
      gl.disable(gl.SCISSOR_TEST);
    }
  }
}

/** A node's look, with its local bounds carried to the canvas (pixels) and padded. */
function lookOf(
  a: number,
  b: number,
  c: number,
  d: number,
  tx: number,
  ty: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  res: number,
  rest: Pick<Look, 'alpha' | 'tint' | 'blend' | 'view' | 'texture' | 'order'>,
): Look {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of [
    [minX, minY],
    [maxX, minY],
    [minX, maxY],
    [maxX, maxY],
  ] as const) {
    const wx = (a * x + c * y + tx) * res;
    const wy = (b * x + d * y + ty) * res;
    x0 = Math.min(x0, wx);
    y0 = Math.min(y0, wy);
    x1 = Math.max(x1, wx);
    y1 = Math.max(y1, wy);
  }
  return {
    x0: Math.floor(x0) - PAD,
    y0: Math.floor(y0) - PAD,
    x1: Math.ceil(x1) + PAD,
    y1: Math.ceil(y1) + PAD,
    a,
    b,
    c,
    d,
    tx,
    ty,
    ...rest,
  };
}

function sameLook(p: Look, q: Look): boolean {
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
