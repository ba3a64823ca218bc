import { FillGradient, Graphics } from 'pixi.js';

type PanelTone = 'cream' | 'wood' | 'dark';

const COLOURS: Record<PanelTone, readonly [top: number, bottom: number, edge: number]> = {
  cream: [0xfffaf0, 0xf5dfae, 0x8a5a1c],
  wood: [0xb8742e, 0x7a4516, 0x3f2109],
  dark: [0x3a5a2a, 0x1f3a17, 0x0f220b],
};

/**
 * One top-to-bottom gradient per pair of colours, made once and shared by every panel and button: a FillGradient
 * owns a GPU texture that a Graphics' destroy leaves alone, so a gradient per shape leaked a texture each time a
 * screen rebuilt its panels (the soak). The gradient is in local space (0..1 of each shape's box), so sharing it
 * changes nothing drawn.
 */
const gradients = new Map<string, FillGradient>();

export function verticalGradient(top: number, bottom: number): FillGradient {
  const key = `${top}:${bottom}`;
  let g = gradients.get(key);
  if (!g) {
    g = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: top },
        { offset: 1, color: bottom },
      ],
      textureSpace: 'local',
    });
    gradients.set(key, g);
  }
  return g;
}

/** The label of a panel's background: a text's box is the panel drawn behind it (the test hook reads it). */
export const PANEL_LABEL = 'panel';

/** A rounded wooden-framed cream panel, the game's card for counters, results and rules. */
export function panel(w: number, h: number, opts: { radius?: number; tone?: PanelTone } = {}): Graphics {
  const r = opts.radius ?? 36;
  const tone = opts.tone ?? 'cream';
  const edge = COLOURS[tone][2];
  const g = new Graphics();
  g.label = PANEL_LABEL;
  g.roundRect(6, 12, w, h, r).fill({ color: 0x000000, alpha: 0.28 });
  g.roundRect(0, 0, w, h, r)
    .fill(verticalGradient(COLOURS[tone][0], COLOURS[tone][1]))
    .stroke({ width: 8, color: edge });
  g.roundRect(14, 14, w - 28, h - 28, Math.max(4, r - 12)).stroke({ width: 3, color: 0xffffff, alpha: 0.35 });
  return g;
}
