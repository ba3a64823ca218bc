import type { GameError, GameEvent, Phase } from './events';
import type { DrawKind } from './random-source';
import { type Element, RULES, type Rules } from './rules';
import type { Ticket } from './ticket';

/** One pick as it happened. */
export interface PickRecord {
  readonly hen: number;
  readonly element: Element;
}

/** A round as it stands: the hens lifted so far and what is still undiscovered. */
export interface RoundState {
  readonly round: number;
  picksLeft: number;
  readonly picks: PickRecord[];
  /** What each hen showed when lifted; null while it sits on its nest. */
  readonly hens: (Element | null)[];
  /** Undiscovered elements of each kind. */
  eggs: number;
  chicks: number;
  empties: number;
  /** Every hen's element once the round is lost (art. 3.2.6), else null. */
  board: readonly Element[] | null;
  outcome: 'won' | 'lost' | null;
}

/** The whole game, as a fold of its journal. Mutated only by `foldEvent`. */
export interface GameState {
  readonly ticket: Ticket;
  readonly draws: DrawKind;
  phase: Phase;
  revealed: boolean;
  readonly rounds: RoundState[];
  haystacksOffered: number;
  haystack: { readonly chosen: number; readonly extraAt: number } | null;
  extrasWon: number;
  result: { readonly outcome: 'won' | 'lost'; readonly prize: 'A1' | 'A2' | null; readonly prizeCents: number } | null;
}

/** A row of hens all down: copying it is several times cheaper than building a new one. */
let henRow: readonly null[] = [];

function allHensDown(hens: number): (Element | null)[] {
  if (henRow.length !== hens) henRow = new Array<null>(hens).fill(null);
  return henRow.slice();
}

export function newRound(round: number, rules: Rules): RoundState {
  return {
    round,
    picksLeft: rules.picksAtStart,
    picks: [],
    hens: allHensDown(rules.hens),
    eggs: rules.eggs,
    chicks: rules.chicks,
    empties: rules.empties,
    board: null,
    outcome: null,
  };
}

export function currentRound(state: GameState): RoundState | undefined {
  // Never index -1: V8 reads rounds[-1] as a named property, through the prototype chain, on every event of a ticket.
  const count = state.rounds.length;
  return count > 0 ? state.rounds[count - 1] : undefined;
}

export function undiscovered(round: RoundState, element: Element): number {
  return element === 'egg' ? round.eggs : element === 'chick' ? round.chicks : round.empties;
}

function inconsistent(message: string): GameError {
  return { code: 'journal-inconsistent', message: `journal inconsistent: ${message}` };
}

const isIndex = (i: number, count: number): boolean => Number.isInteger(i) && i >= 0 && i < count;

/**
 * A lost round's board (art. 3.2.6) holds the rules' elements in the rules' numbers and agrees with every hen already
 * lifted. Plain loops, no callbacks: this runs on three tickets in four.
 */
function boardFits(board: readonly Element[], round: RoundState, rules: Rules): boolean {
  if (board.length !== rules.hens) return false;
  let eggs = 0;
  let chicks = 0;
  let empties = 0;
  for (let hen = 0; hen < board.length; hen++) {
    const el = board[hen];
    if (el === 'egg') eggs++;
    else if (el === 'chick') chicks++;
    else if (el === 'empty') empties++;
    else return false;
    const lifted = round.hens[hen];
    if (lifted !== null && lifted !== el) return false;
  }
  return eggs === rules.eggs && chicks === rules.chicks && empties === rules.empties;
}

/** The first event of every journal. */
export function initialState(event: GameEvent): GameState | GameError {
  if (event.type !== 'ticketIssued') return inconsistent('a journal must start with ticketIssued');
  const { serial, a1Cents, a2Cents } = event.ticket;
  if (!(serial.block >= 1 && serial.index >= 1 && a2Cents >= 0 && a1Cents >= a2Cents)) {
    return inconsistent('the ticket has an impossible serial or amounts (need A1 ≥ A2 ≥ 0)');
  }
  return {
    ticket: event.ticket,
    draws: event.draws,
    phase: 'scratch',
    revealed: false,
    rounds: [],
    haystacksOffered: 0,
    haystack: null,
    extrasWon: 0,
    result: null,
  };
}

/**
 * Why `e` cannot come next in a game in state `s`, or null if the rules allow it there. Reads the state, changes
 * nothing. The live game does not call it (its commands only make legal events); it is for journals read back from
 * storage, which may have been edited.
 */
export function checkEvent(s: GameState, e: GameEvent, rules: Rules = RULES): GameError | null {
  const round = currentRound(s);
  switch (e.type) {
    case 'ticketIssued':
      return inconsistent('ticketIssued after the start');
    case 'scratchRevealed':
      // Once only: a second reveal would pass unnoticed otherwise (the phase stays 'scratch' until roundStarted).
      if (s.phase !== 'scratch' || s.revealed)
        return inconsistent('scratchRevealed twice or outside the scratch phase');
      if (e.a1Cents !== s.ticket.a1Cents || e.a2Cents !== s.ticket.a2Cents) {
        return inconsistent('revealed amounts differ from the ticket');
      }
      return null;
    case 'roundStarted': {
      const expected = s.rounds.length + 1;
      const allowed = expected === 1 ? s.revealed && s.phase === 'scratch' : s.extrasWon > s.rounds.length - 1;
      if (!allowed || e.round !== expected || e.picksLeft !== rules.picksAtStart) {
        return inconsistent(`roundStarted ${e.round} not allowed here`);
      }
      return null;
    }
    case 'henLifted': {
      if (s.phase !== 'round' || !round || round.outcome || e.round !== round.round) {
        return inconsistent('henLifted with no round in play');
      }
      // The egg ends the round (art. 3.2.2.3): no hen is lifted after it, even if roundWon is missing.
      if (round.eggs < rules.eggs) return inconsistent('henLifted after the egg was found');
      if (!Number.isInteger(e.hen) || e.hen < 0 || e.hen >= rules.hens || round.hens[e.hen] !== null) {
        return inconsistent(`hen ${e.hen} cannot be lifted`);
      }
      if (round.picksLeft < 1 || undiscovered(round, e.element) < 1 || e.pick !== round.picks.length + 1) {
        return inconsistent(`pick ${e.pick} of ${e.element} is impossible`);
      }
      const picksLeft = round.picksLeft - 1 + (e.element === 'chick' ? 1 : 0);
      if (e.picksLeft !== picksLeft) return inconsistent(`picksLeft ${e.picksLeft}, expected ${picksLeft}`);
      return null;
    }
    case 'roundWon': {
      const last = round?.picks[round.picks.length - 1];
      if (!round || round.outcome || last?.element !== 'egg' || e.round !== round.round) {
        return inconsistent('roundWon without the egg');
      }
      const prize = prizeOf(round);
      const cents = prize === 'A1' ? s.ticket.a1Cents : s.ticket.a2Cents;
      if (e.prize !== prize || e.prizeCents !== cents)
        return inconsistent(`roundWon pays ${e.prize}, expected ${prize}`);
      return null;
    }
    case 'roundLost':
      if (!round || round.outcome || round.picksLeft !== 0 || round.eggs === 0 || e.round !== round.round) {
        return inconsistent('roundLost while the round can go on');
      }
      if (!boardFits(e.board, round, rules)) {
        return inconsistent('the board of the lost round does not match the rules or the lifted hens');
      }
      return null;
    case 'haystacksOffered':
      if (round?.outcome !== 'lost' || round.round !== 1 || s.haystacksOffered >= rules.extraRounds) {
        return inconsistent('haystacks offered when the rules do not offer them');
      }
      if (e.haystacks !== rules.haystacks) return inconsistent(`${e.haystacks} haystacks, expected ${rules.haystacks}`);
      return null;
    case 'haystackOpened': {
      if (s.phase !== 'haystack' || s.haystack !== null) return inconsistent('haystack opened when none was offered');
      const valid = isIndex(e.chosen, rules.haystacks) && isIndex(e.extraAt, rules.haystacks);
      if (!valid || e.extraWon !== (e.chosen === e.extraAt)) {
        return inconsistent('haystackOpened is not a possible draw');
      }
      return null;
    }
    case 'ticketEnded': {
      if (s.phase === 'ended' || !round) return inconsistent('ticketEnded twice or before any round');
      const won = round.outcome === 'won';
      const lostForGood =
        round.outcome === 'lost' &&
        (s.phase === 'haystack'
          ? s.haystack !== null && s.extrasWon === 0
          : s.haystacksOffered === rules.extraRounds || round.round > 1);
      if (e.outcome === 'won' ? !won : !lostForGood) return inconsistent(`ticketEnded ${e.outcome} does not follow`);
      const prize = won ? prizeOf(round) : null;
      const prizeCents = prize === 'A1' ? s.ticket.a1Cents : prize === 'A2' ? s.ticket.a2Cents : 0;
      if (e.prizeCents !== prizeCents) return inconsistent(`ticketEnded pays ${e.prizeCents}, expected ${prizeCents}`);
      return null;
    }
  }
}

/** The egg found with the round's first pick pays A1, later A2 (art. 3.2.2.3, 3.2.3.2). */
const prizeOf = (round: RoundState): 'A1' | 'A2' => (round.picks.length === 1 ? 'A1' : 'A2');

/**
 * Folds `e` into the state: the one place the state changes. It trusts `e` to be legal here — checked by
 * checkEvent for a journal read back, made by the game's own commands (which enforce the rules) when live.
 */
export function foldEvent(s: GameState, e: GameEvent, rules: Rules = RULES): void {
  switch (e.type) {
    case 'ticketIssued':
      return; // Only ever first: initialState makes the state from it.
    case 'scratchRevealed':
      s.revealed = true;
      return;
    case 'roundStarted':
      s.rounds.push(newRound(e.round, rules));
      s.phase = 'round';
      return;
    case 'henLifted': {
      const round = currentRound(s)!;
      round.hens[e.hen] = e.element;
      round.picks.push({ hen: e.hen, element: e.element });
      round.picksLeft = e.picksLeft;
      if (e.element === 'egg') round.eggs--;
      else if (e.element === 'chick') round.chicks--;
      else round.empties--;
      return;
    }
    case 'roundWon':
      currentRound(s)!.outcome = 'won';
      return;
    case 'roundLost': {
      const round = currentRound(s)!;
      // Shared with the event, not copied: events are immutable, the journal holds the same array, and the
      // snapshot hands out copies.
      round.board = e.board;
      round.outcome = 'lost';
      return;
    }
    case 'haystacksOffered':
      s.haystacksOffered++;
      s.phase = 'haystack';
      return;
    case 'haystackOpened':
      s.haystack = { chosen: e.chosen, extraAt: e.extraAt };
      if (e.extraWon) s.extrasWon++;
      return;
    case 'ticketEnded': {
      const round = currentRound(s)!;
      const prize = e.outcome === 'won' ? prizeOf(round) : null;
      s.result = { outcome: e.outcome, prize, prizeCents: e.prizeCents };
      s.phase = 'ended';
      return;
    }
  }
}

/**
 * True when the state is one a command can be waiting in. A journal always holds every event of a command or none
 * (they are saved together), so a journal that stops half-way through one was cut or edited.
 */
export function isSettled(s: GameState): boolean {
  const round = currentRound(s);
  switch (s.phase) {
    case 'scratch':
      return !s.revealed;
    case 'round':
      return round !== undefined && round.outcome === null && round.picksLeft > 0 && round.eggs > 0;
    case 'haystack':
      return s.haystack === null;
    case 'ended':
      return true;
  }
}
