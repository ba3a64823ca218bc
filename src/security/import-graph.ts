import { posix } from 'node:path';

/**
 * A small static scan of the source tree, for the draw-isolation test: which modules import which (parsed from the
 * import and export statements, type-only imports left out since they ship no code), which are reachable from an
 * entry, and the rules a real game's code must keep. Pure: it works on a map path → text, so a test can run it on
 * the real tree or on a fake one with a planted violation.
 */
export type SourceTree = ReadonlyMap<string, string>;

const SPECIFIERS = [
  // import x from '…', import { a } from '…', export { a } from '…', export * from '…' (not `import type`/`export type`)
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (a module run for its effects)
  /(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g,
  // import('…')
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Type-only imports and re-exports (`import type { A } from '…'`): no code, but still a module leaning on another. */
const TYPE_SPECIFIERS = [/(?:^|[;\n])\s*(?:import|export)\s+type\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g];

/** Removes comments, so a word in a comment is neither an import nor a use. Strings are kept (specifiers live there). */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * The relative modules `file` imports, resolved to paths of `tree` (packages such as 'pixi.js' are left out); with
 * `types`, its type-only imports too.
 */
export function importsOf(file: string, tree: SourceTree, types = false): string[] {
  const text = stripComments(tree.get(file) ?? '');
  const found = new Set<string>();
  for (const re of types ? [...SPECIFIERS, ...TYPE_SPECIFIERS] : SPECIFIERS) {
    for (const m of text.matchAll(re)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const base = posix.normalize(posix.join(posix.dirname(file), spec));
      const hit = [base, `${base}.ts`, `${base}/index.ts`].find((p) => tree.has(p));
      if (hit) found.add(hit);
    }
  }
  return [...found];
}

/** Every module reachable from `entries`, not going through `barriers` (which are listed but not followed). */
export function reachable(
  entries: readonly string[],
  tree: SourceTree,
  barriers: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const todo = entries.filter((e) => tree.has(e));
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    if (barriers.has(f)) continue;
    todo.push(...importsOf(f, tree));
  }
  return seen;
}

export interface DrawRules {
  /** Modules of real play: what they reach may not import the seeded generator. */
  readonly realPlayEntries: readonly string[];
  /** The page's entry: the seeded generator may be reached from it only through `allowedImporters`. */
  readonly pageEntry: string;
  /** The seeded generator's module. */
  readonly seeded: string;
  /** Modules allowed to import it (demo and attract play). */
  readonly allowedImporters: (file: string) => boolean;
  /** The folder where Math.random is refused (the draws live there). */
  readonly core: string;
}

export interface Violation {
  readonly file: string;
  readonly rule: 'math-random' | 'seeded-in-real-play' | 'seeded-importer' | 'seeded-from-page' | 'server-in-page';
  readonly detail: string;
}

export function checkDrawRules(tree: SourceTree, r: DrawRules): Violation[] {
  const out: Violation[] = [];
  for (const [file, text] of tree) {
    if (file.startsWith(`${r.core}/`) && /\bMath\s*\.\s*random\b/.test(stripComments(text))) {
      out.push({
        file,
        rule: 'math-random',
        detail: 'Math.random in the core: every draw must come from a RandomSource',
      });
    }
    if (file !== r.seeded && !r.allowedImporters(file) && importsOf(file, tree).includes(r.seeded)) {
      out.push({ file, rule: 'seeded-importer', detail: `imports ${r.seeded} but is not a demo or attract module` });
    }
  }
  for (const file of reachable(r.realPlayEntries, tree)) {
    if (file === r.seeded || importsOf(file, tree).includes(r.seeded)) {
      out.push({ file, rule: 'seeded-in-real-play', detail: `reachable from real play and reaches ${r.seeded}` });
    }
  }
  const allowed = new Set([...tree.keys()].filter(r.allowedImporters));
  if (reachable([r.pageEntry], tree, allowed).has(r.seeded)) {
    out.push({
      file: r.pageEntry,
      rule: 'seeded-from-page',
      detail: `${r.seeded} is reached other than through demo or attract modules`,
    });
  }
  return out;
}

/**
 * The game server's code (Node only: its database, its keys) never reaches the browser: no module reachable from the
 * page's entry may be under `serverDir`, nor import a module there.
 */
export function checkServerIsolation(tree: SourceTree, pageEntry: string, serverDir: string): Violation[] {
  const out: Violation[] = [];
  for (const file of reachable([pageEntry], tree)) {
    if (file.startsWith(`${serverDir}/`))
      out.push({ file, rule: 'server-in-page', detail: `reachable from ${pageEntry}` });
  }
  return out;
}

/**
 * A circle of imports in `tree` (type-only imports counted: a circle of types is the same tangle for a reader), as
 * the modules along it with the first one again at the end, or null when the imports form no circle.
 */
export function findCycle(tree: SourceTree): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): string[] | null => {
    state.set(f, 'open');
    path.push(f);
    for (const next of importsOf(f, tree, true)) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of [...tree.keys()].sort()) {
    if (state.has(f)) continue;
    const found = visit(f);
    if (found) return found;
  }
  return null;
}
