import type { Container } from 'pixi.js';
import type { FocusScope, FocusTarget } from '../scene/focus';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { TitleScreen } from '../scene/screens/title-screen';
import type { Stage } from '../scene/stage';
import { Button } from '../scene/views/button';
import type { Hud } from '../scene/views/hud';
import type { RulesPanel } from '../scene/views/rules-panel';
import { isInside, isShown } from '../scene/visible';
import type { AppNavigation } from './navigation';

/** What the arrow keys' scope is read from: what is in front, and the views that hold targets. */
export interface FocusContext {
  readonly stage: Stage;
  readonly nav: AppNavigation;
  readonly hud: Hud;
  readonly rules: RulesPanel;
  readonly title: TitleScreen;
  readonly ticket: TicketScreen;
  /** Whether a round is in play (its hens take picks). */
  readonly inRound: () => boolean;
}

const asTargets = (buttons: readonly Button[]): FocusTarget[] =>
  buttons.map((b, index) => ({ kind: 'button', index, id: b.id, view: b, press: () => b.press() }));

/**
 * Every button shown in `layer` (and the header's, when asked), in reading order: top to bottom, then left to right.
 * `first` come before the rest, so the first arrow lands on the screen's main action.
 */
function buttonsOf(
  c: FocusContext,
  layer: Container,
  withHeader: boolean,
  first: readonly Button[] = [],
): FocusTarget[] {
  const top = c.stage.app.stage;
  const shown = [...Button.all].filter(
    (b) => isShown(b, top) && (isInside(b, layer) || (withHeader && isInside(b, c.hud))),
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

const NONE: FocusScope = { targets: [], cols: 1 };

/** What the arrow keys reach in front: a notice's or the history's buttons, the rules, the result, the ticket, the title. */
export function focusScope(c: FocusContext): FocusScope {
  const front = c.nav.front();
  const tk = c.ticket;
  switch (front.id) {
    case 'notice':
    case 'history':
      return front.view ? { targets: buttonsOf(c, front.view, false), cols: 1 } : NONE;
    case 'rules':
      return { targets: buttonsOf(c, c.rules, false, [c.rules.close]), cols: 1 };
    case 'result':
      return { targets: buttonsOf(c, tk.result, false, [tk.result.playAgain, tk.result.home]), cols: 1 };
    case 'ticket':
      if (tk.haystacksOnScreen) {
        return {
          targets: tk.haystacks.stacks.map((s, index) => ({
            kind: 'haystack',
            index,
            view: s,
            press: () => s.press(),
          })),
          cols: 1,
        };
      }
      if (tk.hensOnScreen && c.inRound()) {
        return {
          targets: tk.board.hens.map((h, index) => ({ kind: 'hen', index, view: h, press: () => h.press() })),
          cols: c.stage.layout.cols,
        };
      }
      return { targets: asTargets([tk.scratchAll].filter((b) => isShown(b, c.stage.app.stage))), cols: 1 };
    case 'title':
      return { targets: buttonsOf(c, c.title.view, true, [c.title.scan, c.title.buy, c.title.topUp]), cols: 1 };
    default:
      return NONE;
  }
}
