import gsap from 'gsap';
import { motion } from './tween';

/**
 * gsap comes with the screens built behind the title: it runs at the game's speed, smooths only a stall of over a
 * second (software rendering here draws a few frames a second), and is paused and killed with our own tweens.
 */
export function joinGsap(): void {
  gsap.globalTimeline.timeScale(motion.speed);
  gsap.ticker.lagSmoothing(1000, 33);
  motion.join(
    (target) => gsap.killTweensOf(target),
    (paused) => (paused ? gsap.globalTimeline.pause() : gsap.globalTimeline.resume()),
  );
}
