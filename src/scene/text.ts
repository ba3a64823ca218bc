import { type Container, Text, type TextStyleOptions } from 'pixi.js';
import { textResolution } from './text-density';

/** The game's lettering: round, heavy, outlined, with a soft shadow — readable over the farmyard at any size. */
const FONT = '"Baloo 2", "Fredoka", "Nunito", "Trebuchet MS", "DejaVu Sans", Verdana, sans-serif';

export type Tone = 'title' | 'gold' | 'light' | 'dark' | 'button';

const TONES: Record<Tone, TextStyleOptions> = {
  title: {
    fill: 0xffe27a,
    stroke: { color: 0x6b3206, width: 10, join: 'round' },
    dropShadow: { color: 0x2b1405, alpha: 0.55, distance: 6, blur: 4, angle: Math.PI / 2 },
  },
  gold: {
    fill: 0xffd23f,
    stroke: { color: 0x5c2d04, width: 8, join: 'round' },
    dropShadow: { color: 0x2b1405, alpha: 0.5, distance: 4, blur: 3, angle: Math.PI / 2 },
  },
  light: { fill: 0xfffaf0, stroke: { color: 0x3b2410, width: 6, join: 'round' } },
  dark: { fill: 0x4a2a0c },
  button: { fill: 0xffffff, stroke: { color: 0x6b3a05, width: 6, join: 'round' } },
};

/** The resolution every text is drawn at now (src/scene/text-density.ts), and the texts alive to redraw at a change. */
let resolution = 2;
const live = new Set<Text>();
/** Told of each new resolution too (the counting figures' glyphs, src/scene/counting-text.ts). */
const densityListeners = new Set<(resolution: number) => void>();

/** Draws every text, and those made from now on, for `pixelsPerUnit` device pixels a design unit (after a resize). */
export function setTextDensity(pixelsPerUnit: number): void {
  const r = textResolution(pixelsPerUnit);
  if (r === resolution) return;
  resolution = r;
  for (const t of live) t.resolution = r;
  for (const f of densityListeners) f(r);
}

/** The resolution texts are drawn at now, and `f` called with each new one. */
export function followTextDensity(f: (resolution: number) => void): number {
  densityListeners.add(f);
  return resolution;
}

/** The style of a text of the game's lettering at `size` in `tone`. */
export function letteringStyle(size: number, tone: Tone, extra: TextStyleOptions = {}): TextStyleOptions {
  return { fontFamily: FONT, fontSize: size, fontWeight: '800', align: 'center', ...TONES[tone], ...extra };
}

/** A text in the game's style. `size` is in design units. */
export function label(text: string, size: number, tone: Tone = 'light', extra: TextStyleOptions = {}): Text {
  const t = new Text({
    text,
    resolution,
    style: letteringStyle(size, tone, extra),
  });
  t.anchor.set(0.5);
  live.add(t);
  t.once('destroyed', () => live.delete(t));
  return t;
}

/** Shrinks `t` (uniformly) so it fits in `maxWidth`, for translated strings of any length. */
export function fitWidth(t: Container, maxWidth: number, maxScale = 1): void {
  t.scale.set(1);
  const w = t.width;
  t.scale.set(Math.min(maxScale, w > 0 ? maxWidth / w : 1));
}
