/**
 * What the kill test checks against the server once the killing is over (and, for each ticket, as soon as it ends):
 * every keyed request asked again gets the very reply it got the first time; each finished ticket's journal, as
 * recalled by the server, is exactly the events its replies brought, folds to an ended game, and pays what it
 * says; every player's balance is what the money its replies showed adds up to.
 */
import { isDeepStrictEqual } from 'node:util';
import { HISTORY_LENGTH } from '../../src/core/history';
import { replayFinished } from '../../src/core/replay';
import { RULES } from '../../src/core/rules';
import { type HistoryView, type RecalledTicket, shownEvents } from '../../src/protocol/messages';
import type { Exchange, SeenTicket, SimPlayer } from './sim-player';

/** Checks one finished ticket against the server's recall of it; returns what is wrong. */
export function checkRecalled(t: SeenTicket, recalled: RecalledTicket | undefined): string[] {
  if (!recalled) return [`ticket ${t.id} ended here but is not in the server's recall`];
  const wrong: string[] = [];
  if (!isDeepStrictEqual(shownEvents(recalled.journal), t.events)) {
    wrong.push(
      `ticket ${t.id}: the recorded journal (${recalled.journal.length} events) is not the ${t.events.length} events its replies brought`,
    );
  }
  const folded = replayFinished(recalled.journal);
  if (!folded.ok) wrong.push(`ticket ${t.id}: its journal does not fold: ${folded.error.message}`);
  const prize = folded.ok ? (folded.value.snapshot().result?.prizeCents ?? 0) : null;
  if (prize !== null && prize !== t.prizeCents)
    wrong.push(`ticket ${t.id}: its journal pays ${prize} cents, its replies said ${t.prizeCents}`);
  if (recalled.stakeCents !== RULES.ticketPriceCents) wrong.push(`ticket ${t.id}: stake ${recalled.stakeCents} cents`);
  const after = recalled.balanceBeforeCents - recalled.stakeCents + (prize ?? 0);
  if (recalled.balanceAfterCents !== after) {
    wrong.push(
      `ticket ${t.id}: balance after ${recalled.balanceAfterCents} cents, before ${recalled.balanceBeforeCents} − stake + prize is ${after}`,
    );
  }
  return wrong;
}

/** Right after a ticket ends: the server's recall must hold it, newest first. */
export async function checkEndedTicket(p: SimPlayer, t: SeenTicket): Promise<void> {
  const history = await p.read<HistoryView>('/api/history');
  const recalled = history.recent[0];
  if (recalled?.id !== t.id)
    p.problem(`ticket ${t.id} just ended, the newest in the server's recall is ${recalled?.id ?? 'none'}`);
  for (const w of checkRecalled(
    t,
    history.recent.find((r) => r.id === t.id),
  ))
    p.problem(w);
}

export interface FinalCounts {
  /** Keyed requests asked again. */
  readonly reasked: number;
  /** Of them, answered otherwise than the first time. */
  readonly repliesChanged: number;
}

/**
 * After the run, the server up and quiet: the keys asked again (every one unless `reask` says which), every recall
 * and balance read again.
 */
export async function checkAfterRun(p: SimPlayer, reask: readonly Exchange[] = p.exchanges): Promise<FinalCounts> {
  let changed = 0;
  for (const x of reask) {
    let again: { status: number; body: unknown } | null = null;
    while (!again) {
      try {
        again = await p.client.post(x.path, x.body);
      } catch {
        // The server is up and nobody kills it now: a lost connection here is worth one more try only.
        again = await p.client.post(x.path, x.body);
      }
    }
    if (again.status !== x.status || !isDeepStrictEqual(again.body, x.reply)) {
      changed++;
      p.problem(
        `key ${String(x.body['key'])} (${x.kind}) asked again: ${again.status} ${JSON.stringify(again.body).slice(0, 300)}, first ${x.status} ${JSON.stringify(x.reply).slice(0, 300)}`,
      );
    }
  }
  const history = await p.read<HistoryView>('/api/history');
  const finished = p.tickets.filter((t) => t.ended);
  const lastTen = finished.slice(-HISTORY_LENGTH).reverse();
  const ids = history.recent.map((r) => r.id);
  if (
    !isDeepStrictEqual(
      ids,
      lastTen.map((t) => t.id),
    )
  ) {
    p.problem(
      `the server recalls ${ids.join(', ')}; this player's last finished tickets are ${lastTen.map((t) => t.id).join(', ')}`,
    );
  }
  for (const t of lastTen)
    for (const w of checkRecalled(
      t,
      history.recent.find((r) => r.id === t.id),
    ))
      p.problem(w);
  const session = await p.session();
  if (session.ticket)
    p.problem(`ticket ${session.ticket.id} is still open on the server, every ticket here was played to its end`);
  if (session.balanceCents !== p.expectedCents) {
    p.problem(
      `final balance ${session.balanceCents} cents; opening ${p.openingCents} + top-ups − stakes + prizes = ${p.expectedCents}`,
    );
  }
  checkMoney(p);
  return { reasked: reask.length, repliesChanged: changed };
}

/** The player's money from its tickets alone: opening + top-ups − a stake per ticket + each ended ticket's prize. */
function checkMoney(p: SimPlayer): void {
  const prizes = p.tickets.reduce((sum, t) => sum + t.prizeCents, 0);
  const computed = (p.openingCents ?? 0) + p.topUpCents - p.tickets.length * RULES.ticketPriceCents + prizes;
  if (computed !== p.expectedCents)
    p.problem(`money from the tickets ${computed} cents, from the replies ${p.expectedCents}`);
}
