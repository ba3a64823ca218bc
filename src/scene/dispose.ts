import type { Container } from 'pixi.js';
import gsap from 'gsap';

/** Stops every tween on `c` and its descendants (and their scales), then destroys them: no tween outlives its view. */
export function dispose(c: Container): void {
  if (c.destroyed) return;
  const walk = (n: Container): void => {
    gsap.killTweensOf([n, n.scale, n.position]);
    for (const child of n.children) walk(child);
  };
  walk(c);
  c.destroy({ children: true });
}
