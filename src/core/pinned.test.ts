// Pinned sequences: a given seed gives a given sequence of events. A change here means the draws changed (their order,
// their number or their scaling), which changes every seeded demo and test: it must be deliberate.
import { describe, expect, it } from 'vitest';
import { BlockDealer } from './block';
import type { GameEvent } from './events';
import { Game } from './game';
import { serializeJournal } from './journal';
import { DEFAULT_PRIZE_TABLE } from './prize-table';
import { SeededSource } from './seeded-source';
import { lowestHenBot, playToEnd, randomBot, type TestBot } from './test-support/play';
import { formatSerial } from './ticket';

const CELL = { egg: 'O', chick: 'c', empty: '.' } as const;

/** One line per event, so a snapshot diff reads like the game. Boards: O egg, c chick, . empty. */
function line(e: GameEvent): string {
  switch (e.type) {
    case 'ticketIssued':
      return `ticketIssued ${formatSerial(e.ticket.serial)} A1=${e.ticket.a1Cents} A2=${e.ticket.a2Cents} ${e.draws}`;
    case 'scratchRevealed':
      return `scratchRevealed A1=${e.a1Cents} A2=${e.a2Cents}`;
    case 'roundStarted':
      return `roundStarted ${e.round} picks=${e.picksLeft}`;
    case 'henLifted':
      return `henLifted r${e.round} #${e.pick} hen ${e.hen}: ${e.element}, picks=${e.picksLeft}`;
    case 'roundWon':
      return `roundWon r${e.round} ${e.prize} ${e.prizeCents}`;
    case 'roundLost':
      return `roundLost r${e.round} ${e.board.map((x) => CELL[x]).join('')}`;
    case 'haystacksOffered':
      return `haystacksOffered ${e.haystacks}`;
    case 'haystackOpened':
      return `haystackOpened chosen ${e.chosen}, Extra at ${e.extraAt}${e.extraWon ? ': won' : ''}`;
    case 'ticketEnded':
      return `ticketEnded ${e.outcome} ${e.prizeCents}`;
  }
}

/** A real flow on one seeded source: deal a ticket from a fresh block, then play it. */
function pinned(seed: number, bot: TestBot): readonly GameEvent[] {
  const source = SeededSource.fromSeed(seed);
  const ticket = new BlockDealer(DEFAULT_PRIZE_TABLE).deal(source);
  return playToEnd(Game.start(ticket, source), bot).journal;
}

describe('pinned seeds', () => {
  it('seed 42, hens chosen by the random bot seeded 4242', async () => {
    const journal = pinned(42, randomBot(4242));
    expect(journal.map(line)).toMatchInlineSnapshot(`
      [
        "ticketIssued 000001-000001 A1=400 A2=200 seeded",
        "scratchRevealed A1=400 A2=200",
        "roundStarted 1 picks=3",
        "henLifted r1 #1 hen 19: empty, picks=2",
        "henLifted r1 #2 hen 22: chick, picks=2",
        "henLifted r1 #3 hen 3: empty, picks=1",
        "henLifted r1 #4 hen 11: chick, picks=1",
        "henLifted r1 #5 hen 2: chick, picks=1",
        "henLifted r1 #6 hen 21: empty, picks=0",
        "roundLost r1 ccc...c..c.c..cc.cc.c.cc.ccOcc",
        "haystacksOffered 5",
        "haystackOpened chosen 0, Extra at 3",
        "ticketEnded lost 0",
      ]
    `);
    await expect(serializeJournal(journal)).toMatchFileSnapshot('./test-support/pinned/seed-42.journal.json');
  });

  // Seeds 3, 4 and 13 were found by searching for these paths (with the code of 2026-12-03); now they are pinned.
  it('seed 3, lowest hen first: round 1 lost, the Extra won, round 2 won with A2', () => {
    expect(pinned(3, lowestHenBot).map(line)).toMatchInlineSnapshot(`
      [
        "ticketIssued 000001-000001 A1=1000 A2=300 seeded",
        "scratchRevealed A1=1000 A2=300",
        "roundStarted 1 picks=3",
        "henLifted r1 #1 hen 0: chick, picks=3",
        "henLifted r1 #2 hen 1: chick, picks=3",
        "henLifted r1 #3 hen 2: chick, picks=3",
        "henLifted r1 #4 hen 3: empty, picks=2",
        "henLifted r1 #5 hen 4: empty, picks=1",
        "henLifted r1 #6 hen 5: chick, picks=1",
        "henLifted r1 #7 hen 6: empty, picks=0",
        "roundLost r1 ccc..c..c.cccc..cccc.c.c..c.Oc",
        "haystacksOffered 5",
        "haystackOpened chosen 0, Extra at 0: won",
        "roundStarted 2 picks=3",
        "henLifted r2 #1 hen 0: chick, picks=3",
        "henLifted r2 #2 hen 1: empty, picks=2",
        "henLifted r2 #3 hen 2: egg, picks=1",
        "roundWon r2 A2 300",
        "ticketEnded won 300",
      ]
    `);
  });

  it('seed 4, lowest hen first: round 1 won with A2', () => {
    expect(pinned(4, lowestHenBot).map(line)).toMatchInlineSnapshot(`
      [
        "ticketIssued 000001-000001 A1=1000 A2=300 seeded",
        "scratchRevealed A1=1000 A2=300",
        "roundStarted 1 picks=3",
        "henLifted r1 #1 hen 0: empty, picks=2",
        "henLifted r1 #2 hen 1: chick, picks=2",
        "henLifted r1 #3 hen 2: chick, picks=2",
        "henLifted r1 #4 hen 3: empty, picks=1",
        "henLifted r1 #5 hen 4: chick, picks=1",
        "henLifted r1 #6 hen 5: egg, picks=0",
        "roundWon r1 A2 300",
        "ticketEnded won 300",
      ]
    `);
  });

  it('seed 13, lowest hen first: the Extra won, round 2 lost', () => {
    expect(pinned(13, lowestHenBot).map(line)).toMatchInlineSnapshot(`
      [
        "ticketIssued 000001-000001 A1=1000 A2=300 seeded",
        "scratchRevealed A1=1000 A2=300",
        "roundStarted 1 picks=3",
        "henLifted r1 #1 hen 0: empty, picks=2",
        "henLifted r1 #2 hen 1: chick, picks=2",
        "henLifted r1 #3 hen 2: empty, picks=1",
        "henLifted r1 #4 hen 3: chick, picks=1",
        "henLifted r1 #5 hen 4: empty, picks=0",
        "roundLost r1 .c.c.O..c..ccc.cccc.ccc.cccc..",
        "haystacksOffered 5",
        "haystackOpened chosen 0, Extra at 0: won",
        "roundStarted 2 picks=3",
        "henLifted r2 #1 hen 0: chick, picks=3",
        "henLifted r2 #2 hen 1: empty, picks=2",
        "henLifted r2 #3 hen 2: empty, picks=1",
        "henLifted r2 #4 hen 3: chick, picks=1",
        "henLifted r2 #5 hen 4: chick, picks=1",
        "henLifted r2 #6 hen 5: empty, picks=0",
        "roundLost r2 c..cc.cccOc..c.c.c.cc.c..cccc.",
        "ticketEnded lost 0",
      ]
    `);
  });

  it('the first ten tickets dealt from seed 42', () => {
    const source = SeededSource.fromSeed(42);
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const tickets = Array.from({ length: 10 }, () => dealer.deal(source)).map(
      (t) => `${formatSerial(t.serial)} ${t.a1Cents}/${t.a2Cents}`,
    );
    expect(tickets).toMatchInlineSnapshot(`
      [
        "000001-000001 400/200",
        "000001-000002 1000/300",
        "000001-000003 400/200",
        "000001-000004 2000/500",
        "000001-000005 2000/500",
        "000001-000006 1000/300",
        "000001-000007 400/200",
        "000001-000008 1000/300",
        "000001-000009 400/200",
        "000001-000010 400/200",
      ]
    `);
  });
});
