/**
 * How big a win's party is, from the prize alone (cosmetic: it never changes what was won): `tier` is about 0 for a
 * few euros, 1 at 10 €, 2 at 100 €, 4.5 at 30 000 €; more waves and more particles in each as it grows, bounded so
 * a jackpot never costs frames.
 */
export function partySize(prizeCents: number): {
  readonly tier: number;
  readonly waves: number;
  readonly perWave: number;
} {
  const tier = Math.max(0, Math.log10(Math.max(1, prizeCents / 100)));
  return { tier, waves: Math.min(4, 1 + Math.floor(tier)), perWave: Math.round(Math.min(44, 18 + 6 * tier)) };
}

/** A rectangle in the result's units (the layout's design units). */
export interface PartyRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where a coin of the party flies: out of `from` (tucked under the card's edge, so it pops out from behind it), up to
 * `apex`, down to `to`; `fade` when it ends in the open (it fades out as it falls), not when it ends back under the card.
 */
export interface PartyFlight {
  readonly from: { readonly x: number; readonly y: number };
  readonly apex: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
  readonly fade: boolean;
}

/** How deep under the card's edge a coin starts (and ends when it falls back): a coin is up to about 100 units wide. */
const TUCK = 60;

/**
 * The party's fountains: out of the card's two sides when the screen has room beside the card (landscape), out of
 * its top edge when it has room above it (portrait). The coins stay in that room, near the card: the screen redraws
 * only what changes (src/scene/damage-painter.ts), and coins over the whole screen made the party's frames whole
 * ones, four times the cost of a frame of the scene around them. `rand` gives numbers in [0, 1).
 */
export function partyFlight(
  screen: { readonly width: number; readonly height: number },
  card: PartyRect,
  /** The fountain (0 or 1: left or right). */
  side: 0 | 1,
  rand: () => number,
): PartyFlight {
  const beside = Math.min(card.x, screen.width - card.x - card.width);
  const above = card.y;
  const mid = card.y + card.height * 0.4;
  if (beside >= above) {
    // Out of a side, at the amount's height: out and up, then falling, fading before the screen's bottom.
    const dir = side === 0 ? -1 : 1;
    const edge = side === 0 ? card.x : card.x + card.width;
    const x0 = edge - dir * TUCK;
    const x2 = edge + dir * Math.min(beside - 50, beside * (0.2 + 0.75 * rand()));
    const y1 = mid - (70 + 140 * rand());
    return {
      from: { x: x0, y: mid },
      apex: { x: x0 + (x2 - x0) * 0.45, y: y1 },
      to: { x: x2, y: mid + 60 + 120 * rand() },
      fade: true,
    };
  }
  // Out of the top edge, near a corner: up into the room above the card, and back down behind it.
  const fx = card.x + card.width * (side === 0 ? 0.22 : 0.78);
  const x2 = fx + (rand() < 0.7 === (side === 0) ? -1 : 1) * (40 + 160 * rand());
  const y0 = card.y + TUCK;
  return {
    from: { x: fx, y: y0 },
    apex: { x: fx + (x2 - fx) * 0.45, y: card.y - above * (0.3 + 0.45 * rand()) },
    to: { x: x2, y: y0 },
    fade: false,
  };
}
