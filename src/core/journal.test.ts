// The journal: every draw is an event, the state is its fold, a game rebuilt from its serialised journal is the same
// game and draws nothing, and an edited or malformed journal is refused.
import { describe, expect, it } from 'vitest';
import { CryptoSource } from './crypto-source';
import type { GameEvent } from './events';
import { Game } from './game';
import { checkJournal, parseJournal, serializeJournal } from './journal';
import { SeededSource } from './seeded-source';
import { accepted, eventsOf, findSeed, lowestHenBot, randomBot, TEST_TICKET, type TestBot } from './test-support/play';
import { ThrowingSource } from './test-support/sources';

/** Parses text that must be a valid journal. */
function parsed(text: string): GameEvent[] {
  const r = parseJournal(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Rebuilds a game from a journal with a source that throws if asked for anything. */
function resumed(journal: readonly GameEvent[]): Game {
  const r = Game.fromJournal(
    journal,
    new ThrowingSource(journal[0]?.type === 'ticketIssued' ? journal[0].draws : 'seeded'),
  );
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The bot's next command in a game, sent; false once the game has ended. */
function step(game: Game, bot: TestBot): boolean {
  const s = game.snapshot();
  if (s.phase === 'ended') return false;
  if (s.phase === 'scratch') accepted(game.reveal());
  else if (s.phase === 'round') accepted(game.pick(bot.hen(s)));
  else accepted(game.chooseHaystack(bot.haystack(s)));
  return true;
}

const has =
  (type: GameEvent['type'], test: (e: GameEvent) => boolean = () => true) =>
  (j: readonly GameEvent[]) =>
    j.some((e) => e.type === type && test(e));
const PATHS: Record<string, number> = {
  'won at the first pick': findSeed(
    (j) => has('roundWon', (e) => e.type === 'roundWon' && e.prize === 'A1')(j) && !has('roundLost')(j),
  ),
  'won later': findSeed(
    (j) => has('roundWon', (e) => e.type === 'roundWon' && e.prize === 'A2')(j) && !has('roundLost')(j),
  ),
  'haystack missed': findSeed(has('haystackOpened', (e) => e.type === 'haystackOpened' && !e.extraWon)),
  'Extra won then won': findSeed(
    (j) => has('roundStarted', (e) => e.type === 'roundStarted' && e.round === 2)(j) && has('roundWon')(j),
  ),
  'Extra won then lost': findSeed(has('roundLost', (e) => e.type === 'roundLost' && e.round === 2)),
};
const journalOf = (seed: number): readonly GameEvent[] => {
  const game = Game.start(TEST_TICKET, SeededSource.fromSeed(seed));
  while (step(game, lowestHenBot));
  return game.journal;
};

describe('a round trip through text', () => {
  it.each(Object.entries(PATHS))('gives the same game at every step, drawing nothing: %s (seed %i)', (_, seed) => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(seed));
    do {
      const text = serializeJournal(game.journal);
      const copy = resumed(parsed(text));
      expect(copy.snapshot()).toEqual(game.snapshot());
      expect(copy.journal).toEqual(game.journal);
      expect(serializeJournal(copy.journal)).toBe(text);
    } while (step(game, lowestHenBot));
  });

  it('a resumed seeded game, continued with the same source state, makes the same events as the uninterrupted one', () => {
    for (const seed of Object.values(PATHS)) {
      const whole = journalOf(seed);
      // Stop after each command in turn, save, resume, and play on.
      for (let stopAfter = 0; ; stopAfter++) {
        const source = SeededSource.fromSeed(seed);
        const first = Game.start(TEST_TICKET, source);
        let going = true;
        for (let i = 0; i < stopAfter && going; i++) going = step(first, lowestHenBot);
        const saved = { journal: serializeJournal(first.journal), source: JSON.stringify(source.state()) };
        const again = Game.fromJournal(
          parsed(saved.journal),
          SeededSource.fromState(JSON.parse(saved.source) as ReturnType<SeededSource['state']>),
        );
        if (!again.ok) throw new Error(again.error.message);
        while (step(again.value, lowestHenBot));
        expect(again.value.journal).toEqual(whole);
        if (!going) break;
      }
    }
  });

  it('a crypto game round-trips too, and resumes only with a crypto source', () => {
    const game = Game.start(TEST_TICKET, new CryptoSource());
    const bot = randomBot(3);
    while (step(game, bot));
    const copy = resumed(parsed(serializeJournal(game.journal)));
    expect(copy.snapshot()).toEqual(game.snapshot());
    const wrong = Game.fromJournal(game.journal, SeededSource.fromSeed(1));
    expect(wrong.ok ? null : wrong.error.code).toBe('wrong-source');
  });

  it('a seeded game refuses to continue on real draws: wrong-source', () => {
    const wrong = Game.fromJournal(journalOf(1), new CryptoSource());
    expect(wrong.ok ? null : wrong.error.code).toBe('wrong-source');
  });

  it('every command’s events are in the journal by the time the caller gets them', () => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(PATHS['Extra won then lost']!));
    for (;;) {
      const s = game.snapshot();
      if (s.phase === 'ended') break;
      const r =
        s.phase === 'scratch'
          ? game.reveal()
          : s.phase === 'round'
            ? game.pick(lowestHenBot.hen(s))
            : game.chooseHaystack(0);
      const events = accepted(r);
      expect(game.journal.slice(-events.length)).toEqual(events);
    }
  });
});

describe('an edited journal is refused: journal-inconsistent', () => {
  /** A copy of a path's journal with `edit` applied to it. */
  const edited = (path: keyof typeof PATHS, edit: (j: GameEvent[]) => void): GameEvent[] => {
    const j = structuredClone(journalOf(PATHS[path]!)) as GameEvent[];
    edit(j);
    return j;
  };
  const at = (j: GameEvent[], type: GameEvent['type'], nth = 0): number => {
    const i = j.map((e, k) => (e.type === type ? k : -1)).filter((k) => k >= 0)[nth];
    if (i === undefined) throw new Error(`no ${type} #${nth}`);
    return i;
  };
  const patch = (j: GameEvent[], i: number, fields: Record<string, unknown>): void => {
    j[i] = { ...j[i], ...fields } as GameEvent;
  };
  const lostBoard = (j: GameEvent[]): readonly string[] =>
    (j[at(j, 'roundLost')] as Extract<GameEvent, { type: 'roundLost' }>).board;
  const swapBoard = (j: GameEvent[], from: 'chick', to: 'egg' | 'empty'): void => {
    const i = at(j, 'roundLost');
    const e = j[i] as Extract<GameEvent, { type: 'roundLost' }>;
    const board = [...e.board];
    board[board.lastIndexOf(from)] = to;
    j[i] = { ...e, board };
  };

  const cases: [string, keyof typeof PATHS, (j: GameEvent[]) => void][] = [
    ['an empty journal', 'won later', (j) => j.splice(0)],
    ['no ticketIssued first', 'won later', (j) => j.shift()],
    ['a second ticketIssued', 'won later', (j) => j.splice(1, 0, j[0]!)],
    ['revealed amounts that differ from the ticket', 'won later', (j) => patch(j, 1, { a1Cents: 999_999 })],
    ['the scratch zone revealed twice', 'won later', (j) => j.splice(1, 0, j[1]!)],
    ['a hen lifted before the reveal', 'won later', (j) => j.splice(1, 2)],
    ['a round started with 4 picks', 'won later', (j) => patch(j, 2, { picksLeft: 4 })],
    ['a round started twice', 'won later', (j) => j.splice(3, 0, j[2]!)],
    ['an extra egg on the board (element counts changed)', 'haystack missed', (j) => swapBoard(j, 'chick', 'egg')],
    ['an extra empty cell on the board', 'haystack missed', (j) => swapBoard(j, 'chick', 'empty')],
    [
      'a board shorter than 30 hens',
      'haystack missed',
      (j) => patch(j, at(j, 'roundLost'), { board: lostBoard(j).slice(1) }),
    ],
    [
      'a board that contradicts a lifted hen',
      'haystack missed',
      (j) => {
        const lost = j[at(j, 'roundLost')] as Extract<GameEvent, { type: 'roundLost' }>;
        const first = j[at(j, 'henLifted')] as Extract<GameEvent, { type: 'henLifted' }>;
        const board = [...lost.board];
        const other = board.findIndex(
          (el, h) => el !== first.element && j.every((e) => e.type !== 'henLifted' || e.hen !== h),
        );
        [board[first.hen], board[other]] = [board[other]!, board[first.hen]!];
        patch(j, at(j, 'roundLost'), { board });
      },
    ],
    ['a changed prize amount', 'won later', (j) => patch(j, at(j, 'roundWon'), { prizeCents: 1000 })],
    ['A1 paid for a later pick', 'won later', (j) => patch(j, at(j, 'roundWon'), { prize: 'A1', prizeCents: 1000 })],
    [
      'A2 paid for a first pick',
      'won at the first pick',
      (j) => patch(j, at(j, 'roundWon'), { prize: 'A2', prizeCents: 300 }),
    ],
    [
      'a pick on a hen already lifted',
      'won later',
      (j) => patch(j, at(j, 'henLifted', 1), { hen: (j[at(j, 'henLifted')] as { hen: number }).hen }),
    ],
    ['a hen out of range', 'won later', (j) => patch(j, at(j, 'henLifted'), { hen: 30 })],
    ['a changed picksLeft', 'won later', (j) => patch(j, at(j, 'henLifted'), { picksLeft: 3 })],
    ['a wrong pick number', 'won later', (j) => patch(j, at(j, 'henLifted', 1), { pick: 3 })],
    [
      'a pick when none is left',
      'haystack missed',
      (j) => {
        const lost = at(j, 'roundLost');
        const last = j[lost - 1] as Extract<GameEvent, { type: 'henLifted' }>;
        const free = lostBoard(j).findIndex((_, h) => j.every((e) => e.type !== 'henLifted' || e.hen !== h));
        j.splice(lost, 0, { ...last, hen: free, pick: last.pick + 1, element: 'chick', picksLeft: 0 });
      },
    ],
    [
      'a second egg in a round',
      'won later',
      (j) => {
        const won = at(j, 'roundWon');
        const egg = j[won - 1] as Extract<GameEvent, { type: 'henLifted' }>;
        j.splice(won, 0, { ...egg, hen: (egg.hen + 1) % 30, pick: egg.pick + 1, picksLeft: egg.picksLeft - 1 });
      },
    ],
    [
      'a hen lifted after the egg, instead of the win',
      'won later',
      (j) => {
        const won = at(j, 'roundWon');
        const egg = j[won - 1] as Extract<GameEvent, { type: 'henLifted' }>;
        const free = [...Array(30).keys()].find((h) => j.every((e) => e.type !== 'henLifted' || e.hen !== h))!;
        j.splice(won, 3, { ...egg, hen: free, pick: egg.pick + 1, element: 'chick' });
      },
    ],
    [
      'a round won without the egg',
      'haystack missed',
      (j) => j.splice(at(j, 'henLifted') + 1, 0, { type: 'roundWon', round: 1, prize: 'A1', prizeCents: 1000 }),
    ],
    [
      'a round lost while picks remain',
      'haystack missed',
      (j) => j.splice(at(j, 'henLifted') + 1, 0, j[at(j, 'roundLost')]!),
    ],
    [
      'a second haystacksOffered',
      'haystack missed',
      (j) => j.splice(at(j, 'haystacksOffered'), 0, j[at(j, 'haystacksOffered')]!),
    ],
    [
      'a second haystack opened',
      'haystack missed',
      (j) => j.splice(at(j, 'haystackOpened'), 0, j[at(j, 'haystackOpened')]!),
    ],
    [
      'haystacks offered after a won round',
      'won later',
      (j) => j.splice(at(j, 'roundWon') + 1, 0, { type: 'haystacksOffered', haystacks: 5 }),
    ],
    [
      'haystacks offered after the Extra round',
      'Extra won then lost',
      (j) => j.splice(-1, 0, { type: 'haystacksOffered', haystacks: 5 }),
    ],
    ['6 haystacks offered', 'haystack missed', (j) => patch(j, at(j, 'haystacksOffered'), { haystacks: 6 })],
    ['a haystack opened with no offer', 'haystack missed', (j) => j.splice(at(j, 'haystacksOffered'), 1)],
    [
      'an Extra won under another haystack',
      'haystack missed',
      (j) => patch(j, at(j, 'haystackOpened'), { extraWon: true }),
    ],
    [
      'a haystack out of range',
      'haystack missed',
      (j) => patch(j, at(j, 'haystackOpened'), { chosen: 5, extraAt: 5, extraWon: true }),
    ],
    [
      'round 2 started without the Extra',
      'haystack missed',
      (j) => j.splice(-1, 1, { type: 'roundStarted', round: 2, picksLeft: 3 }),
    ],
    [
      'round 3 started',
      'Extra won then lost',
      (j) => j.splice(-1, 1, { type: 'roundStarted', round: 3, picksLeft: 3 }),
    ],
    [
      'a lost ticket ended after an Extra was won',
      'Extra won then lost',
      (j) => j.splice(at(j, 'roundStarted', 1), 1000, { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 }),
    ],
    [
      'a ticket ended lost before the haystacks',
      'haystack missed',
      (j) => j.splice(at(j, 'haystacksOffered'), 1000, { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 }),
    ],
    ['ticketEnded paying a wrong amount', 'won later', (j) => patch(j, j.length - 1, { prizeCents: 301 })],
    ['a lost ticket that pays', 'haystack missed', (j) => patch(j, j.length - 1, { prizeCents: 200 })],
    [
      'ticketEnded won after a lost round',
      'haystack missed',
      (j) => patch(j, j.length - 1, { outcome: 'won', prizeCents: 0 }),
    ],
    [
      'ticketEnded lost after a won round',
      'won later',
      (j) => patch(j, j.length - 1, { outcome: 'lost', prizeCents: 0 }),
    ],
    ['ticketEnded twice', 'won later', (j) => j.push(j[j.length - 1]!)],
    [
      'a hen lifted after the end',
      'won later',
      (j) => j.push({ type: 'henLifted', round: 1, pick: 9, hen: 29, element: 'chick', picksLeft: 1 }),
    ],
  ];

  it.each(cases)('%s', (_, path, edit) => {
    const j = edited(path, edit);
    expect(j).not.toEqual(journalOf(PATHS[path]!));
    const r = Game.fromJournal(j, new ThrowingSource('seeded'));
    expect(r.ok ? 'accepted' : r.error.code).toBe('journal-inconsistent');
    if (!r.ok) expect(r.error.message).toMatch(/journal inconsistent/);
  });
});

describe('parseJournal refuses malformed text: journal-unreadable', () => {
  const good = serializeJournal(journalOf(PATHS['haystack missed']!));
  const withEvent = (i: number, change: (e: Record<string, unknown>) => void): string => {
    const data = JSON.parse(good) as Record<string, unknown>[];
    change(data[i]!);
    return JSON.stringify(data);
  };
  it('accepts the journal it wrote, unchanged', () => {
    expect(parsed(good)).toEqual(JSON.parse(good));
    expect(checkJournal(JSON.parse(good)).ok).toBe(true);
  });
  it.each([
    ['not JSON', '[{"type":'],
    ['JSON that is not an array', '{"type":"ticketIssued"}'],
    ['an event that is not an object', '[1]'],
    ['null as an event', '[null]'],
    ['an unknown event type', withEvent(3, (e) => (e['type'] = 'henStolen'))],
    ['a prototype key as a type', withEvent(3, (e) => (e['type'] = 'constructor'))],
    ['a missing field', withEvent(3, (e) => delete e['hen'])],
    ['a hen as a string', withEvent(3, (e) => (e['hen'] = '3'))],
    ['a fractional hen', withEvent(3, (e) => (e['hen'] = 2.5))],
    ['an unknown element', withEvent(3, (e) => (e['element'] = 'gold'))],
    [
      'an unknown element on a board',
      withEvent(eventsIndex('roundLost'), (e) => ((e['board'] as string[])[0] = 'gold')),
    ],
    ['a board that is not an array', withEvent(eventsIndex('roundLost'), (e) => (e['board'] = 'egg'))],
    ['an unknown kind of draws', withEvent(0, (e) => (e['draws'] = 'math-random'))],
    ['a ticket with no serial', withEvent(0, (e) => delete (e['ticket'] as Record<string, unknown>)['serial'])],
    ['an amount as a string', withEvent(1, (e) => (e['a1Cents'] = '1000'))],
    ['extraWon as a string', withEvent(eventsIndex('haystackOpened'), (e) => (e['extraWon'] = 'false'))],
    ['an unknown outcome', withEvent(eventsIndex('ticketEnded'), (e) => (e['outcome'] = 'draw'))],
  ])('%s', (_, text) => {
    const r = parseJournal(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe('journal-unreadable');
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
  });

  function eventsIndex(type: GameEvent['type']): number {
    return (JSON.parse(serializeJournal(journalOf(PATHS['haystack missed']!))) as GameEvent[]).findIndex(
      (e) => e.type === type,
    );
  }

  it('names the event and the field at fault', () => {
    const r = parseJournal(withEvent(3, (e) => (e['hen'] = '3')));
    expect(r.ok ? '' : r.error.message).toMatch(/event 4 \(henLifted\).*"hen"/);
  });
});

describe('the journal holds every draw', () => {
  it('each element, each lost board and each haystack is in an event', () => {
    const j = journalOf(PATHS['Extra won then lost']!);
    expect(eventsOf(j, 'henLifted').every((e) => ['egg', 'chick', 'empty'].includes(e.element))).toBe(true);
    expect(eventsOf(j, 'roundLost').map((e) => e.board.length)).toEqual([30, 30]);
    expect(eventsOf(j, 'haystackOpened')).toHaveLength(1);
  });
});

describe('a journal cut in the middle of a command is refused', () => {
  it.each(Object.entries(PATHS))('only the boundaries between commands fold: %s (seed %i)', (_, seed) => {
    // Record where each command's events end while playing the path.
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(seed));
    const boundaries = new Set<number>([game.journal.length]);
    while (step(game, lowestHenBot)) boundaries.add(game.journal.length);
    const full = game.journal;
    let refusedCuts = 0;
    for (let cut = 1; cut <= full.length; cut++) {
      const r = Game.fromJournal(
        full.slice(0, cut),
        new ThrowingSource(full[0]?.type === 'ticketIssued' ? full[0].draws : 'seeded'),
      );
      if (boundaries.has(cut)) {
        expect(r.ok, `cut after event ${cut} is a command boundary`).toBe(true);
      } else {
        expect(r.ok ? 'folded' : r.error.code, `cut after event ${cut}`).toBe('journal-inconsistent');
        refusedCuts++;
      }
    }
    expect(refusedCuts).toBeGreaterThan(0);
  });
});

describe('a ticket with impossible amounts is refused', () => {
  it.each([
    ['A1 below A2', { a1Cents: 100, a2Cents: 200 }],
    ['a negative A2', { a1Cents: 100, a2Cents: -1 }],
    ['index 0', { serial: { block: 1, index: 0 } }],
  ])('%s', (_, fields) => {
    const journal = structuredClone(journalOf(PATHS['won later']!)) as GameEvent[];
    const first = journal[0] as Extract<GameEvent, { type: 'ticketIssued' }>;
    journal[0] = { ...first, ticket: { ...first.ticket, ...fields } };
    const r = Game.fromJournal(journal, new ThrowingSource('seeded'));
    expect(r.ok ? 'folded' : r.error.code).toBe('journal-inconsistent');
  });
});
