import gsap from 'gsap';
import type { Container } from 'pixi.js';
import { art, artSize } from '../art';
import type { ArtName } from '../assets';
import { partySize } from '../party-size';

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
 * Coins, feathers and stars over the whole screen, in waves: a burst out of the amount, two fountains from the
 * bottom corners and, from 100 €, a rain of coins from the top. The bigger the prize, the more waves and the more
 * particles in each (bounded, so a jackpot never costs frames). `prizeCents` only sets the size of the party;
 * `origin` is where the amount is shown, in the layer's units.
 */
export function celebrate(
  layer: Container,
  width: number,
  height: number,
  prizeCents: number,
  origin: { readonly x: number; readonly y: number },
): gsap.core.Timeline {
  const { tier, waves, perWave } = partySize(prizeCents);
  const rand = scatter(prizeCents);
  const kinds: ArtName[] = tier >= 2 ? ['coin', 'coin', 'star', 'feather'] : ['coin', 'star', 'feather'];
  const tl = gsap.timeline();
  let n = 0;
  const particle = (): Container => {
    const kind = kinds[n++ % kinds.length]!;
    const p = art(kind);
    const [w, h] = artSize(kind); // known before the file arrives, unlike the sprite's own size
    p.pivot.set(w / 2, h / 2);
    p.scale.set(0.7 + rand() * 0.9);
    layer.addChild(p);
    return p;
  };
  const end = (p: Container, at: number): void => void tl.call(() => void (p.destroyed || p.destroy()), [], at);

  for (let w = 0; w < waves; w++) {
    const t0 = w * 0.9;
    // A burst out of the amount: everything flies outwards and falls off the screen.
    for (let i = 0; i < perWave / 2; i++) {
      const p = particle();
      p.position.set(origin.x, origin.y);
      const a = rand() * Math.PI * 2;
      const r = (0.25 + rand() * 0.35) * Math.max(width, height);
      const t = t0 + rand() * 0.25;
      tl.fromTo(p.scale, { x: 0, y: 0 }, { x: p.scale.x, y: p.scale.y, duration: 0.25, ease: 'back.out(2)' }, t);
      tl.to(p, { x: origin.x + Math.cos(a) * r, duration: 1.6, ease: 'power2.out' }, t);
      tl.to(p, { y: origin.y + Math.sin(a) * r * 0.6, duration: 0.6, ease: 'power2.out' }, t);
      tl.to(p, { y: height + 80, duration: 1.0, ease: 'power2.in' }, t + 0.6);
      tl.to(p, { rotation: (rand() - 0.5) * 10, duration: 1.6, ease: 'none' }, t);
      end(p, t + 1.65);
    }
    // Two fountains from the bottom corners, arcing in over the screen.
    for (let i = 0; i < perWave / 2; i++) {
      const left = i % 2 === 0;
      const p = particle();
      const x0 = left ? -20 : width + 20;
      p.position.set(x0, height + 40);
      const t = t0 + 0.1 + rand() * 0.5;
      const x1 = left ? width * (0.15 + rand() * 0.6) : width * (0.25 + rand() * 0.6);
      tl.to(p, { x: x1, duration: 1.9, ease: 'none' }, t);
      tl.to(p, { y: height * (0.08 + rand() * 0.4), duration: 0.85, ease: 'power2.out' }, t);
      tl.to(p, { y: height + 80, duration: 1.05, ease: 'power2.in' }, t + 0.85);
      tl.to(p, { rotation: (rand() - 0.5) * 12, duration: 1.9, ease: 'none' }, t);
      end(p, t + 1.95);
    }
    // From 100 €: coins rain from the top as well.
    if (tier >= 2) {
      for (let i = 0; i < perWave / 2; i++) {
        const p = art('coin');
        p.pivot.set(32, 32); // coin.svg is 64×64
        p.scale.set(0.6 + rand() * 0.7);
        layer.addChild(p);
        p.position.set(width * rand(), -60 - rand() * 200);
        const t = t0 + rand() * 0.8;
        tl.to(
          p,
          {
            y: height + 80,
            x: p.x + (rand() - 0.5) * 200,
            rotation: (rand() - 0.5) * 8,
            duration: 1.6 + rand() * 0.6,
            ease: 'power1.in',
          },
          t,
        );
        end(p, t + 2.3);
      }
    }
  }
  return tl;
}
