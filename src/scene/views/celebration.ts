import { Container } from 'pixi.js';
import gsap from 'gsap';
import { art } from '../art';
import type { ArtName } from '../assets';

/** A small fixed generator for the particles' scatter, so a celebration looks the same at each run (cosmetic only). */
function scatter(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Coins, feathers and stars bursting over the board; the bigger the prize, the more (and the longer) they fly.
 * `prizeCents` only sets the size of the party.
 */
export function celebrate(layer: Container, width: number, height: number, prizeCents: number): gsap.core.Timeline {
  const euros = prizeCents / 100;
  const count = Math.round(Math.min(140, 24 + 22 * Math.log10(Math.max(1, euros))));
  const rand = scatter(prizeCents);
  const kinds: ArtName[] = euros >= 100 ? ['coin', 'coin', 'star', 'feather'] : ['coin', 'feather', 'star'];
  const tl = gsap.timeline();
  for (let i = 0; i < count; i++) {
    const p = art(kinds[i % kinds.length]!);
    p.pivot.set(p.width / 2, p.height / 2);
    const s = 0.6 + rand() * 0.9;
    p.scale.set(s);
    p.position.set(width * (0.2 + rand() * 0.6), height + 60);
    layer.addChild(p);
    const peak = height * (0.05 + rand() * 0.45);
    const dx = (rand() - 0.5) * width * 0.7;
    const t0 = rand() * (0.6 + Math.min(1.6, euros / 400));
    tl.to(p, { y: peak, duration: 0.8, ease: 'power2.out' }, t0);
    tl.to(p, { x: p.x + dx, rotation: (rand() - 0.5) * 12, duration: 2.2, ease: 'none' }, t0);
    tl.to(p, { y: height + 80, duration: 1.4, ease: 'power2.in' }, t0 + 0.8);
    tl.call(() => void (p.destroyed || p.destroy()), [], t0 + 2.25);
  }
  return tl;
}
