import type { RunningGame } from './error-context';

/**
 * `?crash=tick|update` — demo games only: a test of the error screen throws, right after the first hen is lifted,
 * inside Pixi's ticker ('tick') or inside a session update ('update', which rejects the pick's promise). Refused
 * (with a console warning) in real play, where nothing from the URL may act on the game.
 */
export function armTestCrash(app: RunningGame): void {
  const crash = new URLSearchParams(location.search).get('crash');
  if (crash === null) return;
  if (!app.params.demo || (crash !== 'tick' && crash !== 'update')) {
    console.warn(`[poule] ?crash=${crash} refused: only 'tick' or 'update', in demo games`);
    return;
  }
  let armed = true;
  app.session.subscribe((u) => {
    if (!armed || !u.events.some((e) => e.type === 'henLifted')) return;
    armed = false;
    const error = new Error(`test crash (?crash=${crash}) after the first pick`);
    if (crash === 'update') throw error;
    // Removed before it throws: a listener that throws is never taken off by Pixi, and would throw again on resume.
    const ticker = app.stage.app.ticker;
    const once = (): void => {
      ticker.remove(once);
      throw error;
    };
    ticker.add(once);
  });
}
