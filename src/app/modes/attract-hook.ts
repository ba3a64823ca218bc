import gsap from 'gsap';
import type { Container } from 'pixi.js';
import type { Stage } from '../../scene/stage';
import { Button } from '../../scene/views/button';
import type { AttractHookState, HookState, HookStats } from '../test-hook';
import type { Attract } from './attract-mode';
import type { KioskState } from './kiosk-mode';

/** What a texture source is, in a few words: its label, what backs it (a canvas, an image, nothing: pooled) and its size. */
interface SourceLike {
  readonly label?: string;
  readonly resource?: unknown;
  readonly pixelWidth?: number;
  readonly pixelHeight?: number;
}

function kindOf(s: SourceLike): string {
  const r = s.resource;
  const backing = r === null || r === undefined ? 'none' : ((r as object).constructor?.name ?? typeof r);
  return `${s.label || '-'} ${backing} ${s.pixelWidth ?? '?'}x${s.pixelHeight ?? '?'}`;
}

function shown(c: Container): boolean {
  for (let n: Container | null = c; n; n = n.parent) if (!n.visible || n.alpha === 0) return false;
  return true;
}

/**
 * The hook's fields for the attract loop, the idle warning and the kiosk. While the loop runs, the screen is
 * 'attract' and `demo`, `seed` and `game` describe the demo ticket on screen (its draws: 'seeded'); the balance
 * stays the player's.
 */
export function attractHookFields(at: Attract): Partial<HookState> {
  const c = at.config;
  const attract: AttractHookState = {
    running: at.running,
    scene: at.screen.current,
    loops: at.loops,
    lastLoopSeconds: at.lastLoopSeconds,
    seeds: [...at.seeds],
    badge: at.running && shown(at.screen.badge),
    banner: at.running && shown(at.screen.banner),
    sound: c.sound,
    loopSeconds: c.loopSeconds,
    idleSeconds: c.idleSeconds,
    ticketIdleSeconds: c.ticketIdleSeconds,
    drift: at.screen.drift.offsets(),
  };
  const kiosk: KioskState | null = at.kiosk ? { ...at.kiosk.state } : null;
  const common = { attract, idleWarning: at.warning.secondsLeft, kiosk };
  if (!at.running) return common;
  return { ...common, screen: 'attract', demo: true, seed: at.demoSeed, game: at.demoSnapshot };
}

export function gameStats(stage: Stage): HookStats {
  let displayObjects = 0;
  const walk = (n: Container): void => {
    displayObjects++;
    for (const child of n.children) walk(child);
  };
  walk(stage.app.stage);
  // Pixi's list keeps a null where a texture was released (until 10 000 of them pile up): only the live ones count.
  const managed = (stage.app.renderer as { texture?: { managedTextures?: readonly (SourceLike | null)[] } }).texture
    ?.managedTextures;
  const textures = managed?.filter((s): s is SourceLike => s !== null && s !== undefined);
  const textureKinds: Record<string, number> = {};
  for (const s of textures ?? []) {
    const kind = kindOf(s);
    textureKinds[kind] = (textureKinds[kind] ?? 0) + 1;
  }
  const memory = (performance as { memory?: { usedJSHeapSize: number } }).memory;
  return {
    displayObjects,
    gpuTextures: textures ? textures.length : -1,
    tweens: gsap.globalTimeline.getChildren(true, true, true).length,
    buttons: Button.all.size,
    heapBytes: memory ? memory.usedJSHeapSize : -1,
    fps: stage.app.ticker.FPS,
    textureKinds,
  };
}
