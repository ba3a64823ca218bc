import gsap from 'gsap';
import type { Container } from 'pixi.js';
import { art, artSize } from '../art';
import type { ArtName } from '../assets';
import { type PartyRect, partyFlight, partySize } from '../party-size';

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
 * Coins, feathers and stars out of the result's card, in waves: two fountains, out of its sides when the screen has
 * room beside it (landscape), out of its top edge when it has room above it (portrait). The bigger the prize, the more
 * waves and the more particles in each (bounded, so a jackpot never costs frames). `prizeCents` only sets the size of
 * the party; `card` is where the card stands, in the layer's units (the layer is drawn under it). The coins stay in
 * the room beside the card (src/scene/party-size.ts, partyFlight): the screen redraws only what changes.
 */
export function celebrate(
  layer: Container,
  width: number,
  height: number,
  prizeCents: number,
  card: PartyRect,
): gsap.core.Timeline {
  const { tier, waves, perWave } = partySize(prizeCents);
  const rand = scatter(prizeCents);
  const kinds: ArtName[] = tier >= 2 ? ['coin', 'coin', 'star', 'feather'] : ['coin', 'star', 'feather'];
  const tl = gsap.timeline();
  let n = 0;
  for (let w = 0; w < waves; w++) {
    const t0 = w * 0.9;
    // Each fountain throws its coins one after the other over 0.75 s: a stream, not a single burst.
    for (let i = 0; i < perWave; i++) {
      const kind = kinds[n++ % kinds.length]!;
      const p = art(kind);
      const [pw, ph] = artSize(kind); // known before the file arrives, unlike the sprite's own size
      p.pivot.set(pw / 2, ph / 2);
      const size = 0.7 + rand() * 0.8;
      layer.addChild(p);
      const f = partyFlight({ width, height }, card, (i % 2) as 0 | 1, rand);
      p.position.set(f.from.x, f.from.y);
      p.scale.set(0);
      const t = t0 + (i / perWave) * 0.75 + rand() * 0.08;
      const up = 0.5 + rand() * 0.15;
      const down = 0.6 + rand() * 0.2;
      tl.to(p.scale, { x: size, y: size, duration: 0.25, ease: 'back.out(2)' }, t);
      tl.to(p, { x: f.to.x, duration: up + down, ease: 'none' }, t);
      tl.to(p, { y: f.apex.y, duration: up, ease: 'power2.out' }, t);
      tl.to(p, { y: f.to.y, duration: down, ease: 'power2.in' }, t + up);
      tl.to(p, { rotation: (rand() - 0.5) * 8, duration: up + down, ease: 'none' }, t);
      if (f.fade) tl.to(p, { alpha: 0, duration: 0.3, ease: 'power1.in' }, t + up + down - 0.3);
      tl.call(() => void (p.destroyed || p.destroy()), [], t + up + down + 0.02);
    }
  }
  return tl;
}
