import type { Command, GameError, GameEvent, Phase } from './events';
import {
  checkEvent,
  currentRound,
  foldEvent,
  type GameState,
  initialState,
  isSettled,
  type RoundState,
} from './game-state';
import { type RandomSource, uniformInt } from './random-source';
import { err, ok, type Result } from './result';
import { type Element, RULES, type Rules } from './rules';
import { type GameSnapshot, toSnapshot } from './snapshot';
import type { Ticket } from './ticket';

const refuse = (code: GameError['code'], message: string): Result<never, GameError> => err({ code, message });

/**
 * One ticket's game: takes commands, makes the draws the rules call for, and appends the resulting events to its
 * journal. The journal is the truth; the state is its fold. A refused command draws nothing and changes nothing.
 */
export class Game {
  private readonly events: GameEvent[] = [];

  private constructor(
    private readonly s: GameState,
    private readonly source: RandomSource,
    private readonly rules: Rules,
  ) {}

  /** A new game for a freshly dealt ticket; `source` draws everything in it and its kind is journalled. */
  static start(ticket: Ticket, source: RandomSource, rules: Rules = RULES): Game {
    const first: GameEvent = { type: 'ticketIssued', ticket, draws: source.kind };
    const state = initialState(first) as GameState;
    const game = new Game(state, source, rules);
    game.events.push(first);
    return game;
  }

  /**
   * Rebuilds a game from its journal, drawing nothing. `source` draws what comes next and must be of the kind the
   * journal names: a real ticket is never continued with a seeded generator, nor a demo with real draws.
   */
  static fromJournal(
    journal: readonly GameEvent[],
    source: RandomSource,
    rules: Rules = RULES,
  ): Result<Game, GameError> {
    const first = journal[0];
    if (!first) return refuse('journal-inconsistent', 'journal inconsistent: the journal is empty');
    const state = initialState(first);
    if ('code' in state) return err(state);
    if (state.draws !== source.kind) {
      return refuse('wrong-source', `this ticket draws from a ${state.draws} source, not ${source.kind}`);
    }
    const game = new Game(state, source, rules);
    game.events.push(first);
    for (let i = 1; i < journal.length; i++) {
      const e = journal[i]!;
      // Read back from storage, so perhaps edited: every event is checked against the rules before it counts.
      const problem = checkEvent(state, e, rules);
      if (problem) return err({ code: problem.code, message: `${problem.message} (event ${i + 1}, ${e.type})` });
      foldEvent(state, e, rules);
      game.events.push(e);
    }
    if (!isSettled(state)) {
      return refuse('journal-inconsistent', 'journal inconsistent: it stops in the middle of a command');
    }
    return ok(game);
  }

  get journal(): readonly GameEvent[] {
    return this.events;
  }

  get ticket(): Ticket {
    return this.s.ticket;
  }

  /** Where the ticket stands, read without copying the state (a snapshot is a deep copy). */
  get phase(): Phase {
    return this.s.phase;
  }

  /** A deep copy of what the game shows now; the amounts stay hidden until the scratch zone is revealed. */
  snapshot(): GameSnapshot {
    return toSnapshot(this.s);
  }

  command(c: Command): Result<readonly GameEvent[], GameError> {
    switch (c.type) {
      case 'reveal':
        return this.reveal();
      case 'pick':
        return this.pick(c.hen);
      case 'chooseHaystack':
        return this.chooseHaystack(c.haystack);
    }
  }

  reveal(): Result<readonly GameEvent[], GameError> {
    if (this.s.phase === 'ended') return refuse('ticket-ended', 'the ticket has ended');
    if (this.s.revealed) return refuse('already-revealed', 'the scratch zone is already revealed');
    const { a1Cents, a2Cents } = this.s.ticket;
    return this.emit([
      { type: 'scratchRevealed', a1Cents, a2Cents },
      { type: 'roundStarted', round: 1, picksLeft: this.rules.picksAtStart },
    ]);
  }

  pick(hen: number): Result<readonly GameEvent[], GameError> {
    const s = this.s;
    if (s.phase === 'ended') return refuse('ticket-ended', 'the ticket has ended');
    if (!s.revealed) return refuse('not-revealed', 'scratch the ticket before lifting a hen');
    const round = currentRound(s);
    if (s.phase !== 'round' || !round || round.outcome) return refuse('no-round-in-play', 'no round is in play');
    if (!Number.isInteger(hen) || hen < 0 || hen >= this.rules.hens) {
      return refuse('hen-out-of-range', `hen ${String(hen)} does not exist (0 to ${this.rules.hens - 1})`);
    }
    if (round.hens[hen] !== null) return refuse('hen-already-lifted', `hen ${hen} is already lifted`);
    hen += 0; // -0 is a valid index, but the journal keeps +0 (JSON cannot tell them apart).

    // art. 3.2.3.1: uniform among the undiscovered elements, whatever hen was chosen.
    const element = this.drawElement(round);
    const pick = round.picks.length + 1;
    const picksLeft = round.picksLeft - 1 + (element === 'chick' ? 1 : 0);
    const lifted: GameEvent = { type: 'henLifted', round: round.round, pick, hen, element, picksLeft };
    // Each command's events in one array literal, made at its final size.
    let events: GameEvent[];
    if (element === 'egg') {
      const prize = pick === 1 ? 'A1' : 'A2';
      const prizeCents = prize === 'A1' ? s.ticket.a1Cents : s.ticket.a2Cents;
      events = [
        lifted,
        { type: 'roundWon', round: round.round, prize, prizeCents },
        { type: 'ticketEnded', outcome: 'won', prizeCents },
      ];
    } else if (picksLeft === 0) {
      const lost: GameEvent = { type: 'roundLost', round: round.round, board: this.drawBoard(round, hen, element) };
      events =
        round.round === 1 && s.haystacksOffered < this.rules.extraRounds
          ? [lifted, lost, { type: 'haystacksOffered', haystacks: this.rules.haystacks }]
          : [lifted, lost, { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 }];
    } else {
      events = [lifted];
    }
    return this.emit(events);
  }

  chooseHaystack(haystack: number): Result<readonly GameEvent[], GameError> {
    const s = this.s;
    if (s.phase === 'ended') return refuse('ticket-ended', 'the ticket has ended');
    if (s.phase !== 'haystack' || s.haystack) return refuse('haystack-not-offered', 'no haystack is on offer');
    if (!Number.isInteger(haystack) || haystack < 0 || haystack >= this.rules.haystacks) {
      return refuse(
        'haystack-out-of-range',
        `haystack ${String(haystack)} does not exist (0 to ${this.rules.haystacks - 1})`,
      );
    }
    // art. 3.2.5.2: each haystack equally likely, independent of the choice.
    const extraAt = uniformInt(this.source, this.rules.haystacks);
    const extraWon = extraAt === haystack;
    return this.emit([
      { type: 'haystackOpened', chosen: haystack, extraAt, extraWon },
      extraWon
        ? { type: 'roundStarted', round: s.rounds.length + 1, picksLeft: this.rules.picksAtStart }
        : { type: 'ticketEnded', outcome: 'lost', prizeCents: 0 },
    ]);
  }

  /**
   * The journal is written before anyone is told: callers get the events only once they are in it. The events are
   * not checked again here: the commands above made them by the rules. Tests fold played journals through
   * fromJournal's checks (properties.test.ts, tools/bench.test.ts), which would catch a disagreement.
   */
  private emit(events: GameEvent[]): Result<readonly GameEvent[], GameError> {
    for (const e of events) {
      foldEvent(this.s, e, this.rules);
      this.events.push(e);
    }
    return ok(events);
  }

  private drawElement(round: RoundState): Element {
    const r = uniformInt(this.source, round.eggs + round.chicks + round.empties);
    return r < round.eggs ? 'egg' : r < round.eggs + round.chicks ? 'chick' : 'empty';
  }

  /** art. 3.2.6: a uniform shuffle (Fisher–Yates) of the undiscovered elements over the hens still down. */
  private drawBoard(round: RoundState, lastHen: number, lastElement: Element): Element[] {
    // The last pick is not yet applied to `round`, so leave its element out of the bag.
    const eggs = round.eggs - (lastElement === 'egg' ? 1 : 0);
    const chicks = round.chicks - (lastElement === 'chick' ? 1 : 0);
    const size = eggs + chicks + round.empties - (lastElement === 'empty' ? 1 : 0);
    // The bag, as element codes in a scratch array kept between calls: most tickets lose a round, and building a
    // fresh bag cost more than the shuffle's draws. It is refilled before each use, so nothing leaks between boards.
    const bag = scratchBag(size);
    let i = 0;
    while (i < eggs) bag[i++] = EGG;
    while (i < eggs + chicks) bag[i++] = CHICK;
    while (i < size) bag[i++] = EMPTY;
    for (i = size - 1; i > 0; i--) {
      const j = uniformInt(this.source, i + 1);
      const t = bag[i]!;
      bag[i] = bag[j]!;
      bag[j] = t;
    }
    // The shuffled bag fills the hens still down, in hen order.
    const board = round.hens.slice();
    board[lastHen] = lastElement;
    let next = 0;
    for (let hen = 0; hen < board.length; hen++) {
      if (board[hen] === null) board[hen] = ELEMENT_OF_CODE[bag[next++]!]!;
    }
    return board as Element[]; // no hen is null any more: the bag held one element per hen still down
  }
}

/** The bag's codes for the elements, in the order the bag is filled. */
const EGG = 0;
const CHICK = 1;
const EMPTY = 2;
const ELEMENT_OF_CODE: readonly Element[] = ['egg', 'chick', 'empty'];

let bagScratch = new Uint8Array(32);
function scratchBag(size: number): Uint8Array {
  if (bagScratch.length < size) bagScratch = new Uint8Array(size);
  return bagScratch;
}
