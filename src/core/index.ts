// The core's public face: what the app, the tools and the tests import. Pure TypeScript, no I/O.

export { BlockDealer, type BlockState } from './block';
export { CryptoSource } from './crypto-source';
export type { Command, GameError, GameErrorCode, GameEvent, GameEventType, Phase } from './events';
export { Fraction } from './fraction';
export { Game } from './game';
export { checkJournal, type JournalError, parseJournal, serializeJournal } from './journal';
export { type RoundOdds, roundOdds, type TableOdds, type TicketOdds, tableOdds, ticketOdds } from './odds';
export {
  DEFAULT_PRIZE_TABLE,
  type PrizeRow,
  type PrizeTable,
  type PrizeTableError,
  parsePrizeTable,
} from './prize-table';
export { type DrawKind, type RandomSource, uniformInt } from './random-source';
export { err, ok, type Result } from './result';
export { ELEMENTS, type Element, RULES, type Rules } from './rules';
export type { GameSnapshot, RoundSnapshot } from './snapshot';
export { formatSerial, type Serial, type Ticket } from './ticket';
export { credit, DEMO_CREDIT_CENTS, newWallet, payForTicket, type Wallet, type WalletError } from './wallet';
