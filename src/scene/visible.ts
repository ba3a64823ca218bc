import type { Container } from 'pixi.js';

/** Whether `c` is on screen: attached under `top` with every ancestor visible and not transparent. */
export function isShown(c: Container, top: Container): boolean {
  if (c.destroyed) return false;
  for (let node: Container | null = c; node; node = node.parent) {
    if (!node.visible || node.alpha <= 0.01) return false;
    if (node === top) return true;
  }
  return false;
}

/** Whether `ancestor` holds `c`, at any depth (or is `c`). */
export function isInside(c: Container, ancestor: Container): boolean {
  for (let n: Container | null = c; n; n = n.parent) if (n === ancestor) return true;
  return false;
}
