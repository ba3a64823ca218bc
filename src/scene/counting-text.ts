import { BitmapFont, BitmapText } from 'pixi.js';
import { followTextDensity, letteringStyle, type Tone } from './text';

/**
 * A figure that changes many times a second (a prize counting up), in the game's lettering. A text is drawn into a
 * texture of its own and uploaded again at each new value, a large one at a cost of several milliseconds each time;
 * this one is laid out from glyphs drawn once into a shared font (Pixi's bitmap text), so a new value costs a few
 * quads. The glyphs are drawn at the texts' resolution, and again when it changes (a resize).
 */
export function countingText(size: number, tone: Tone): BitmapText {
  const name = fontFor(size, tone);
  const t = new BitmapText({ text: '', style: { ...letteringStyle(size, tone), fontFamily: name } });
  t.anchor.set(0.5);
  shown.add(t);
  t.once('destroyed', () => shown.delete(t));
  return t;
}

/** The characters a sum of money is written with, in French and in English; any other is added when first met. */
const MONEY_CHARS = '0123456789,.€ \u00a0\u202f-';

/** The fonts made so far, by name, and the texts shown with them. */
const fonts = new Map<string, { readonly size: number; readonly tone: Tone }>();
const shown = new Set<BitmapText>();
let resolution = followTextDensity((r) => {
  resolution = r;
  for (const [name, f] of fonts) {
    BitmapFont.uninstall(name);
    install(name, f.size, f.tone);
  }
  // Laid out again with the new glyphs at their next frame.
  for (const t of shown) {
    const text = t.text;
    t.text = '';
    t.text = text;
  }
});

function fontFor(size: number, tone: Tone): string {
  const name = `poule-counting-${tone}-${size}`;
  if (!fonts.has(name)) {
    fonts.set(name, { size, tone });
    install(name, size, tone);
  }
  return name;
}

function install(name: string, size: number, tone: Tone): void {
  BitmapFont.install({ name, style: letteringStyle(size, tone), chars: MONEY_CHARS, resolution });
}
