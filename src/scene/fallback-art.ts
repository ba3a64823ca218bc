import { Graphics } from 'pixi.js';
import type { ArtName } from './assets';

/**
 * Stand-in shapes drawn when a picture did not load, in the picture's own size (so layout is unchanged). They keep
 * the game playable and readable; the shipped game uses the SVG art.
 */
export const ART_SIZE: Record<ArtName, readonly [number, number]> = {
  hen: [256, 256],
  'hen-lifted': [256, 256],
  'egg-gold': [128, 160],
  'egg-shine': [64, 64],
  chick: [128, 128],
  'nest-empty': [192, 96],
  nest: [224, 96],
  haystack: [256, 224],
  'haystack-open': [256, 224],
  farmyard: [1920, 1080],
  'farmyard-portrait': [1080, 1920],
  logo: [1000, 500],
  ticket: [900, 360],
  'scratch-cover': [760, 200],
  button: [360, 110],
  'icon-sound-on': [96, 96],
  'icon-sound-off': [96, 96],
  'icon-menu': [96, 96],
  'icon-rules': [96, 96],
  feather: [32, 32],
  straw: [32, 32],
  coin: [64, 64],
  star: [64, 64],
};

function hen(g: Graphics, lifted: boolean): void {
  if (!lifted) g.ellipse(128, 200, 100, 34).fill(0xc8892e);
  g.ellipse(128, 140, 78, 66).fill(0xfff6e6).stroke({ width: 5, color: 0x6b3d14 });
  g.circle(128, 70, 38).fill(0xfff6e6).stroke({ width: 5, color: 0x6b3d14 });
  g.circle(128, 34, 14).fill(0xd7263d);
  g.poly([128, 78, 148, 86, 128, 94]).fill(0xf29f05);
  g.circle(114, 64, 5).fill(0x2b1a0e);
  g.circle(142, 64, 5).fill(0x2b1a0e);
  if (lifted) {
    g.ellipse(54, 120, 30, 50).fill(0xf3e2c7);
    g.ellipse(202, 120, 30, 50).fill(0xf3e2c7);
  }
}

const DRAW: Partial<Record<ArtName, (g: Graphics) => void>> = {
  hen: (g) => hen(g, false),
  'hen-lifted': (g) => hen(g, true),
  'egg-gold': (g) => g.ellipse(64, 84, 50, 68).fill(0xf5c542).stroke({ width: 6, color: 0xa4760d }),
  'egg-shine': (g) => g.star(32, 32, 4, 30, 8).fill({ color: 0xffffff, alpha: 0.9 }),
  chick: (g) => {
    g.circle(64, 76, 44).fill(0xffe14d).circle(64, 40, 26).fill(0xffe14d);
    g.poly([64, 42, 80, 48, 64, 54]).fill(0xf29f05).circle(56, 36, 4).fill(0x2b1a0e);
  },
  'nest-empty': (g) => g.ellipse(96, 52, 90, 38).fill(0xc8892e).ellipse(96, 40, 70, 16).fill(0x6b3d14),
  nest: (g) => g.ellipse(112, 52, 104, 40).fill(0xd99a32).ellipse(112, 34, 86, 14).fill(0x6b3d14),
  haystack: (g) => g.ellipse(128, 140, 118, 84).fill(0xe9c15b).stroke({ width: 6, color: 0x9c6b1b }),
  'haystack-open': (g) => g.ellipse(128, 190, 122, 30).fill(0xe9c15b).stroke({ width: 6, color: 0x9c6b1b }),
  farmyard: (g) => g.rect(0, 0, 1920, 1080).fill(0x8fd16a).rect(0, 0, 1920, 300).fill(0x9fd8f5),
  'farmyard-portrait': (g) => g.rect(0, 0, 1080, 1920).fill(0x8fd16a).rect(0, 0, 1080, 420).fill(0x9fd8f5),
  ticket: (g) => g.roundRect(0, 0, 900, 360, 36).fill(0xfff3d1).stroke({ width: 8, color: 0xb8860b }),
  'scratch-cover': (g) => g.roundRect(0, 0, 760, 200, 24).fill(0xb9b9c3),
  button: (g) => g.roundRect(0, 0, 360, 110, 55).fill(0xf2a30f).stroke({ width: 8, color: 0x7a4a06 }),
  'icon-sound-on': (g) =>
    g.poly([20, 36, 40, 36, 62, 16, 62, 80, 40, 60, 20, 60]).fill(0xffffff).circle(74, 48, 6).fill(0xffffff),
  'icon-sound-off': (g) =>
    g.poly([20, 36, 40, 36, 62, 16, 62, 80, 40, 60, 20, 60]).fill(0xffffff).rect(68, 44, 20, 8).fill(0xffffff),
  'icon-menu': (g) =>
    g.rect(20, 26, 56, 10).fill(0xffffff).rect(20, 44, 56, 10).fill(0xffffff).rect(20, 62, 56, 10).fill(0xffffff),
  'icon-rules': (g) =>
    g
      .circle(48, 48, 34)
      .stroke({ width: 8, color: 0xffffff })
      .rect(44, 40, 8, 30)
      .fill(0xffffff)
      .circle(48, 28, 5)
      .fill(0xffffff),
  feather: (g) => g.ellipse(16, 16, 6, 15).fill(0xfff6e6),
  straw: (g) => g.rect(0, 14, 32, 4).fill(0xe9c15b),
  coin: (g) => g.circle(32, 32, 28).fill(0xf5c542).stroke({ width: 5, color: 0xa4760d }),
  star: (g) => g.star(32, 32, 5, 30, 13).fill(0xfff07a),
};

export function drawFallback(name: ArtName): Graphics {
  const g = new Graphics();
  const draw = DRAW[name];
  if (draw) draw(g);
  else g.rect(0, 0, ...ART_SIZE[name]).fill({ color: 0xffffff, alpha: 0.2 });
  return g;
}
