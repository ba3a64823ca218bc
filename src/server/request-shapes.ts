import type { Command } from '../core';
import type { BuyRequest, CommandRequest, TopUpRequest } from '../protocol/messages';
import { ApiFail } from './api-error';

/** Checks of request bodies: a wrong shape is refused naming the field, before anything is read or written. */
const MAX_KEY_LENGTH = 128;
const MAX_TICKET_LENGTH = 32;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string): ApiFail => new ApiFail(400, 'bad-request', message);

function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw bad('the body must be a JSON object');
  return body;
}

function keyOf(o: Record<string, unknown>): string {
  const key = o['key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw bad(`"key" must be a string of 1 to ${MAX_KEY_LENGTH} characters (the idempotency key)`);
  }
  return key;
}

export function parseKeyed(body: unknown): BuyRequest & TopUpRequest {
  return { key: keyOf(objectBody(body)) };
}

function numberField(o: Record<string, unknown>, field: string, where: string): number {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`"${where}" must be a number`);
  return v;
}

function commandOf(v: unknown): Command {
  if (!isObject(v)) throw bad('"command" must be an object with a "type"');
  const type = v['type'];
  if (typeof type !== 'string') throw bad('"command.type" must be a string');
  switch (type) {
    case 'reveal':
      return { type };
    case 'pick':
      return { type, hen: numberField(v, 'hen', 'command.hen') };
    case 'chooseHaystack':
      return { type, haystack: numberField(v, 'haystack', 'command.haystack') };
    default:
      throw new ApiFail(
        400,
        'unknown-command',
        `unknown command type ${JSON.stringify(type).slice(0, 40)} (reveal, pick, chooseHaystack)`,
      );
  }
}

/** The request as understood: only its known fields, so the idempotency hash ignores nothing that matters. */
export function parseCommand(body: unknown): CommandRequest {
  const o = objectBody(body);
  const key = keyOf(o);
  const ticket = o['ticket'];
  if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > MAX_TICKET_LENGTH) {
    throw bad('"ticket" must be the ticket\'s id (its serial, e.g. 000001-000042)');
  }
  const seq = o['seq'];
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw bad('"seq" must be a whole number ≥ 1');
  return { key, ticket, seq, command: commandOf(o['command']) };
}
