import type { PgTx, ReplyRow } from './pg-tx';
import type { StorageTx, StoredReply } from './storage';

type Work = (tx: StorageTx) => Promise<unknown>;
type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Rejected only when the group is given up; whoever waits on it sees the rejection, nobody else must be told.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** A request not applied because one before it in the group failed (the group is applied again without it). */
class GroupGivenUp extends Error {
  constructor() {
    super('the group was given up before this request');
  }
}

interface Asked {
  readonly playerId: number;
  readonly key: string;
  readonly ticketId: string | undefined;
  readonly answer: Deferred<StoredReply | undefined>;
}

/**
 * Applies a group's requests one after the other on `tx`, as a plain loop would, but with their first reads ahead:
 * each request starts with its locked read (a keyed request's player, stored reply and ticket), and those of the
 * group's first requests go out together in one round trip, before any of them runs. So a group of commands costs
 * one round trip for its reads instead of one per request (a socket write and a wake-up of PostgreSQL each).
 * A read taken ahead must not miss a write of a request before it: only a run of requests from the group's start, of
 * distinct players and distinct tickets, goes ahead (a request's writes touch only its player's rows and its ticket's,
 * or a new ticket and the block); the others read at their turn, as usual. Each request still runs alone, in order:
 * its calls wait for its turn. Resolves with the values in order, up to the first request that failed.
 */
export async function runAhead(
  tx: PgTx,
  works: readonly Work[],
): Promise<{ values: unknown[]; failure: { index: number; error: unknown } | null }> {
  const n = works.length;
  const open: boolean[] = works.map(() => false);
  const gates = works.map(() => deferred<void>());
  const asked: (Asked | null)[] = works.map(() => null);
  let collecting = true;

  const viewOf = (i: number): StorageTx => {
    let first = true;
    return new Proxy(tx, {
      get(target, prop) {
        const v: unknown = Reflect.get(target, prop, target);
        if (typeof v !== 'function') return v;
        const f = v as (...args: unknown[]) => unknown;
        return (...args: unknown[]): unknown => {
          const isFirst = first;
          first = false;
          if (open[i]) return f.apply(target, args);
          if (isFirst && collecting && prop === 'storedReply') {
            const answer = deferred<StoredReply | undefined>();
            asked[i] = {
              playerId: args[0] as number,
              key: args[1] as string,
              ticketId: args[2] as string | undefined,
              answer,
            };
            return answer.promise;
          }
          return gates[i]!.promise.then(() => f.apply(target, args));
        };
      },
    });
  };

  // Every request starts now, and stops at its first call: a locked read is noted, anything else waits its turn.
  const runs: Promise<Settled>[] = works.map((work, i) =>
    work(viewOf(i)).then(
      (value): Settled => ({ ok: true, value }),
      (error: unknown): Settled => ({ ok: false, error }),
    ),
  );
  collecting = false;

  const ahead: number[] = [];
  const players = new Set<number>();
  const tickets = new Set<string>();
  for (let i = 0; i < n; i++) {
    const a = asked[i];
    if (!a || players.has(a.playerId) || (a.ticketId !== undefined && tickets.has(a.ticketId))) break;
    players.add(a.playerId);
    if (a.ticketId !== undefined) tickets.add(a.ticketId);
    ahead.push(i);
  }

  const giveUp = async (from: number, reason: unknown): Promise<void> => {
    for (let j = from; j < n; j++) {
      gates[j]!.reject(reason);
      asked[j]?.answer.reject(reason);
    }
    await Promise.all(runs.slice(from));
  };

  const read = new Map<number, ReplyRow | undefined>();
  if (ahead.length > 1) {
    try {
      // The players' rows are locked in the order of their ids (replyReads): every instance takes these row locks in
      // one order, so two groups' reads never wait on each other in a cycle (which would cancel one as a deadlock).
      const rows = await tx.readReplies(ahead.map((i) => asked[i]!));
      ahead.forEach((i, k) => {
        read.set(i, rows[k]);
      });
    } catch (error) {
      // The database's trouble is the group's (a retry, a lost connection, a refused write of nobody's yet).
      await giveUp(0, error);
      throw error;
    }
  }

  const values: unknown[] = [];
  for (let i = 0; i < n; i++) {
    open[i] = true;
    gates[i]!.resolve();
    const a = asked[i];
    if (a) {
      if (read.has(i)) a.answer.resolve(tx.adoptReply(read.get(i), a.playerId, a.ticketId));
      else tx.storedReply(a.playerId, a.key, a.ticketId).then(a.answer.resolve, a.answer.reject);
    }
    const r = await runs[i]!;
    if (!r.ok) {
      await giveUp(i + 1, new GroupGivenUp());
      return { values, failure: { index: i, error: r.error } };
    }
    values.push(r.value);
  }
  return { values, failure: null };
}
