import { CryptoSource, DEMO_CREDIT_CENTS, formatSerial, Game, type GameEvent, type PrizeTable, RULES } from '../core';
import { HISTORY_LENGTH } from '../core/history';
import { replayJournal } from '../core/replay';
import {
  type BalanceView,
  type CommandRequest,
  type HistoryView,
  type RecalledTicket,
  type SessionView,
  shownEvents,
  type TicketUpdate,
  type TicketView,
} from '../protocol/messages';
import { ApiFail, failReply, jsonReply, type Reply } from './api-error';
import { canonicalJson, eventsHash, sha256 } from './audit';
import { BlockBook } from './blocks';
import { OpenGames } from './open-games';
import type { Holding } from './printed/printed-service';
import type { PlayerRow, Storage, StorageTx, TicketRow, UpdateRef } from './storage/storage';

const now = (): string => new Date().toISOString();

/**
 * Runs the core for every player: deals from the shared block, makes every draw with the crypto source, and writes
 * each request's events, money and audit entries in one savepoint of a group commit. Keyed requests (buy, command,
 * top-up) store their reply, refusals included, so the same key gets the same bytes back and draws nothing.
 */
export class TicketService {
  private readonly source = new CryptoSource();
  private readonly blocks: BlockBook;
  private readonly games: OpenGames;

  /** Printed tickets are played by whichever screen holds them, and their wins are paid at the counter. */
  private printedHolding: (ticketId: string, playerId: number) => Holding = () => null;

  constructor(
    private readonly storage: Storage,
    table: PrizeTable,
  ) {
    this.blocks = new BlockBook(table);
    this.games = new OpenGames(this.source);
    storage.onRollback(() => this.forget());
  }

  /** Lets printed tickets through the command path: who holds one decides who may play it. */
  setPrintedHolding(holding: (ticketId: string, playerId: number) => Holding): void {
    this.printedHolding = holding;
  }

  /** A new player (cookie) with its opening credit. */
  createPlayer(tokenHash: string): Promise<PlayerRow> {
    return this.storage.transact((tx) => this.newWallet(tx, 'player', tokenHash, null), { play: false });
  }

  /** The terminal's own player and wallet, created the first time it is seen. */
  async terminalPlayer(terminalId: string): Promise<PlayerRow> {
    const found = await this.storage.read((tx) => tx.playerByTerminal(terminalId));
    if (found) return found;
    return this.storage.transact(
      async (tx) => (await tx.playerByTerminal(terminalId)) ?? this.newWallet(tx, 'terminal', null, terminalId),
      { play: false },
    );
  }

  playerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    return this.storage.read((tx) => tx.playerByTokenHash(tokenHash));
  }

  async session(player: PlayerRow): Promise<SessionView> {
    await this.storage.transact((tx) => tx.touchPlayer(player.id, now()), { play: false });
    return this.storage.read(async (tx): Promise<SessionView> => {
      const open = await tx.openTicketOf(player.id);
      return {
        kind: player.kind,
        balanceCents: await tx.balance(player.id),
        ticket: open ? await this.ticketView(tx, open) : null,
        recent: await this.recent(tx, player.id),
      };
    });
  }

  history(player: PlayerRow): Promise<HistoryView> {
    return this.storage.read(async (tx) => ({ recent: await this.recent(tx, player.id) }));
  }

  buy(player: PlayerRow, key: string): Promise<Reply> {
    return this.keyed(player, key, { key }, undefined, true, async (tx, at) => {
      if (await tx.openTicketOf(player.id))
        throw new ApiFail(409, 'ticket-in-play', 'a ticket is already in play: finish it first');
      const balance = await tx.balance(player.id);
      if (balance < RULES.ticketPriceCents) {
        throw new ApiFail(
          402,
          'balance-too-low',
          `balance ${balance} cents is below the ticket price ${RULES.ticketPriceCents} cents`,
        );
      }
      const ticket = await this.blocks.deal(tx, this.source, at);
      const id = formatSerial(ticket.serial);
      await tx.insertTicket({
        id,
        block: ticket.serial.block,
        index: ticket.serial.index,
        a1Cents: ticket.a1Cents,
        a2Cents: ticket.a2Cents,
        playerId: player.id,
        stakeCents: RULES.ticketPriceCents,
        balanceBeforeCents: balance,
        createdAt: at,
      });
      const balanceCents = await tx.addLedger(player.id, 'stake', -RULES.ticketPriceCents, id, at);
      const game = Game.start(ticket, this.source);
      await tx.appendEvents(id, 0, 0, game.journal);
      await tx.audit(
        'ticket-issued',
        { ticket: id, player: player.id, a1Cents: ticket.a1Cents, a2Cents: ticket.a2Cents },
        at,
      );
      await tx.audit('payment', { player: player.id, kind: 'stake', cents: -RULES.ticketPriceCents, ticket: id }, at);
      this.games.set(id, game, 1);
      const update: TicketUpdate = {
        ticket: id,
        nextSeq: 1,
        events: shownEvents(game.journal),
        snapshot: game.snapshot(),
        balanceCents,
      };
      return { ...jsonReply(200, update), update: { ticketId: id, seq: 0, balanceCents } };
    });
  }

  command(player: PlayerRow, req: CommandRequest): Promise<Reply> {
    return this.keyed(player, req.key, req, req.ticket, false, async (tx, at) => {
      const row = await tx.ticket(req.ticket);
      const printed = row ? this.printedHolding(row.id, player.id) : null;
      if (!row || (printed === null ? row.playerId !== player.id : printed === 'never')) {
        throw new ApiFail(404, 'ticket-not-found', `no ticket ${req.ticket} of yours`);
      }
      if (printed === 'taken-over' && row.status !== 'ended') {
        throw new ApiFail(409, 'ticket-taken-over', `ticket ${row.id} is now played on another screen`);
      }
      if (row.status === 'ended') throw new ApiFail(409, 'ticket-ended', `ticket ${row.id} has ended`);
      if (req.seq !== row.nextSeq) {
        throw new ApiFail(409, 'seq-out-of-order', `ticket ${row.id} expects seq ${row.nextSeq}, got ${req.seq}`);
      }
      const game = await this.games.get(tx, row.id, row.nextSeq);
      const from = game.journal.length;
      const result = game.command(req.command);
      // A refused command leaves the game as it was: it stays valid for this seq.
      if (!result.ok) throw new ApiFail(422, result.error.code as ApiFail['code'], result.error.message);
      const events = result.value;
      const nextSeq = row.nextSeq + 1;
      await tx.appendEvents(row.id, from, row.nextSeq, events);
      // The events are in the journal: the chain holds their hash, which binds them without a second copy.
      await tx.audit(
        'draw',
        { ticket: row.id, seq: row.nextSeq, command: req.command, eventsSha256: eventsHash(events) },
        at,
      );
      let balanceCents: number;
      const ended = events.find((e): e is Extract<GameEvent, { type: 'ticketEnded' }> => e.type === 'ticketEnded');
      if (ended) {
        balanceCents = await tx.balance(player.id);
        // A printed ticket's win is paid by a retailer, never credited to the screen's wallet.
        if (ended.prizeCents > 0 && printed === null) {
          balanceCents = await tx.addLedger(player.id, 'prize', ended.prizeCents, row.id, at);
          await tx.audit('payment', { player: player.id, kind: 'prize', cents: ended.prizeCents, ticket: row.id }, at);
        }
        await tx.endTicket(row.id, nextSeq, ended.prizeCents, printed === null ? balanceCents : 0, at);
        this.games.drop(row.id);
      } else {
        await tx.advanceTicket(row.id, nextSeq);
        this.games.advanced(row.id, nextSeq);
        balanceCents = await tx.balance(player.id);
      }
      const update: TicketUpdate = {
        ticket: row.id,
        nextSeq,
        events: shownEvents(events),
        snapshot: game.snapshot(),
        balanceCents,
      };
      return { ...jsonReply(200, update), update: { ticketId: row.id, seq: row.nextSeq, balanceCents } };
    });
  }

  topUp(player: PlayerRow, key: string): Promise<Reply> {
    return this.keyed(player, key, { key }, undefined, false, async (tx, at) => {
      const balance = await tx.balance(player.id);
      if (balance >= DEMO_CREDIT_CENTS) {
        throw new ApiFail(
          409,
          'top-up-not-needed',
          `balance ${balance} cents is not below the demo credit ${DEMO_CREDIT_CENTS} cents`,
        );
      }
      const cents = DEMO_CREDIT_CENTS - balance;
      const balanceCents = await tx.addLedger(player.id, 'top-up', cents, null, at);
      await tx.audit('top-up', { player: player.id, cents }, at);
      const view: BalanceView = { balanceCents };
      return jsonReply(200, view);
    });
  }

  /** Drops every cache (after a rollback, or a request that failed half-way): they are rebuilt from storage. */
  forget(): void {
    this.blocks.forget();
    this.games.clear();
  }

  /**
   * The idempotent envelope: a stored reply under (player, key) is returned as it was when the body is the same, and
   * refused when it is not; otherwise `work` runs and its reply — or its refusal, which changes nothing else — is stored.
   */
  private keyed(
    player: PlayerRow,
    key: string,
    request: unknown,
    ticketId: string | undefined,
    deals: boolean,
    work: (tx: StorageTx, at: string) => Promise<Reply>,
  ): Promise<Reply> {
    const bodyHash = sha256(canonicalJson(request));
    return this.storage.transact(
      async (tx) => {
        const stored = await tx.storedReply(player.id, key, ticketId);
        if (stored) {
          if (stored.bodyHash !== bodyHash) {
            return failReply(
              new ApiFail(409, 'key-reused', 'this idempotency key was already used for another request'),
            );
          }
          return 'reply' in stored
            ? { status: stored.status, body: stored.reply }
            : this.rebuiltUpdate(tx, stored.update);
        }
        // One time for the whole request: its rows and its stored reply say the same moment.
        const at = now();
        let reply: Reply;
        try {
          reply = await work(tx, at);
        } catch (e) {
          if (!(e instanceof ApiFail)) {
            this.forget();
            throw e;
          }
          reply = failReply(e);
        }
        await tx.storeReply(
          player.id,
          key,
          reply.update
            ? { bodyHash, status: reply.status, update: reply.update }
            : { bodyHash, status: reply.status, reply: reply.body },
          at,
        );
        return reply;
      },
      { play: true, deals },
    );
  }

  /**
   * A ticket's update as it was first sent, rebuilt from the journal: the events of that seq, the snapshot after
   * them (folded without a draw), the balance kept with the key. The same objects give the same bytes.
   */
  private async rebuiltUpdate(tx: StorageTx, ref: UpdateRef): Promise<Reply> {
    const rows = await tx.journalBySeq(ref.ticketId);
    const upTo = rows.filter((r) => r.seq <= ref.seq).map((r) => r.event);
    const game = replayJournal(upTo);
    if (!game.ok) throw new Error(`ticket ${ref.ticketId}: its journal does not fold: ${game.error.message}`);
    const update: TicketUpdate = {
      ticket: ref.ticketId,
      nextSeq: ref.seq + 1,
      events: shownEvents(rows.filter((r) => r.seq === ref.seq).map((r) => r.event)),
      snapshot: game.value.snapshot(),
      balanceCents: ref.balanceCents,
    };
    return jsonReply(200, update);
  }

  private async newWallet(
    tx: StorageTx,
    kind: PlayerRow['kind'],
    tokenHash: string | null,
    terminalId: string | null,
  ): Promise<PlayerRow> {
    const at = now();
    const player = await tx.createPlayer(kind, tokenHash, terminalId, at);
    await tx.addLedger(player.id, 'opening', DEMO_CREDIT_CENTS, null, at);
    await tx.audit('payment', { player: player.id, kind: 'opening', cents: DEMO_CREDIT_CENTS }, at);
    return player;
  }

  private async ticketView(tx: StorageTx, row: TicketRow): Promise<TicketView> {
    const game = await this.games.get(tx, row.id, row.nextSeq);
    return { id: row.id, nextSeq: row.nextSeq, events: shownEvents(game.journal), snapshot: game.snapshot() };
  }

  private async recent(tx: StorageTx, playerId: number): Promise<RecalledTicket[]> {
    const tickets = await tx.finishedTickets(playerId, HISTORY_LENGTH);
    const journals = await Promise.all(tickets.map((t) => tx.journal(t.id)));
    return tickets.map((t, i) => ({
      id: t.id,
      journal: journals[i]!,
      stakeCents: t.stakeCents,
      balanceBeforeCents: t.balanceBeforeCents,
      balanceAfterCents: t.balanceAfterCents ?? t.balanceBeforeCents - t.stakeCents,
      finishedAt: t.endedAt ?? t.createdAt,
    }));
  }
}
