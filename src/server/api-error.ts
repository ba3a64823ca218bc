import type { ApiError, ApiErrorCode } from '../protocol/messages';

/** What a refusal may name beside its message: when and where a ticket was sold or paid, when to try again. */
export type FailDetail = Omit<ApiError['error'], 'code' | 'message'>;

import type { UpdateRef } from './storage/storage';

/** A refusal: an HTTP status and a code from the wire contract, with a message naming what is wrong. */
export class ApiFail extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly detail: FailDetail = {},
  ) {
    super(message);
    this.name = 'ApiFail';
  }

  get body(): ApiError {
    return { error: { code: this.code, message: this.message, ...this.detail } };
  }
}

/** A reply as sent (and as stored under an idempotency key): the status and the exact JSON text. */
export interface Reply {
  readonly status: number;
  readonly body: string;
  /** Set on a ticket's update: where it can be rebuilt from, so it need not be stored twice. */
  readonly update?: UpdateRef;
}

export const jsonReply = (status: number, value: unknown): Reply => ({ status, body: JSON.stringify(value) });

export const failReply = (f: ApiFail): Reply => jsonReply(f.status, f.body);
