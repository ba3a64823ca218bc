import { Fraction } from './fraction';
import type { PrizeTable } from './prize-table';
import { RULES, type Rules } from './rules';

/** The exact odds of one round, derived from the rules by walking every way a round can go. */
export interface RoundOdds {
  /** The egg under the first hen lifted (pays A1). */
  readonly pFirstPick: Fraction;
  /** The egg under a later hen (pays A2). */
  readonly pLaterPick: Fraction;
  readonly pWin: Fraction;
  /** Mean number of hens lifted in a round. */
  readonly meanPicks: Fraction;
}

export interface TicketOdds {
  readonly round: RoundOdds;
  /** A lost first round, then the chosen haystack holds the Extra. */
  readonly pExtra: Fraction;
  readonly pA1: Fraction;
  readonly pA2: Fraction;
  readonly pWin: Fraction;
  /** Mean hens lifted over a whole ticket (both rounds). */
  readonly meanPicksPerTicket: Fraction;
}

export interface TableOdds extends TicketOdds {
  /** Expected payout of a whole block, in cents. */
  readonly blockPayoutCents: Fraction;
  /** Expected payout of one ticket, in cents. */
  readonly ticketPayoutCents: Fraction;
  /** Payout over stakes. */
  readonly rtp: Fraction;
}

interface Outlook {
  first: Fraction;
  later: Fraction;
  picks: Fraction;
}

export function roundOdds(rules: Rules = RULES): RoundOdds {
  const memo = new Map<string, Outlook>();
  // From a position (undiscovered counts, picks left, picks made), the chance to win now or later and the picks to come.
  const walk = (eggs: number, chicks: number, empties: number, picksLeft: number, made: number): Outlook => {
    const total = eggs + chicks + empties;
    if (picksLeft === 0 || total === 0 || eggs === 0) {
      return { first: Fraction.ZERO, later: Fraction.ZERO, picks: Fraction.ZERO };
    }
    const key = `${eggs},${chicks},${empties},${picksLeft},${made > 0 ? 1 : 0}`;
    const known = memo.get(key);
    if (known) return known;
    const t = Fraction.of(total);
    let first = Fraction.ZERO;
    let later = Fraction.ZERO;
    let picks = Fraction.ONE;
    const pEgg = Fraction.of(eggs).div(t);
    if (made === 0) first = pEgg;
    else later = pEgg;
    const branch = (count: number, next: Outlook): void => {
      const p = Fraction.of(count).div(t);
      first = first.add(p.mul(next.first));
      later = later.add(p.mul(next.later));
      picks = picks.add(p.mul(next.picks));
    };
    // A chick uses the pick and gives one back (art. 3.2.4); an empty cell uses it (art. 3.2.2.5).
    if (chicks > 0) branch(chicks, walk(eggs, chicks - 1, empties, picksLeft, made + 1));
    if (empties > 0) branch(empties, walk(eggs, chicks, empties - 1, picksLeft - 1, made + 1));
    const outlook = { first, later, picks };
    memo.set(key, outlook);
    return outlook;
  };
  const o = walk(rules.eggs, rules.chicks, rules.empties, rules.picksAtStart, 0);
  return { pFirstPick: o.first, pLaterPick: o.later, pWin: o.first.add(o.later), meanPicks: o.picks };
}

export function ticketOdds(rules: Rules = RULES): TicketOdds {
  const round = roundOdds(rules);
  const pLost = Fraction.ONE.sub(round.pWin);
  // art. 3.2.5: after a lost first round, one haystack in `haystacks` holds the Extra; offered once.
  const pExtra = rules.extraRounds > 0 ? pLost.mul(Fraction.of(1, rules.haystacks)) : Fraction.ZERO;
  const rounds = Fraction.ONE.add(pExtra);
  const pA1 = round.pFirstPick.mul(rounds);
  const pA2 = round.pLaterPick.mul(rounds);
  return { round, pExtra, pA1, pA2, pWin: pA1.add(pA2), meanPicksPerTicket: round.meanPicks.mul(rounds) };
}

export function tableOdds(table: PrizeTable, rules: Rules = RULES): TableOdds {
  const t = ticketOdds(rules);
  let block = Fraction.ZERO;
  for (const row of table.rows) {
    const perTicket = Fraction.of(row.a1Cents).mul(t.pA1).add(Fraction.of(row.a2Cents).mul(t.pA2));
    block = block.add(perTicket.mul(Fraction.of(row.count)));
  }
  const stakes = Fraction.of(rules.blockSize * rules.ticketPriceCents);
  return {
    ...t,
    blockPayoutCents: block,
    ticketPayoutCents: block.div(Fraction.of(rules.blockSize)),
    rtp: block.div(stakes),
  };
}
