import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORDS } from './tables';

const holes = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('the words: one table per language, one namespace per part of the game', () => {
  it('every namespace has the same keys in both languages, each string with the same placeholders', () => {
    expect(Object.keys(WORDS.en).sort()).toEqual(Object.keys(WORDS.fr).sort());
    for (const ns of Object.keys(WORDS.fr) as (keyof typeof WORDS.fr)[]) {
      const fr: Record<string, string> = WORDS.fr[ns];
      const en: Record<string, string> = WORDS.en[ns];
      expect(Object.keys(en).sort(), ns).toEqual(Object.keys(fr).sort());
      for (const key of Object.keys(fr)) expect(holes(en[key]!), `${ns}.${key}`).toEqual(holes(fr[key]!));
    }
  });

  describe('the compiler refuses a missing key and a wrong placeholder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poule-words-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const here = resolve('src/app/i18n');
    const check = (code: string): string => {
      writeFileSync(join(dir, 'probe.ts'), code);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: resolve('tsconfig.json'),
          compilerOptions: { types: [] },
          include: ['probe.ts'],
        }),
      );
      try {
        execFileSync(resolve('node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
        return '';
      } catch (e) {
        return String((e as { stdout?: string }).stdout ?? e);
      }
    };
    const head = [
      `import { I18n } from '${here}/index';`,
      `import { translation } from '${here}/table';`,
      `import { pw } from '${resolve('src/app/persistence-words')}';`,
      `const fr = { hello: 'Bonjour {name}', bye: 'Au revoir' } as const;`,
      'const i = new I18n();',
    ].join('\n');

    it('right calls and a right translation compile', () => {
      const out = check(
        `${head}\nexport const en = translation<typeof fr>()({ hello: 'Hello {name}', bye: 'Bye' } as const);\n` +
          "export const a = i.t('buy', { price: '2 €' }) + i.t('title') + pw('fr', 'replayBanner', { serial: 'x' });",
      );
      expect(out).toBe('');
    }, 60_000);

    it('a translation missing a key, or with another placeholder, is an error there', () => {
      const out = check(
        `${head}\nexport const e1 = translation<typeof fr>()({ hello: 'Hello {name}' } as const);\n` +
          "export const e2 = translation<typeof fr>()({ hello: 'Hello {nom}', bye: 'Bye' } as const);",
      );
      // The type it wanted names every key: 'bye' is one of them, missing from the translation.
      expect(out).toMatch(/probe\.ts\(6,\d+\): error[^\n]*readonly bye: string/);
      expect(out).toMatch(/probe\.ts\(7,\d+\)[\s\S]*placeholdersDiffer: "hello"/);
    }, 60_000);

    it('a call with a placeholder missing, misspelt or not in its string is an error', () => {
      const out = check(
        `${head}\nexport const c1 = i.t('buy');\nexport const c2 = i.t('buy', { prize: 1 });\n` +
          "export const c3 = i.t('title', { price: 1 });\nexport const c4 = pw('en', 'replayBanner', { id: 'x' });\n" +
          "export const c5 = i.t('noSuchKey');",
      );
      for (const line of [6, 7, 8, 9, 10]) expect(out).toMatch(new RegExp(`probe\\.ts\\(${line},\\d+\\): error`));
    }, 60_000);
  });
});
