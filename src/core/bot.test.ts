import { describe, expect, it } from 'vitest';
import { BlockDealer } from './block';
import { chooseHaystack, chooseHen } from './bot';
import type { GameEvent } from './events';
import { playTicket } from './play-ticket';
import { DEFAULT_PRIZE_TABLE } from './prize-table';
import type { RandomSource } from './random-source';
import { RULES } from './rules';
import { SeededSource } from './seeded-source';

/** A source that hands out the given values, then fails: shows exactly which draws the bot makes. */
function scripted(values: number[]): RandomSource {
  return {
    kind: 'seeded',
    nextUint32: () => {
      const v = values.shift();
      if (v === undefined) throw new Error('no more scripted draws');
      return v;
    },
  };
}

describe('the bot', () => {
  it('chooses only hens still down, each equally often', () => {
    const down = [3, 7, 11, 29];
    const source = SeededSource.fromSeed(1);
    const seen = new Map<number, number>();
    for (let i = 0; i < 40_000; i++) {
      const hen = chooseHen(down, source);
      seen.set(hen, (seen.get(hen) ?? 0) + 1);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(down);
    // 10,000 expected each; 4 SE ≈ 350.
    for (const count of seen.values()) expect(Math.abs(count - 10_000)).toBeLessThan(350);
  });

  it('draws from the source it is given, once per choice', () => {
    expect(chooseHen([4, 5, 6], scripted([2]))).toBe(6);
    expect(chooseHen([4, 5, 6], scripted([0]))).toBe(4);
    expect(chooseHaystack(5, scripted([3]))).toBe(3);
  });

  it('refuses to choose when every hen is lifted', () => {
    expect(() => chooseHen([], SeededSource.fromSeed(1))).toThrow(/every hen/);
  });

  it('chooses every haystack equally often', () => {
    const source = SeededSource.fromSeed(2);
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 50_000; i++) counts[chooseHaystack(5, source)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});

describe('playTicket', () => {
  const hensOf = (journal: readonly GameEvent[], round: number): number[] =>
    journal.flatMap((e) => (e.type === 'henLifted' && e.round === round ? [e.hen] : []));

  it('plays tickets to their end through the commands, never lifting a hen twice', () => {
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const source = SeededSource.fromSeed(3);
    const bot = SeededSource.fromSeed(4);
    for (let i = 0; i < 2000; i++) {
      const played = playTicket(dealer, source, bot);
      const journal = played.game.journal;
      const last = journal[journal.length - 1]!;
      expect(last.type).toBe('ticketEnded');
      expect(played.game.snapshot().phase).toBe('ended');
      if (last.type === 'ticketEnded') expect(played.prizeCents).toBe(last.prizeCents);
      const won = journal.find((e) => e.type === 'roundWon');
      expect(played.prize).toBe(won?.type === 'roundWon' ? won.prize : null);
      expect(played.extraWon).toBe(journal.some((e) => e.type === 'haystackOpened' && e.extraWon));
      for (const round of [1, 2]) {
        const hens = hensOf(journal, round);
        expect(new Set(hens).size).toBe(hens.length);
      }
    }
  });

  it('takes no game draw: the hens it chooses change where things are, not what is drawn', () => {
    // Until the haystack is chosen (whose choice decides whether an Extra round follows), the elements drawn and
    // the Extra's haystack are the same whichever hens the bot lifts.
    const drawn = (ticketSeed: number, botSeed: number): string[] => {
      const played = playTicket(
        new BlockDealer(DEFAULT_PRIZE_TABLE),
        SeededSource.fromSeed(ticketSeed),
        SeededSource.fromSeed(botSeed),
      );
      const out: string[] = [];
      for (const e of played.game.journal) {
        if (e.type === 'henLifted') out.push(e.element);
        else if (e.type === 'haystackOpened') {
          out.push(`extraAt ${e.extraAt}`);
          break;
        } else out.push(e.type);
      }
      return out;
    };
    const hens = (ticketSeed: number, botSeed: number): number[] =>
      playTicket(
        new BlockDealer(DEFAULT_PRIZE_TABLE),
        SeededSource.fromSeed(ticketSeed),
        SeededSource.fromSeed(botSeed),
      ).game.journal.flatMap((e) => (e.type === 'henLifted' ? [e.hen] : []));
    let differentHens = 0;
    for (let ticket = 0; ticket < 300; ticket++) {
      expect(drawn(ticket, 100 + ticket)).toEqual(drawn(ticket, 5000 + ticket));
      if (hens(ticket, 100 + ticket).join() !== hens(ticket, 5000 + ticket).join()) differentHens++;
    }
    // ...while the hens chosen do follow the bot's own source.
    expect(differentHens).toBeGreaterThan(290);
  });

  it('refuses nothing and uses the rules it is given', () => {
    const rules = { ...RULES, hens: 30, picksAtStart: 1 };
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE, undefined, rules);
    const played = playTicket(dealer, SeededSource.fromSeed(5), SeededSource.fromSeed(6), rules);
    const lifted = played.game.journal.filter((e) => e.type === 'henLifted').length;
    expect(lifted).toBeGreaterThanOrEqual(1);
  });
});
