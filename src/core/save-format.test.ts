import { describe, expect, it } from 'vitest';
import { makeDeviceKey, openRecord, sealRecord } from './record-seal';
import { FORMAT_VERSION, canonicalJson, crc32, readEnvelope } from './save-format';

describe('canonical JSON', () => {
  it('sorts keys at every level and drops undefined fields, so equal data gives equal text', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 'é' }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[1,{"y":"é","z":0}]},"b":1}',
    );
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it('refuses what is not JSON', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
  });
});

describe('CRC-32', () => {
  it('gives the standard check values', () => {
    expect(crc32('123456789')).toBe('cbf43926');
    expect(crc32('')).toBe('00000000');
    expect(crc32('La poule aux œufs d’or')).not.toBe(crc32('La poule aux œufs d’Or'));
  });
});

describe('sealed records', () => {
  const payload = { balanceCents: 1800, topUps: [] };

  it('round-trip: what is sealed opens to the same payload', async () => {
    const key = await makeDeviceKey();
    const r = await sealRecord('wallet', 'wallet', payload, key);
    expect(r.formatVersion).toBe(FORMAT_VERSION);
    expect(r.checksum).toBe(crc32(r.body));
    expect(r.tag).toMatch(/^[0-9a-f]{64}$/);
    expect(await openRecord(structuredClone(r), 'wallet', 'wallet', key)).toEqual({ ok: true, value: payload });
  });

  it('the device key cannot be read out', async () => {
    const key = await makeDeviceKey();
    expect(key.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('names each fault: not a record, bad JSON, checksum, version, tag, another key, a swapped place', async () => {
    const key = await makeDeviceKey();
    const r = await sealRecord('wallet', 'wallet', payload, key);
    const open = async (raw: unknown, kind: 'wallet' | 'meters' = 'wallet', id = 'wallet') => {
      const res = await openRecord(raw, kind, id, key);
      return res.ok ? 'ok' : `${res.error.code}: ${res.error.message}`;
    };
    expect(await open('garbage')).toMatch(/^corrupt: .*not a saved record/);
    const badJson = { ...r, body: '{"balanceCents":18', checksum: crc32('{"balanceCents":18') };
    expect(await open(badJson)).toMatch(/^corrupt: .*not valid JSON/);
    expect(await open({ ...r, checksum: '00000000' })).toMatch(/^corrupt: .*checksum does not match/);
    expect(await open({ ...r, formatVersion: 2 })).toMatch(/^wrong-version: .*version 2; this game reads version 1/);
    const edited = r.body.replace('1800', '99800');
    expect(await open({ ...r, body: edited, checksum: crc32(edited) })).toMatch(/^tampered: .*not signed by this device's key/);
    const other = await sealRecord('wallet', 'wallet', payload, await makeDeviceKey());
    expect(await open(other)).toMatch(/^tampered/);
    expect(await open(r, 'meters', 'meters')).toMatch(/^tampered: .*claims to be wallet/);
    // Relabelled to fit its new place, the tag still binds the old kind.
    expect(await open({ ...r, kind: 'meters', id: 'meters' }, 'meters', 'meters')).toMatch(/^tampered: .*not signed/);
    expect(await open(r)).toBe('ok');
  });

  it('readEnvelope alone checks everything but the tag', () => {
    const r = readEnvelope({ formatVersion: 1, kind: 'block', id: 'block', body: '{}', checksum: crc32('{}'), tag: 'x' }, 'block', 'block');
    expect(r.ok).toBe(true);
  });
});
