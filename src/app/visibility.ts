import type { Ticker } from 'pixi.js';
import { motion } from '../scene/tween';

/** The one place that reacts to the page being hidden: the ticker, the animations and the sound stop, then resume. */
export function handleVisibility(ticker: Ticker, sound: { pause(): void; resume(): void }): void {
  const apply = (): void => {
    if (document.hidden) {
      ticker.stop();
      motion.pause();
      sound.pause();
    } else {
      ticker.start();
      motion.resume();
      sound.resume();
    }
  };
  document.addEventListener('visibilitychange', apply);
}
