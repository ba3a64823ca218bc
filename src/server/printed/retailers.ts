import { timingSafeEqual } from 'node:crypto';
import { UsageError } from '../../../tools/cli-args';
import { sha256 } from '../audit';
import type { AttemptLimits } from './code-attempts';

/** A retailer of the server's configuration: its id, its shop's name, the key its terminal signs in with. */
export interface RetailerConfig {
  readonly id: string;
  readonly shop: string;
  readonly key: string;
}

export interface Retailer {
  readonly id: string;
  readonly shop: string;
}

/** Retailer keys compared in constant time, by their hashes. */
export class RetailerKeys {
  private readonly byHash: { readonly retailer: Retailer; readonly hash: Buffer }[];

  constructor(retailers: readonly RetailerConfig[]) {
    this.byHash = retailers.map((r) => ({
      retailer: { id: r.id, shop: r.shop },
      hash: Buffer.from(sha256(r.key), 'hex'),
    }));
  }

  retailerOf(key: string): Retailer | null {
    const h = Buffer.from(sha256(key), 'hex');
    let found: Retailer | null = null;
    for (const r of this.byHash) if (timingSafeEqual(r.hash, h)) found = r.retailer;
    return found;
  }
}

/** The retailer's credentials: `Authorization: Retailer <key>`; anything else is no key. */
export function retailerKeyOf(authorization: string | undefined): string | null {
  const m = /^Retailer\s+(\S+)\s*$/.exec(authorization ?? '');
  return m ? m[1]! : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The configuration's "retailers" (optional): each with a non-empty id and shop and a key of 8+ characters, none twice. */
export function readRetailers(data: Record<string, unknown>, file: string): RetailerConfig[] {
  const list = data['retailers'];
  if (list === undefined) return [];
  if (!Array.isArray(list))
    throw new UsageError(`the configuration file "${file}": "retailers" must be a list of { "id", "shop", "key" }`);
  const ids = new Set<string>();
  const keys = new Set<string>();
  return list.map((r: unknown, i) => {
    const where = `the configuration file "${file}", retailer ${i + 1}`;
    const { id, shop, key } = isObject(r) ? r : {};
    if (typeof id !== 'string' || id === '') throw new UsageError(`${where}: "id" must be a non-empty string`);
    if (typeof shop !== 'string' || shop.trim() === '')
      throw new UsageError(`${where}: "shop" must be the shop's name`);
    if (typeof key !== 'string' || key.length < 8 || /\s/.test(key)) {
      throw new UsageError(`${where}: "key" must be a string of at least 8 characters without spaces`);
    }
    if (ids.has(id)) throw new UsageError(`${where}: id "${id}" is given twice`);
    if (keys.has(key)) throw new UsageError(`${where}: its key is already another retailer's`);
    ids.add(id);
    keys.add(key);
    return { id, shop, key };
  });
}

/** The configuration's "codeAttempts" (optional): { "limit": N, "windowS": S }, whole numbers ≥ 1. */
export function readAttemptLimits(data: Record<string, unknown>, file: string): AttemptLimits | undefined {
  const v = data['codeAttempts'];
  if (v === undefined) return undefined;
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
  if (!isObject(v) || !ok(v['limit']) || !ok(v['windowS'])) {
    throw new UsageError(
      `the configuration file "${file}": "codeAttempts" must be { "limit": N, "windowS": S } with whole numbers ≥ 1`,
    );
  }
  return { limit: v['limit'], windowS: v['windowS'] };
}
