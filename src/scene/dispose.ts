import type { Container } from 'pixi.js';
import { killTweensOf } from './tween';

/** Stops every tween on `c` and its descendants (and their scales), then destroys them: no tween outlives its view. */
export function dispose(c: Container): void {
  if (c.destroyed) return;
  const walk = (n: Container): void => {
    // One target per call: given an array, gsap (told through killTweensOf) only kills a tween whose targets match it exactly, so a tween on
    // `n` alone that has not started yet would survive and later read a destroyed view.
    for (const target of [n, n.scale, n.position]) killTweensOf(target);
    for (const child of n.children) walk(child);
  };
  walk(c);
  // `context: true`: given options, a Graphics keeps its own GraphicsContext (and its geometry on the GPU side) until
  // Pixi's GC finds it unused a minute later — the soak's heap growth. No Graphics here shares a context.
  c.destroy({ children: true, context: true });
}
