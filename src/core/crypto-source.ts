import type { RandomSource } from './random-source';

/**
 * The source of every real ticket: Web Crypto's getRandomValues (also global in Node 20), read in batches because
 * one call per draw would dominate the cost of a ticket.
 */
export class CryptoSource implements RandomSource {
  readonly kind = 'crypto' as const;
  private readonly buffer = new Uint32Array(1024);
  private next = this.buffer.length;

  nextUint32(): number {
    if (this.next === this.buffer.length) {
      globalThis.crypto.getRandomValues(this.buffer);
      this.next = 0;
    }
    // Each value is read once and never handed out twice.
    return this.buffer[this.next++]!;
  }
}
