import gsap from 'gsap';
import type { Ticker } from 'pixi.js';

/** The one place that reacts to the page being hidden: the ticker, the animations and the sound stop, then resume. */
export function handleVisibility(ticker: Ticker, sound: { pause(): void; resume(): void }): void {
  const apply = (): void => {
    if (document.hidden) {
      ticker.stop();
      gsap.globalTimeline.pause();
      sound.pause();
    } else {
      ticker.start();
      gsap.globalTimeline.resume();
      sound.resume();
    }
  };
  document.addEventListener('visibilitychange', apply);
}
