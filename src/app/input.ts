import type { Container } from 'pixi.js';
import { FocusRing } from '../scene/focus';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { TitleScreen } from '../scene/screens/title-screen';
import type { Stage } from '../scene/stage';
import type { Hud } from '../scene/views/hud';
import type { RulesPanel } from '../scene/views/rules-panel';
import type { Busy } from './busy';
import { isSceneElement, shareFocus } from './dom-focus';
import { focusScope } from './focus-scope';
import type { I18n } from './i18n';
import { listenToKeys } from './keyboard';
import type { AppNavigation } from './navigation';
import { OnChange } from './on-change';
import type { TicketSession } from './ticket-session';

/** What the keyboard and the focus ring work with. */
export interface InputContext {
  readonly stage: Stage;
  readonly nav: AppNavigation;
  readonly busy: Busy;
  readonly i18n: I18n;
  readonly session: TicketSession;
  readonly hud: Hud;
  readonly rules: RulesPanel;
  readonly title: TitleScreen;
  readonly ticket: TicketScreen;
  /** The layer the ring is drawn on. */
  readonly overlay: Container;
  /** Escape: the rules, opened or closed. */
  readonly escape: () => void;
}

/**
 * The keyboard: the focus ring over what is in front (Tab and the arrows share it), Enter and Space, « tout gratter »,
 * Escape. The arrows' scope is worked out again after a change (input, navigation, the game settling, a resize, the
 * language), never at every frame: the ring reads it each frame, and sorting every button by position is costly.
 */
export function wireKeyboard(c: InputContext): FocusRing {
  const { stage, nav, session, ticket } = c;
  const scope = new OnChange(() => focusScope({ ...c, inRound: () => session.snapshot()?.phase === 'round' }));
  const focus = new FocusRing(c.overlay, () => scope.get(), stage.app.ticker);
  for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, () => scope.stale(), true);
  c.busy.onChange(() => scope.stale());
  nav.onChange(() => scope.stale());
  c.i18n.onChange(() => scope.stale());
  stage.onResize(() => scope.stale());
  listenToKeys(
    {
      move: (dx, dy) => focus.move(dx, dy),
      activate: session.gated(() => {
        if (focus.activate()) return;
        if (nav.front().id === 'ticket' && ticket.card.scratch.scratchable) ticket.card.scratch.clearAll();
      }),
      // The foil can be cleared while the amounts are on their way: the reveal is asked once, through the session.
      scratchAll: () => nav.front().id === 'ticket' && ticket.card.scratch.clearAll(),
      escape: session.gated(c.escape),
    },
    isSceneElement,
  );
  shareFocus(focus);
  return focus;
}
