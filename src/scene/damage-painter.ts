import { type Application, type Container, UPDATE_PRIORITY, type WebGLRenderer } from 'pixi.js';
import { type Look, STAGE_TOP, sameLook, visitLooks } from './damage-look';
import { damageCover, type PixelRect } from './damage-region';

const COVER = { tile: 32, maxRects: 4, fullShare: 0.7 };

/** A look with its place in the drawing order. */
type Placed = Look & { readonly order: number };

/**
 * Redraws only what changed. A software rasteriser (SwiftShader here) pays for every pixel drawn, and most frames of
 * the game move a few things over a still picture: the canvas keeps its last frame (`preserveDrawingBuffer`), and each
 * frame the painter compares every drawn node with how it was drawn last (its bounds, transform, alpha, tint, blend
 * mode, texture and Pixi's count of changes to its content) and redraws the whole stage clipped (GL scissor test) to
 * the few rectangles covering where something changed, this frame's place and last frame's. A frame where nothing
 * changed is not drawn at all. A resize, a lost context, a change in the drawing order or a change over most of the
 * canvas redraws all of it. Only on WebGL (the canvas renderer draws as before). A node's place is its bounds (and a
 * text's padding): a filter drawing past them (a glow, a blur) would leave pixels behind; the game uses none, and
 * tools/check-damage.ts would show them.
 *
 * A still picture taken (src/scene/views/still-under.ts) redraws all of it: the picture and what it stands in for
 * may differ by a level here and there (blended into an 8-bit texture first, thin lines rasterised upside down), and a
 * frame mixing both would show a seam.
 */
export class DamagePainter {
  private last = new Map<Container, Placed>();
  private whole = true;
  /** Texture sources drawn into since the last frame (a render texture: the scratch foil, a still picture). */
  private readonly drawnInto = new Set<unknown>();

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
    const now = new Map<Container, Placed>();
    const damage: PixelRect[] = [];
    let order = 0;
    let reordered = false;
    let lastOrder = -1;
    const unseen: Container[] = [];
    visitLooks(
      stage,
      STAGE_TOP,
      r.resolution,
      (leaf, look) => {
        const placed = { ...look, order: order++ };
        now.set(leaf, placed);
        const before = this.last.get(leaf);
        if (!before) {
          damage.push(look);
          return;
        }
        if (before.order < lastOrder) reordered = true;
        lastOrder = before.order;
        const source = (leaf as { texture?: { source?: unknown } }).texture?.source;
        if (!sameLook(before, look) || (source && this.drawnInto.has(source))) damage.push(before, look);
      },
      (node) => unseen.push(node),
    );
    for (const [leaf, look] of this.last) if (!now.has(leaf)) damage.push(look);
    this.last = now;
    this.drawnInto.clear();

    const width = r.view.canvas.width;
    const height = r.view.canvas.height;
    const cover = this.whole || reordered ? 'all' : damageCover(damage, { width, height, ...COVER });
    this.whole = false;
    if (cover !== 'all' && cover.length === 0) return;
    // Faded out to nothing, but Pixi would still draw it, and a software rasteriser pays for every pixel it covers.
    for (const node of unseen) node.culled = true;
    const gl = r.gl;
    try {
      if (cover === 'all') r.render({ container: stage });
      else {
        gl.enable(gl.SCISSOR_TEST);
        for (const q of cover) {
          cullOutside(now, q);
          // GL counts rows from the bottom.
          gl.scissor(q.x0, height - q.y1, q.x1 - q.x0, q.y1 - q.y0);
          r.render({ container: stage });
        }
      }
    } finally {
      for (const node of unseen) node.culled = false;
      if (cover !== 'all') {
        for (const leaf of now.keys()) leaf.culled = false;
        gl.disable(gl.SCISSOR_TEST);
      }
    }
  }
}

/**
 * Leaves out of a scissored pass every drawn node wholly outside its rectangle. The scissor already keeps their pixels
 * out, but each is still a draw call, and a software rasteriser pays for every call whatever it covers: a party's
 * frame made 175 calls in four passes, 23 with this, and its time fell from twice the floor's to the floor's. A node
 * with children is always drawn: Pixi would leave its children out with it, and theirs are looked at on their own.
 */
function cullOutside(looks: ReadonlyMap<Container, Look>, q: PixelRect): void {
  for (const [leaf, look] of looks) {
    if (leaf.children.length === 0)
      leaf.culled = look.x1 <= q.x0 || look.x0 >= q.x1 || look.y1 <= q.y0 || look.y0 >= q.y1;
  }
}
