import gsap from 'gsap';
import type { Ticker } from 'pixi.js';
import { motion } from './tween';

const keepAwake = (): void => undefined;

/**
 * gsap comes with the screens built behind the title: it runs at the game's speed, smooths only a stall of over a
 * second (software rendering here draws a few frames a second), and is paused and killed with our own tweens.
 *
 * Its frame must come before the renderer's, as when gsap loaded first: Pixi updates transforms only as it draws, so
 * a tween's last step written after a render is hit-tested at its old place until the next one (a tap on a panel
 * that just slid in would miss its button). gsap asks for its next frame at the start of each of its own, the
 * renderer at the end of its: restarting the renderer's ticker once gsap runs puts it after gsap for good, as long
 * as gsap never sleeps (it sleeps when idle unless a second listener is on its ticker).
 */
export function joinGsap(renderTicker: Ticker): void {
  gsap.globalTimeline.timeScale(motion.speed);
  gsap.ticker.lagSmoothing(1000, 33);
  gsap.ticker.add(keepAwake);
  if (renderTicker.started) {
    renderTicker.stop();
    renderTicker.start();
  }
  motion.join(
    (target) => gsap.killTweensOf(target),
    (paused) => (paused ? gsap.globalTimeline.pause() : gsap.globalTimeline.resume()),
  );
}
