import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycle } from './import-graph';

/** Every module under `dir`, tests included (a test's imports are imports too). */
function loadTree(dir: string): Map<string, string> {
  const tree = new Map<string, string>();
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = posix.join(dir, e.name);
    if (e.isDirectory()) for (const [k, v] of loadTree(p)) tree.set(k, v);
    else if (p.endsWith('.ts')) tree.set(p, readFileSync(p, 'utf8'));
  }
  return tree;
}

describe('no circle of imports in src/', () => {
  it('finds none, type-only imports counted', () => {
    const tree = loadTree('src');
    expect(tree.size).toBeGreaterThan(200);
    expect(findCycle(tree)).toBeNull();
  });

  describe('a circle planted in a folder of its own is found', () => {
    const root = mkdtempSync(join(tmpdir(), 'poule-cycle-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (files: Record<string, string>): string => {
      const dir = mkdtempSync(join(root, 'src-'));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(posix.dirname(posix.join(dir, name)), { recursive: true });
        writeFileSync(posix.join(dir, name), text);
      }
      return dir;
    };

    it('through values, three modules long, across folders', () => {
      const dir = write({
        'app/game.ts': "import { flow } from './flow';\nexport const game = flow;",
        'app/flow.ts': "import { view } from '../scene/view';\nexport const flow = view;",
        'scene/view.ts': "import { game } from '../app/game';\nexport const view = () => game;",
      });
      expect(findCycle(loadTree(dir))).toEqual([
        `${dir}/app/flow.ts`,
        `${dir}/scene/view.ts`,
        `${dir}/app/game.ts`,
        `${dir}/app/flow.ts`,
      ]);
    });

    it('through a type-only import, and through an index re-export', () => {
      const types = write({
        'a.ts': "import type { B } from './b';\nexport interface A { b: B }",
        'b.ts': "import type { A } from './a';\nexport interface B { a: A }",
      });
      expect(findCycle(loadTree(types))).toEqual([`${types}/a.ts`, `${types}/b.ts`, `${types}/a.ts`]);
      const index = write({
        'core/index.ts': "export { x } from './x';",
        'core/x.ts': "import { y } from '.';\nexport const x = 1;",
      });
      expect(findCycle(loadTree(index))).not.toBeNull();
    });

    it('a tree without a circle (a diamond, a comment naming an import) passes', () => {
      const dir = write({
        'a.ts': "import { b } from './b';\nimport { c } from './c';\nexport const a = b + c;",
        'b.ts': "import { d } from './d';\nexport const b = d;",
        'c.ts': "// import { a } from './a';\nimport { d } from './d';\nexport const c = d;",
        'd.ts': 'export const d = 1;',
      });
      expect(findCycle(loadTree(dir))).toBeNull();
    });
  });
});
