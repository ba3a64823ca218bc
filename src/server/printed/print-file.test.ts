import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { emissionCommand } from '../../../tools/emission/emission';
import { postgresAvailable } from '../../../tools/postgres/temp-postgres';
import { parseGameCode, playAddress } from '../../protocol/game-code';
import { openReader } from '../record-reader';
import { postgresBackend } from '../storage/backends';
import { readPrintFile } from './pdf-read';
import { faceLines } from './print-file';

const BASE = 'https://jeu.example/poule';

describe('the emission command and its print file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'poule-print-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const database = join(dir, 'poule.sqlite');
  const lines: string[] = [];
  const out = { write: (t: string) => lines.push(t) };

  it("prints the first faces: each QR code decodes to its ticket's play address; amounts, code and serial are the records'", async () => {
    const pdf = join(dir, 'first.pdf');
    const code = await emissionCommand(
      ['--database', database, '--blocks', '1', '--out', pdf, '--base-url', BASE, '--print-first', '12'],
      out,
      out,
    );
    expect(code, lines.join('')).toBe(0);
    expect(lines.join('')).toMatch(/emission 1: blocks 1-1, 300000 tickets/);
    const faces = await readPrintFile(readFileSync(pdf));
    const db = new Database(database, { readonly: true });
    const records = db
      .prepare<[], { serial: string; code: string; a1Cents: number; a2Cents: number }>(
        'SELECT serial, code, a1_cents AS a1Cents, a2_cents AS a2Cents FROM printed_tickets ORDER BY block, idx LIMIT 12',
      )
      .all();
    db.close();
    expect(faces).toHaveLength(12);
    faces.forEach((face, i) => {
      const r = records[i]!;
      const address = playAddress(BASE, r.code);
      expect(face.qr).toEqual([address]);
      expect(parseGameCode(face.qr[0]!)).toEqual({ ok: true, code: r.code });
      const expected = faceLines({ ...r, address });
      for (const amount of expected.amounts) expect(face.text).toContain(amount);
      expect(face.text).toContain(expected.code);
      expect(face.text).toContain(expected.serial);
    });
    // The amounts as drawn are the record's, read from the text itself.
    expect(faces[0]!.text.filter((t) => t.startsWith('A1 : ') || t.startsWith('A2 : '))).toEqual(
      faceLines({ ...records[0]!, address: '' }).amounts,
    );
  }, 300_000);

  it('prints a range of an existing emission again, the same faces', async () => {
    const pdf = join(dir, 'range.pdf');
    expect(
      await emissionCommand(
        ['--database', database, '--emission', '1', '--out', pdf, '--base-url', BASE, '--print-range', '11-13'],
        out,
        out,
      ),
    ).toBe(0);
    const again = await readPrintFile(readFileSync(pdf));
    const first = await readPrintFile(readFileSync(join(dir, 'first.pdf')));
    expect(again.slice(0, 2)).toEqual(first.slice(10, 12));
    expect(again).toHaveLength(3);
  }, 120_000);

  it('refuses bad options, naming them, and writes nothing', async () => {
    const err: string[] = [];
    const e = { write: (t: string) => err.push(t) };
    const pdf = join(dir, 'never.pdf');
    expect(await emissionCommand(['--database', database, '--out', pdf, '--base-url', BASE], e, e)).toBe(2);
    expect(
      await emissionCommand(['--database', database, '--blocks', '1', '--out', pdf, '--base-url', 'ftp://x'], e, e),
    ).toBe(2);
    expect(
      await emissionCommand(['--database', database, '--emission', '9', '--out', pdf, '--base-url', BASE], e, e),
    ).toBe(2);
    expect(
      await emissionCommand(
        ['--database', database, '--emission', '1', '--out', pdf, '--base-url', BASE, '--print-range', '5-2'],
        e,
        e,
      ),
    ).toBe(2);
    expect(err.join('')).toMatch(/either --blocks N/);
    expect(err.join('')).toMatch(/--base-url must be/);
    expect(err.join('')).toMatch(/no printed emission 9/);
    expect(err.join('')).toMatch(/--print-range must be/);
    expect(
      await emissionCommand(
        ['--database', database, '--emission', '1', '--out', pdf, '--base-url', BASE, '--print-first', '20001'],
        e,
        e,
      ),
    ).toBe(2);
    expect(err.join('')).toMatch(/at most 20000 faces a file/);
    expect(() => readFileSync(pdf)).toThrow();
  });

  it.runIf(postgresAvailable())(
    "on PostgreSQL too: an emission written to a postgres:// database, its faces the database's records",
    async () => {
      const backend = await postgresBackend();
      try {
        const url = await backend.create();
        const pdf = join(dir, 'pg.pdf');
        const said: string[] = [];
        const o = { write: (t: string) => said.push(t) };
        const argv = ['--database', url, '--blocks', '1', '--out', pdf, '--base-url', BASE, '--print-first', '3'];
        expect(await emissionCommand(argv, o, o), said.join('')).toBe(0);
        expect(said.join('')).toMatch(/emission 1: blocks 1-1, 300000 tickets/);
        const faces = await readPrintFile(readFileSync(pdf));
        const { reader, close } = await openReader(url);
        const records = await reader.all<{ serial: string; code: string }>(
          'SELECT serial, code FROM printed_tickets ORDER BY block, idx LIMIT 3',
          [],
        );
        await close();
        expect(faces.map((f) => f.qr)).toEqual(records.map((r) => [playAddress(BASE, r.code)]));
        expect(
          await emissionCommand(['--database', url, '--emission', '2', '--out', pdf, '--base-url', BASE], o, o),
        ).toBe(2);
        expect(said.join('')).toMatch(/no printed emission 2 in postgres:\/\//);
      } finally {
        await backend.dispose();
      }
    },
    300_000,
  );
});
