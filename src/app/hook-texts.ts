import { type Container, Text } from 'pixi.js';
import { Button } from '../scene/views/button';
import { PANEL_LABEL } from '../scene/views/panel';
import { isShown } from '../scene/visible';
import type { HookRect, HookText } from './test-hook';

const rect = (c: Container): HookRect => {
  const b = c.getBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height };
};

/** A text's font size on screen: its style's size through every scale above it (the stage's included). */
function fontPx(t: Text): number {
  const m = t.worldTransform;
  return t.style.fontSize * Math.hypot(m.c, m.d);
}

/** The box a text is written in: its button, else the panel drawn behind it (nearest first), else none (the window). */
function boxOf(t: Text): { box: Container; kind: 'button' | 'panel' } | null {
  for (let n: Container | null = t.parent; n; n = n.parent) {
    if (n instanceof Button) return { box: n, kind: 'button' };
    const bg = n.children.find((c) => c.label === PANEL_LABEL && c.visible);
    if (bg) return { box: bg, kind: 'panel' };
  }
  return null;
}

/**
 * Every text on screen with its bounds and the box it must stay inside (CSS pixels from the canvas's top-left), read
 * from the scene's own bounds: the test of texts that do not fit.
 */
export function textsOnScreen(top: Container, width: number, height: number): HookText[] {
  const out: HookText[] = [];
  const walk = (c: Container): void => {
    if (!c.visible || c.alpha <= 0.01) return;
    if (c instanceof Text) {
      if (c.text.trim() === '' || !isShown(c, top)) return;
      const b = boxOf(c);
      out.push({
        text: c.text,
        rect: rect(c),
        box: b ? rect(b.box) : { x: 0, y: 0, width, height },
        boxKind: b ? b.kind : 'window',
        px: fontPx(c),
      });
      return;
    }
    for (const child of c.children) walk(child);
  };
  walk(top);
  return out;
}
