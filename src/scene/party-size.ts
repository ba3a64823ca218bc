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
