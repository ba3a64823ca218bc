import type { Container } from 'pixi.js';
import type { FocusScope, FocusTarget } from '../scene/focus';
import { Button } from '../scene/views/button';
import { isInside, isShown } from '../scene/visible';
import type { GameApp } from './game-app';

const asTargets = (buttons: readonly Button[]): FocusTarget[] =>
  buttons.map((b, index) => ({ kind: 'button', index, id: b.id, view: b, press: () => b.press() }));

/**
 * Every button shown in `layer` (and the header's, when asked), in reading order: top to bottom, then left to right.
 * `first` come before the rest, so the first arrow lands on the screen's main action.
 */
function buttonsOf(a: GameApp, layer: Container, withHeader: boolean, first: readonly Button[] = []): FocusTarget[] {
  const top = a.stage.app.stage;
  const shown = [...Button.all].filter(
    (b) => isShown(b, top) && (isInside(b, layer) || (withHeader && isInside(b, a.hud))),
  );
  const pos = new Map(shown.map((b) => [b, b.getGlobalPosition()]));
  // Rows: buttons whose centres are within a few pixels of height count as one row.
  const rest = shown
    .filter((b) => !first.includes(b))
    .sort((p, q) => {
      const P = pos.get(p)!;
      const Q = pos.get(q)!;
      return Math.abs(P.y - Q.y) > 8 ? P.y - Q.y : P.x - Q.x;
    });
  return asTargets([...first.filter((b) => shown.includes(b)), ...rest]);
}

/** What the arrow keys reach on the current screen: the layer in front first (a notice, the history, the rules). */
export function focusScope(a: GameApp): FocusScope {
  const front = a.connection?.front();
  if (front) return { targets: buttonsOf(a, front, false), cols: 1 };
  if (a.rules.visible) return { targets: buttonsOf(a, a.rules, false, [a.rules.close]), cols: 1 };
  const tk = a.ticket;
  if (a.nav.screen === 'ticket' && tk) {
    if (tk.resultShown)
      return { targets: buttonsOf(a, tk.result, false, [tk.result.playAgain, tk.result.home]), cols: 1 };
    if (tk.haystacksOnScreen) {
      return {
        targets: tk.haystacks.stacks.map((s, index) => ({ kind: 'haystack', index, view: s, press: () => s.press() })),
        cols: 1,
      };
    }
    if (tk.hensOnScreen && a.session?.snapshot()?.phase === 'round') {
      return {
        targets: tk.board.hens.map((h, index) => ({ kind: 'hen', index, view: h, press: () => h.press() })),
        cols: a.stage.layout.cols,
      };
    }
    return { targets: asTargets([tk.scratchAll].filter((b) => isShown(b, a.stage.app.stage))), cols: 1 };
  }
  if (a.nav.screen === 'title' && a.title)
    return { targets: buttonsOf(a, a.title.view, true, [a.title.scan, a.title.buy, a.title.topUp]), cols: 1 };
  return { targets: [], cols: 1 };
}
