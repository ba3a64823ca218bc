import type { Container } from 'pixi.js';
import { Button } from '../scene/views/button';
import { isInside, isShown } from '../scene/visible';
import type { GameApp } from './game-app';
import { textsOnScreen } from './hook-texts';
import { attractHookFields, gameStats } from './modes/attract-hook';
import type { HookLayout, HookRect, HookScreen, HookSource, HookState } from './test-hook';

const rect = (c: Container): HookRect => {
  const b = c.getBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height };
};

function screenOf(a: GameApp): HookScreen {
  if (!a.ready) return 'loading';
  if (a.rules.visible) return 'rules';
  if (a.connection?.history.isOpen) return 'history';
  if (a.nav.screen === 'ticket' && a.ticket?.resultShown) return 'result';
  return a.nav.screen ?? 'loading';
}

/** The test hook's view of the running game: only what is on screen, read from the scene and the session. */
export function hookSource(a: GameApp): HookSource {
  const top = (): Container => a.stage.app.stage;
  return {
    ready: () => a.ready,
    isIdle: () => a.ready && a.busy.idle,
    idle: async () => {
      // The boot holds the game busy too, so this also waits for the title.
      await a.busy.whenIdle();
    },
    state: (): HookState => ({
      screen: screenOf(a),
      mode: a.params.mode,
      demo: a.params.demo,
      seed: a.params.demo ? a.params.seed : null,
      balanceCents: a.session?.balanceCents ?? 0,
      muted: a.sound.muted,
      lang: a.i18n.lang,
      layout: a.stage.layout.orientation,
      renderer: a.stage.rendererType,
      game: a.session?.snapshot() ?? null,
      messages: [...a.notices],
      // The result's words while it is on screen (title, why it paid, the line), and whether it is put aside.
      result: a.ticket?.resultShown ? { ...a.ticket.result.texts, aside: a.ticket.result.lookingAtTicket } : null,
      // While the attract loop runs: screen 'attract' and the demo ticket on screen.
      ...attractHookFields(a),
      // The game server: the connection, the recalled history, the history view, what the ticket screen shows.
      ...(a.connection?.hookFields() ?? {}),
      printed: a.printed?.hookState() ?? null,
    }),
    stats: () => gameStats(a),
    texts: () => textsOnScreen(top(), a.stage.layout.width, a.stage.layout.height),
    layout: (): HookLayout => {
      const screen = screenOf(a);
      const tk = a.ticket;
      // « Voir le ticket »: the result is put aside and the finished board is on screen.
      const onTicket = tk !== null && (screen === 'ticket' || (screen === 'result' && tk.result.lookingAtTicket));
      // Buttons of the layer in front: the rules, else the result, else the screen; the header's always.
      const front: Container | undefined =
        a.connection?.front() ?? (screen === 'rules' ? a.rules : screen === 'result' ? tk?.result : a.nav.active?.view);
      const buttons: Record<string, HookRect> = {};
      const disabled: string[] = [];
      for (const b of Button.all) {
        if (!isShown(b, top())) continue;
        const inFront = front ? isInside(b, front) : false;
        const inHeader = isInside(b, a.hud);
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
      const f = a.focus.focused;
      if (!f) return null;
      return f.id === undefined ? { kind: f.kind, index: f.index } : { kind: f.kind, index: f.index, id: f.id };
    },
  };
}
