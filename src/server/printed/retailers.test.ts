import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServerOptions } from '../options';
import { RetailerKeys, retailerKeyOf } from './retailers';

describe('retailers in the configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'poule-retailers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = join(dir, 'config.json');
  const withConfig = (data: unknown) => {
    writeFileSync(config, JSON.stringify(data));
    return parseServerOptions(['--config', config]);
  };

  it('are read with their shops; terminals and code limits are optional', () => {
    const o = withConfig({
      retailers: [{ id: 'shop-12', shop: 'Tabac de la Gare', key: 'long-enough-key' }],
      codeAttempts: { limit: 3, windowS: 60 },
    });
    expect(o?.retailers).toEqual([{ id: 'shop-12', shop: 'Tabac de la Gare', key: 'long-enough-key' }]);
    expect(o?.terminals).toEqual([]);
    expect(o?.codeAttempts).toEqual({ limit: 3, windowS: 60 });
    expect(withConfig({ terminals: [] })?.codeAttempts).toBeUndefined();
  });

  it('are refused, naming the retailer and the field, when wrong', () => {
    expect(() => withConfig({ retailers: {} })).toThrow(/"retailers" must be a list/);
    expect(() => withConfig({ retailers: [{ id: 'a', shop: 'A', key: 'short' }] })).toThrow(/retailer 1: "key"/);
    expect(() => withConfig({ retailers: [{ id: 'a', key: 'long-enough-key' }] })).toThrow(/retailer 1: "shop"/);
    expect(() =>
      withConfig({
        retailers: [
          { id: 'a', shop: 'A', key: 'long-enough-1' },
          { id: 'a', shop: 'B', key: 'long-enough-2' },
        ],
      }),
    ).toThrow(/retailer 2: id "a" is given twice/);
    expect(() =>
      withConfig({
        retailers: [
          { id: 'a', shop: 'A', key: 'long-enough-1' },
          { id: 'b', shop: 'B', key: 'long-enough-1' },
        ],
      }),
    ).toThrow(/retailer 2: its key/);
    expect(() => withConfig({ codeAttempts: { limit: 0, windowS: 60 } })).toThrow(/"codeAttempts"/);
  });

  it('sign in with "Authorization: Retailer <key>" and nothing else', () => {
    const keys = new RetailerKeys([{ id: 'shop-12', shop: 'Tabac de la Gare', key: 'long-enough-key' }]);
    expect(keys.retailerOf(retailerKeyOf('Retailer long-enough-key')!)).toEqual({
      id: 'shop-12',
      shop: 'Tabac de la Gare',
    });
    expect(retailerKeyOf('Terminal long-enough-key')).toBeNull();
    expect(retailerKeyOf(undefined)).toBeNull();
    expect(keys.retailerOf('long-enough-kez')).toBeNull();
  });
});
