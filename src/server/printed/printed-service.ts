import { CryptoSource, Game, RULES } from '../../core';
import { replayJournal } from '../../core/replay';
import { parseGameCode } from '../../protocol/game-code';
import {
  type ClaimView,
  type CounterStatus,
  type CounterTicketView,
  type DayReport,
  type PaymentView,
  type PayRequest,
  type SaleView,
  shownEvents,
  type TicketView,
} from '../../protocol/messages';
import { ApiFail } from '../api-error';
import type { PlayerRow, Storage, StorageTx } from '../storage/storage';
import { CodeAttempts } from './code-attempts';
import type { Holding, PrintedRow, PrintedStore } from './printed-store';
import type { Retailer } from './retailers';

const now = (): string => new Date().toISOString();

/** Who is entering a code, for the rate limit: the screen (player, terminal or retailer) and its address. */
export interface CodeAsker {
  readonly screen: string;
  readonly address: string;
}

export type { Holding } from './printed-store';

/**
 * Printed tickets after their emission: the retailer sells one (it becomes playable), a screen claims it by its code
 * and plays it through the ordinary command path (no stake, no prize to a wallet), the retailer pays a win once.
 * A screen without a ticket's code learns nothing of it: a wrong code and an unknown one get the same refusal, and
 * wrong codes are counted per screen and per address (CodeAttempts).
 */
export class PrintedService {
  private readonly source = new CryptoSource();

  constructor(
    private readonly storage: Storage,
    private readonly printed: PrintedStore,
    private readonly attempts: CodeAttempts = new CodeAttempts(),
  ) {}

  /** For the command path: whether this player holds the printed ticket seated on that ticket row. */
  holding(ticketId: string, playerId: number): Holding {
    return this.printed.holding(ticketId, playerId);
  }

  /** The screen holds the ticket from now on (unless it has finished: then it is only shown). */
  async claim(player: PlayerRow, codeText: string, asker: CodeAsker): Promise<ClaimView> {
    const found = await this.find(codeText, asker);
    return this.storage.transact(
      async (tx) => {
        const printed = this.printed.on(tx);
        const p = (await printed.bySerial(found.serial))!;
        if (!(await printed.sale(p.serial))) throw unsold(p);
        const at = now();
        if (p.seatPlayerId === null) await this.seatTicket(tx, p, at);
        const row = (await tx.ticket(p.serial))!;
        if (row.status === 'open' && p.holderPlayerId !== player.id) await printed.hold(p.serial, player.id, at);
        return this.claimView(tx, p);
      },
      { play: false },
    );
  }

  async sell(retailer: Retailer, codeText: string, asker: CodeAsker): Promise<SaleView> {
    const found = await this.find(codeText, asker);
    return this.storage.transact(
      async (tx): Promise<SaleView> => {
        const printed = this.printed.on(tx);
        const sold = await printed.sale(found.serial);
        if (sold) {
          throw new ApiFail(
            409,
            'ticket-already-sold',
            `ticket ${found.serial} was already sold on ${sold.at} at ${sold.shop}`,
            { sold },
          );
        }
        const record = { at: now(), retailer: retailer.id, shop: retailer.shop };
        await printed.insertSale(found.serial, record);
        await tx.audit(
          'payment',
          {
            kind: 'sale',
            ticket: found.serial,
            retailer: retailer.id,
            shop: retailer.shop,
            cents: RULES.ticketPriceCents,
          },
          record.at,
        );
        return { serial: found.serial, code: found.code, sold: record };
      },
      { play: false },
    );
  }

  async check(codeText: string, asker: CodeAsker): Promise<CounterTicketView> {
    const found = await this.find(codeText, asker);
    return this.storage.read((tx) => this.counterView(tx, found));
  }

  async pay(retailer: Retailer, req: PayRequest, asker: CodeAsker): Promise<PaymentView> {
    const found = await this.find(req.code, asker);
    return this.storage.transact(
      async (tx): Promise<PaymentView> => {
        const view = await this.counterView(tx, found);
        const s = found.serial;
        switch (view.status) {
          case 'unsold':
            throw unsold(found);
          case 'sold':
          case 'in-play':
            throw new ApiFail(
              409,
              'ticket-not-finished',
              `ticket ${s} has not been played to the end: nothing can be paid yet`,
            );
          case 'paid':
            throw new ApiFail(
              409,
              'ticket-already-paid',
              `ticket ${s} was already paid on ${view.paid!.at} at ${view.paid!.shop}`,
              { paid: view.paid! },
            );
          case 'finished':
            break;
        }
        const prizeCents = view.prizeCents ?? 0;
        if (prizeCents === 0) throw new ApiFail(409, 'ticket-not-won', `ticket ${s} has lost: there is nothing to pay`);
        if (req.prizeCents !== prizeCents) {
          throw new ApiFail(
            409,
            'amount-mismatch',
            `ticket ${s} pays ${prizeCents} cents, not the ${req.prizeCents} confirmed`,
          );
        }
        const paid = { at: now(), retailer: retailer.id, shop: retailer.shop, prizeCents };
        await this.printed.on(tx).insertPayment(s, paid);
        await tx.audit(
          'payment',
          { kind: 'counter-prize', ticket: s, retailer: retailer.id, shop: retailer.shop, cents: prizeCents },
          paid.at,
        );
        return { serial: s, paid };
      },
      { play: false },
    );
  }

  async report(day: string): Promise<DayReport> {
    const shops = await this.storage.read((tx) => this.printed.on(tx).day(day));
    const sum = (f: (s: (typeof shops)[number]) => number): number => shops.reduce((a, s) => a + f(s), 0);
    return {
      day,
      shops,
      total: {
        ticketsSold: sum((s) => s.ticketsSold),
        prizesPaid: sum((s) => s.prizesPaid),
        paidCents: sum((s) => s.paidCents),
      },
    };
  }

  /**
   * The printed ticket of a code, or a refusal: 429 while the screen or its address is at its limit of wrong codes,
   * 400 for a code that does not read (mistyped), 404 for a code that is no ticket's; the last two count as wrong.
   */
  private async find(codeText: string, asker: CodeAsker): Promise<PrintedRow> {
    const keys = [`screen:${asker.screen}`, `address:${asker.address}`];
    this.attempts.check(keys);
    const parsed = parseGameCode(codeText);
    if (!parsed.ok) {
      this.attempts.fail(keys);
      throw new ApiFail(400, 'code-malformed', parsed.message);
    }
    const p = await this.storage.read((tx) => this.printed.on(tx).byCode(parsed.code));
    if (!p) {
      this.attempts.fail(keys);
      throw new ApiFail(404, 'code-unknown', 'no ticket has this code: check it and type it again');
    }
    return p;
  }

  /** A sold ticket's first claim: its own player row (no wallet) and its ticket row and journal, as any ticket. */
  private async seatTicket(tx: StorageTx, p: PrintedRow, at: string): Promise<void> {
    const seat = await tx.createPlayer('player', null, null, at);
    await this.printed.on(tx).seat(p.serial, seat.id);
    await tx.insertTicket({
      id: p.serial,
      block: p.block,
      index: p.index,
      a1Cents: p.a1Cents,
      a2Cents: p.a2Cents,
      playerId: seat.id,
      // Paid at the counter, not from a wallet: no ledger entry goes with it.
      stakeCents: RULES.ticketPriceCents,
      balanceBeforeCents: 0,
      createdAt: at,
    });
    const game = Game.start(
      { serial: { block: p.block, index: p.index }, a1Cents: p.a1Cents, a2Cents: p.a2Cents },
      this.source,
    );
    await tx.appendEvents(p.serial, 0, 0, game.journal);
  }

  private async claimView(tx: StorageTx, p: PrintedRow): Promise<ClaimView> {
    const row = (await tx.ticket(p.serial))!;
    const journal = await tx.journal(p.serial);
    const game = replayJournal(journal);
    if (!game.ok) throw new Error(`ticket ${p.serial}: its journal does not fold: ${game.error.message}`);
    const ticket: TicketView = {
      id: p.serial,
      nextSeq: row.nextSeq,
      events: shownEvents(journal),
      snapshot: game.value.snapshot(),
    };
    if (row.status === 'open')
      return { serial: p.serial, code: p.code, mode: 'play', ticket, prizeCents: null, paid: null, notice: null };
    const paid = (await this.printed.on(tx).payment(p.serial)) ?? null;
    const notice = paid
      ? {
          code: 'ticket-paid' as const,
          message: `this ticket has been played and was paid on ${paid.at} at ${paid.shop}`,
        }
      : {
          code: 'ticket-finished' as const,
          message: 'this ticket has been played to the end: it can only be looked at',
        };
    return { serial: p.serial, code: p.code, mode: 'look', ticket, prizeCents: row.prizeCents ?? 0, paid, notice };
  }

  private async counterView(tx: StorageTx, p: PrintedRow): Promise<CounterTicketView> {
    const printed = this.printed.on(tx);
    const sold = (await printed.sale(p.serial)) ?? null;
    const paid = (await printed.payment(p.serial)) ?? null;
    const row = p.seatPlayerId === null ? undefined : await tx.ticket(p.serial);
    const status: CounterStatus = !sold
      ? 'unsold'
      : paid
        ? 'paid'
        : !row
          ? 'sold'
          : row.status === 'open'
            ? 'in-play'
            : 'finished';
    const prizeCents = row?.status === 'ended' ? (row.prizeCents ?? 0) : null;
    return { serial: p.serial, code: p.code, status, prizeCents, sold, paid };
  }
}

const unsold = (p: PrintedRow): ApiFail =>
  new ApiFail(409, 'ticket-unsold', `ticket ${p.serial} has not been sold: it plays once a retailer has sold it`);
