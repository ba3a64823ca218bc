import type { Stage } from '../scene/stage';
import type { Busy } from './busy';
import type { I18n } from './i18n';
import type { SoundBoard } from './sound';
import { type HookSource, installTestHook } from './test-hook';
import type { Params } from './url-params';

/** What the hook says while the game boots: loading, busy, nothing on screen yet to describe. */
export interface BootFacts {
  readonly params: Params;
  readonly busy: Busy;
  readonly sound: SoundBoard;
  readonly i18n: I18n;
  readonly stage: Stage;
}

/**
 * Installs the test hook at once (tests wait on it from the first moment); it describes the booting game until
 * `running` is given the whole game's (`hookSource`, built with the screens behind the title).
 */
export function installHookAtBoot(b: BootFacts): { running: (s: HookSource) => void } {
  let source: HookSource = {
    ready: () => false,
    isIdle: () => false,
    idle: () => b.busy.whenIdle(),
    state: () => ({
      screen: 'loading',
      mode: b.params.mode,
      demo: b.params.demo,
      seed: b.params.demo ? b.params.seed : null,
      balanceCents: 0,
      muted: b.sound.muted,
      lang: b.i18n.lang,
      layout: b.stage.layout.orientation,
      renderer: b.stage.rendererType,
      game: null,
      messages: [],
    }),
    layout: () => ({ hens: [], haystacks: [], buttons: {}, disabled: [], scratch: null }),
    focus: () => null,
  };
  installTestHook({
    ready: () => source.ready(),
    isIdle: () => source.isIdle(),
    idle: () => source.idle(),
    state: () => source.state(),
    layout: () => source.layout(),
    focus: () => source.focus(),
    stats: () => source.stats?.() ?? null,
    texts: () => source.texts?.() ?? [],
  });
  return {
    running: (s) => {
      source = s;
    },
  };
}
