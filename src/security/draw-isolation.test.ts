import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkDrawRules,
  checkServerIsolation,
  type DrawRules,
  importsOf,
  reachable,
  type SourceTree,
} from './import-graph';

/**
 * Nothing in a real game can reach the seeded (demo and test) generator, and the core never draws with Math.random:
 * a scan of src/ (tests and src/core/test-support left out), and the same scan shown to catch planted violations.
 */
function loadTree(dir = 'src'): Map<string, string> {
  const tree = new Map<string, string>();
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (p !== 'src/core/test-support') for (const [k, v] of loadTree(p)) tree.set(k, v);
    } else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
      tree.set(p, readFileSync(p, 'utf8'));
    }
  }
  return tree;
}

const RULES: DrawRules = {
  realPlayEntries: [
    'src/app/server-client.ts',
    'src/app/play-client.ts',
    'src/app/pending-keys.ts',
    'src/app/connection-ui.ts',
    'src/app/modes/kiosk-mode.ts',
    'src/core/index.ts',
    'src/app/ticket-session.ts',
  ],
  pageEntry: 'src/main.ts',
  seeded: 'src/core/seeded-source.ts',
  allowedImporters: (f) => f === 'src/app/local-client.ts' || /^src\/app\/modes\/attract-[\w-]+\.ts$/.test(f),
  core: 'src/core',
};

describe('the real tree', () => {
  const tree = loadTree();

  it('has the modules the rules name (a renamed entry would make the scan vacuous)', () => {
    for (const f of [...RULES.realPlayEntries, RULES.pageEntry, RULES.seeded, 'src/app/local-client.ts']) {
      expect(tree.has(f), f).toBe(true);
    }
    // The graph is really walked: the page reaches the game and both clients; the demo's reaches the generator.
    const fromPage = reachable([RULES.pageEntry], tree);
    for (const f of ['src/app/game-app.ts', 'src/app/server-client.ts', 'src/app/local-client.ts'])
      expect(fromPage).toContain(f);
    expect(importsOf('src/app/local-client.ts', tree)).toContain(RULES.seeded);
    // Real play draws nothing in the browser: the game server deals and draws, the client only asks.
    const real = reachable(['src/app/server-client.ts', 'src/app/ticket-session.ts'], tree);
    expect(real).not.toContain('src/core/crypto-source.ts');
    expect(real).not.toContain('src/core/game.ts');
  });

  it('keeps the rules: no Math.random in the core; the seeded generator only behind demo and attract modules', () => {
    const violations = checkDrawRules(tree, RULES);
    console.log(
      `[draw scan] ${tree.size} modules, ${reachable(RULES.realPlayEntries, tree).size} reachable from real play, ` +
        `importers of the seeded generator: ${[...tree.keys()].filter((f) => importsOf(f, tree).includes(RULES.seeded)).join(', ')}; ` +
        `${violations.length} violations`,
    );
    expect(violations).toEqual([]);
  });
});

describe('the scan catches what it is for (a fake tree)', () => {
  const clean: [string, string][] = [
    ['src/main.ts', "import { start } from './app/game-app';\nstart();"],
    [
      'src/app/game-app.ts',
      "import { ServerClient } from './server-client';\nimport { LocalClient } from './local-client';\nexport const start = () => 0;",
    ],
    [
      'src/app/server-client.ts',
      "import { CryptoSource } from '../core';\nexport const ServerClient = () => new CryptoSource();",
    ],
    ['src/app/play-client.ts', 'export const x = 1;'],
    ['src/app/connection-ui.ts', 'export const x = 1;'],
    [
      'src/app/modes/kiosk-mode.ts',
      "import type { SeededSource } from '../../core/seeded-source';\nexport const kiosk = 1;",
    ],
    [
      'src/app/local-client.ts',
      "import { SeededSource } from '../core/seeded-source';\nexport const LocalClient = () => SeededSource;",
    ],
    ['src/app/pending-keys.ts', "export { x } from './keys/x';"],
    ['src/app/keys/x.ts', '// Math.random is never used here, nor is ../../core/seeded-source\nexport const x = 1;'],
    ['src/app/ticket-session.ts', "import { x } from './pending-keys';\nexport const s = x;"],
    ['src/core/index.ts', "export { CryptoSource } from './crypto-source';"],
    ['src/core/crypto-source.ts', '/* not Math.random() */ export class CryptoSource {}'],
    ['src/core/seeded-source.ts', 'export class SeededSource {}'],
  ];
  const plant = (changes: Record<string, string>): SourceTree => new Map([...clean, ...Object.entries(changes)]);
  const rules = (tree: SourceTree): string[] => checkDrawRules(tree, RULES).map((v) => `${v.rule} ${v.file}`);

  it('a clean fake tree passes (type-only imports and comments are not code)', () => {
    expect(rules(plant({}))).toEqual([]);
  });

  it('Math.random in the core', () => {
    expect(rules(plant({ 'src/core/crypto-source.ts': 'export const draw = () => Math.random();' }))).toEqual([
      'math-random src/core/crypto-source.ts',
    ]);
    expect(rules(plant({ 'src/core/deep/odd.ts': 'const r = Math .random;' }))).toEqual([
      'math-random src/core/deep/odd.ts',
    ]);
  });

  it('the seeded generator imported by real-play code, directly, through a re-export or a dynamic import', () => {
    expect(rules(plant({ 'src/app/keys/x.ts': "import { SeededSource } from '../../core/seeded-source';" }))).toEqual([
      'seeded-importer src/app/keys/x.ts',
      'seeded-in-real-play src/app/keys/x.ts',
      'seeded-in-real-play src/core/seeded-source.ts',
    ]);
    expect(rules(plant({ 'src/core/index.ts': "export { SeededSource } from './seeded-source';" }))).toEqual([
      'seeded-importer src/core/index.ts',
      'seeded-in-real-play src/core/index.ts',
      'seeded-in-real-play src/core/seeded-source.ts',
      'seeded-from-page src/main.ts',
    ]);
    expect(
      rules(plant({ 'src/app/modes/kiosk-mode.ts': "const m = await import('../../core/seeded-source');" })),
    ).toContain('seeded-in-real-play src/app/modes/kiosk-mode.ts');
  });

  it('a demo module pulled into real play, or the page reaching the generator around the demo module', () => {
    expect(rules(plant({ 'src/app/server-client.ts': "import { LocalClient } from './local-client';" }))).toContain(
      'seeded-in-real-play src/app/local-client.ts',
    );
    expect(rules(plant({ 'src/app/game-app.ts': "import '../core/seeded-source';" }))).toEqual([
      'seeded-importer src/app/game-app.ts',
      'seeded-from-page src/main.ts',
    ]);
  });
});

describe('the game server stays out of the browser bundle', () => {
  it('nothing reachable from the page is under src/server/ (and the server does exist in the tree)', () => {
    const tree = loadTree();
    expect(
      [...tree.keys()].some((f) => f.startsWith('src/server/')),
      'src/server/ is scanned',
    ).toBe(true);
    expect(reachable(['src/server/main.ts'], tree)).toContain('src/server/app.ts');
    expect(checkServerIsolation(tree, 'src/main.ts', 'src/server')).toEqual([]);
    // The retailer's page is a second entry of the build: the same holds for it.
    expect(reachable(['src/retail/main.ts'], tree)).toContain('src/protocol/game-code.ts');
    expect(checkServerIsolation(tree, 'src/retail/main.ts', 'src/server')).toEqual([]);
  });

  it('a planted import of the server, direct or through a chain or a dynamic import, is caught', () => {
    const base: [string, string][] = [
      ['src/main.ts', "import { start } from './app/game-app';\nstart();"],
      [
        'src/app/game-app.ts',
        "import type { Storage } from '../server/storage/storage';\nexport const start = () => 0;",
      ],
      ['src/server/storage/storage.ts', 'export interface Storage {}'],
      ['src/server/app.ts', "import { x } from './storage/sqlite-storage';"],
      ['src/server/storage/sqlite-storage.ts', 'export const x = 1;'],
      ['src/protocol/messages.ts', 'export const shownEvent = 1;'],
    ];
    const scan = (changes: Record<string, string>): string[] =>
      checkServerIsolation(new Map([...base, ...Object.entries(changes)]), 'src/main.ts', 'src/server').map(
        (v) => `${v.rule} ${v.file}`,
      );
    expect(scan({})).toEqual([]);
    expect(scan({ 'src/app/game-app.ts': "import { x } from '../server/storage/sqlite-storage';" })).toEqual([
      'server-in-page src/server/storage/sqlite-storage.ts',
    ]);
    expect(
      scan({
        'src/app/game-app.ts': "import '../protocol/messages';",
        'src/protocol/messages.ts': "export * from '../server/app';",
      }),
    ).toEqual(['server-in-page src/server/app.ts', 'server-in-page src/server/storage/sqlite-storage.ts']);
    expect(scan({ 'src/app/game-app.ts': "const m = await import('../server/app');" })).toContain(
      'server-in-page src/server/app.ts',
    );
  });
});
