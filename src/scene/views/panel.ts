import { FillGradient, Graphics } from 'pixi.js';

/** A rounded wooden-framed cream panel, the game's card for counters, results and rules. */
export function panel(w: number, h: number, opts: { radius?: number; tone?: 'cream' | 'wood' | 'dark' } = {}): Graphics {
  const r = opts.radius ?? 36;
  const [top, bottom, edge] =
    opts.tone === 'wood' ? [0xb8742e, 0x7a4516, 0x3f2109] : opts.tone === 'dark' ? [0x3a5a2a, 0x1f3a17, 0x0f220b] : [0xfffaf0, 0xf5dfae, 0x8a5a1c];
  const fill = new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ],
    textureSpace: 'local',
  });
  const g = new Graphics();
  g.roundRect(6, 12, w, h, r).fill({ color: 0x000000, alpha: 0.28 });
  g.roundRect(0, 0, w, h, r).fill(fill).stroke({ width: 8, color: edge });
  g.roundRect(14, 14, w - 28, h - 28, Math.max(4, r - 12)).stroke({ width: 3, color: 0xffffff, alpha: 0.35 });
  return g;
}
