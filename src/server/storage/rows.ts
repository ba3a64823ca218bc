import type { BlockRow, PlayerRow, TicketRow } from './storage';

/** The tables' rows as both backends read them (snake_case columns), and the rows the service sees. */
export interface RawTicket {
  id: string;
  block: number;
  idx: number;
  a1_cents: number;
  a2_cents: number;
  player_id: number;
  status: 'open' | 'ended';
  next_seq: number;
  prize_cents: number | null;
  stake_cents: number;
  balance_before: number;
  balance_after: number | null;
  created_at: string;
  ended_at: string | null;
}

export const ticketOf = (r: RawTicket): TicketRow => ({
  id: r.id,
  block: r.block,
  index: r.idx,
  a1Cents: r.a1_cents,
  a2Cents: r.a2_cents,
  playerId: r.player_id,
  status: r.status,
  nextSeq: r.next_seq,
  prizeCents: r.prize_cents,
  stakeCents: r.stake_cents,
  balanceBeforeCents: r.balance_before,
  balanceAfterCents: r.balance_after,
  createdAt: r.created_at,
  endedAt: r.ended_at,
});

export interface RawPlayer {
  id: number;
  kind: 'player' | 'terminal';
  terminal_id: string | null;
}
export const playerOf = (r: RawPlayer): PlayerRow => ({ id: r.id, kind: r.kind, terminalId: r.terminal_id });

export interface RawBlock {
  block: number;
  emission: number;
  prize_table: string;
  remaining: string;
  dealt: number;
  status: BlockRow['status'];
}
export const blockOf = (r: RawBlock): BlockRow => ({
  block: r.block,
  emission: r.emission,
  prizeTable: r.prize_table,
  remaining: JSON.parse(r.remaining) as number[],
  dealt: r.dealt,
  status: r.status,
});
