import type { Container } from 'pixi.js';
import type { FocusRing } from '../scene/focus';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { Stage } from '../scene/stage';
import { Button } from '../scene/views/button';
import type { Hud } from '../scene/views/hud';
import { isInside, isShown } from '../scene/visible';
import type { Busy } from './busy';
import type { ConnectionUi } from './connection-ui';
import { textsOnScreen } from './hook-texts';
import type { I18n } from './i18n';
import { attractHookFields, gameStats } from './modes/attract-hook';
import type { Attract } from './modes/attract-mode';
import type { AppNavigation } from './navigation';
import type { PrintedFlow } from './printed/printed-flow';
import type { SoundBoard } from './sound';
import type { HookLayout, HookRect, HookScreen, HookSource, HookState } from './test-hook';
import type { TicketSession } from './ticket-session';
import type { Params } from './url-params';

const rect = (c: Container): HookRect => {
  const b = c.getBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height };
};

/** What the test hook reads: the running game's parts, all built (the hook is given them once the game has booted). */
export interface HookContext {
  readonly params: Params;
  readonly i18n: I18n;
  readonly busy: Busy;
  readonly stage: Stage;
  readonly sound: SoundBoard;
  readonly nav: AppNavigation;
  readonly hud: Hud;
  readonly focus: FocusRing;
  readonly session: TicketSession;
  readonly ticket: TicketScreen;
  readonly connection: ConnectionUi;
  readonly attract: Attract;
  readonly printed: PrintedFlow | null;
  readonly ready: () => boolean;
  readonly notices: () => readonly string[];
}

/** The test hook's view of the running game: only what is on screen, read from the scene and the session. */
export function hookSource(c: HookContext): HookSource {
  const top = (): Container => c.stage.app.stage;
  const screenOf = (): HookScreen => (c.ready() ? c.nav.place() : 'loading');
  return {
    ready: c.ready,
    isIdle: () => c.ready() && c.busy.idle,
    // The boot holds the game busy too, so this also waits for the title.
    idle: () => c.busy.whenIdle(),
    state: (): HookState => ({
      screen: screenOf(),
      mode: c.params.mode,
      demo: c.params.demo,
      seed: c.params.demo ? c.params.seed : null,
      balanceCents: c.session.balanceCents,
      muted: c.sound.muted,
      lang: c.i18n.lang,
      layout: c.stage.layout.orientation,
      renderer: c.stage.rendererType,
      game: c.session.snapshot(),
      messages: [...c.notices()],
      // The result's words while it is on screen (title, why it paid, the line), and whether it is put aside.
      result: c.ticket.resultShown ? { ...c.ticket.result.texts, aside: c.ticket.result.lookingAtTicket } : null,
      // While the attract loop runs: the demo ticket on screen.
      ...attractHookFields(c.attract),
      // The game server: the connection, the recalled history, the history view, what the ticket screen shows.
      ...c.connection.hookFields(),
      printed: c.printed?.hookState() ?? null,
    }),
    stats: () => gameStats(c.stage),
    texts: () => textsOnScreen(top(), c.stage.layout.width, c.stage.layout.height),
    layout: (): HookLayout => {
      const screen = screenOf();
      const tk = c.ticket;
      // « Voir le ticket »: the result is put aside and the finished board is on screen.
      const onTicket = screen === 'ticket' || (screen === 'result' && tk.result.lookingAtTicket);
      // Buttons of the layer in front, and the header's.
      const front = c.nav.front().view;
      const buttons: Record<string, HookRect> = {};
      const disabled: string[] = [];
      for (const b of Button.all) {
        if (!isShown(b, top())) continue;
        const inFront = front ? isInside(b, front) : false;
        const inHeader = isInside(b, c.hud);
        if (inFront || inHeader) buttons[b.id] = rect(b);
        if ((inFront || inHeader) && !b.enabled) disabled.push(b.id);
      }
      return {
        hens: onTicket && tk.hensOnScreen ? tk.board.hens.map((h) => h.cellBounds()) : [],
        haystacks: onTicket && tk.haystacksOnScreen ? tk.haystacks.stacks.map(rect) : [],
        buttons,
        disabled,
        scratch: onTicket ? tk.card.scratchBounds() : null,
      };
    },
    focus: () => {
      const f = c.focus.focused;
      if (!f) return null;
      return f.id === undefined ? { kind: f.kind, index: f.index } : { kind: f.kind, index: f.index, id: f.id };
    },
  };
}
