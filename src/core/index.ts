// The core's public face: what the app, the tools and the tests import. Pure TypeScript, no I/O.
export { RULES, ELEMENTS, type Rules, type Element } from './rules';
export { ok, err, type Result } from './result';
export { uniformInt, type RandomSource, type DrawKind } from './random-source';
export { CryptoSource } from './crypto-source';
export { parsePrizeTable, DEFAULT_PRIZE_TABLE, type PrizeTable, type PrizeRow, type PrizeTableError } from './prize-table';
export { BlockDealer, type BlockState } from './block';
export { formatSerial, type Serial, type Ticket } from './ticket';
export type { GameEvent, GameEventType, Command, Phase, GameError, GameErrorCode } from './events';
export { Game } from './game';
export type { GameSnapshot, RoundSnapshot } from './snapshot';
export { serializeJournal, parseJournal, checkJournal, type JournalError } from './journal';
export { Fraction } from './fraction';
export { roundOdds, ticketOdds, tableOdds, type RoundOdds, type TicketOdds, type TableOdds } from './odds';
export { newWallet, payForTicket, credit, DEMO_CREDIT_CENTS, type Wallet, type WalletError } from './wallet';
