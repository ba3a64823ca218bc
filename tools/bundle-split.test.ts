import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bundleSplitPlugin,
  dropRendererReexports,
  dropUnusedFeatures,
  dropWebGpuImport,
  gsapCoreOnly,
  probeWhenAsked,
} from './bundle-split';

const lib = (p: string): string => readFileSync(new URL(`../node_modules/${p}`, import.meta.url), 'utf8');

/** The names a module exports (`export { a as b }`, `export var x`, `export function f`, `export class C`). */
function exportedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  }
  for (const m of code.matchAll(/export\s+(?:var|let|const|function|class)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  return names;
}

describe('bundle-split: Pixi renderers', () => {
  it("drops the installed Pixi's WebGPU and canvas-renderer re-exports and keeps the WebGL ones", () => {
    const barrel = lib('pixi.js/lib/rendering/index.mjs');
    const r = dropRendererReexports(barrel);
    expect(r.dropped).toBeGreaterThan(20);
    expect(r.code).not.toMatch(/^export .*renderers\/(gpu|canvas)\//m);
    expect(r.code).toContain("from './renderers/gl/WebGLRenderer.mjs'");
    expect(r.code).toContain("from './batcher/shared/BatcherPipe.mjs'");
    expect(barrel.split('\n').length - r.code.split('\n').length).toBe(r.dropped);
    expect(dropRendererReexports(lib('pixi.js/lib/index.mjs')).code).not.toContain('WebGPURenderer');
  });

  it('keeps a line that only mentions a renderer folder outside an export', () => {
    const code = "import './renderers/gpu/side-effect.mjs';\nexport { A } from './renderers/gl/A.mjs';";
    expect(dropRendererReexports(code)).toEqual({ code, dropped: 0 });
  });

  it("replaces the installed Pixi's WebGPU import() by a rejection, and refuses a file without it", () => {
    const out = dropWebGpuImport(lib('pixi.js/lib/rendering/renderers/autoDetectRenderer.mjs'));
    expect(out).not.toContain('WebGPURenderer.mjs');
    expect(out).toContain("import('./gl/WebGLRenderer.mjs')");
    expect(out).toContain("import('./canvas/CanvasRenderer.mjs')");
    expect(() => dropWebGpuImport('export const x = 1;')).toThrow(/WebGPURenderer/);
  });

  it('fails the build when no barrel had a renderer re-export (Pixi changed its layout)', () => {
    const plugin = bundleSplitPlugin();
    plugin.transform(
      "import './spritesheet/init.mjs';\nexport { A } from './a.mjs';",
      '/x/node_modules/pixi.js/lib/index.mjs',
    );
    expect(() => plugin.buildEnd()).toThrow(/no renderer re-export/);
    const ok = bundleSplitPlugin();
    ok.transform(lib('pixi.js/lib/index.mjs'), '/x/node_modules/pixi.js/lib/index.mjs');
    expect(() => ok.buildEnd()).not.toThrow();
    expect(() => bundleSplitPlugin().buildEnd(new Error('another failure'))).not.toThrow();
  });

  it('leaves other modules alone', () => {
    expect(
      bundleSplitPlugin().transform("export { A } from './renderers/gpu/A.mjs';", '/work/src/scene/stage.ts'),
    ).toBeNull();
  });
});

describe('bundle-split: gsap core', () => {
  it("the installed gsap's core exports every name its index does, but CSSPlugin", () => {
    const index = exportedNames(lib('gsap/index.js'));
    const core = exportedNames(lib('gsap/gsap-core.js'));
    const missing = [...index].filter((n) => n !== 'CSSPlugin' && !core.has(n));
    expect(index.has('default') && index.has('gsap')).toBe(true);
    expect(missing).toEqual([]);
    expect(gsapCoreOnly(lib('gsap/index.js'))).toBe(
      'export * from "./gsap-core.js";\nexport { default } from "./gsap-core.js";\n',
    );
  });

  it('refuses an index that no longer wraps the core with CSSPlugin', () => {
    expect(() => gsapCoreOnly('export * from "./gsap-core.js";')).toThrow(/CSSPlugin/);
  });
});

describe('bundle-split: Pixi features the game does not use', () => {
  it("drops the installed Pixi's sprite-sheet, DOM and filter registrations and keeps the others", () => {
    const entry = dropUnusedFeatures(lib('pixi.js/lib/index.mjs'), 'entry');
    expect(entry).not.toContain("import './spritesheet/init.mjs';");
    expect(entry).toContain("import './rendering/init.mjs';");
    const browser = dropUnusedFeatures(lib('pixi.js/lib/environment-browser/browserAll.mjs'), 'environment');
    expect(browser).not.toMatch(/spritesheet\/init|dom\/init|filters\/init/);
    expect(browser).toContain("import '../accessibility/init.mjs';");
    expect(browser).toContain("import '../events/init.mjs';");
    expect(browser).toContain("import '../rendering/init.mjs';");
  });

  it('refuses a file that has none of them (Pixi changed its layout)', () => {
    expect(() => dropUnusedFeatures("import '../events/init.mjs';", 'environment')).toThrow(/none of/);
  });

  it("applies to Pixi's entry and environment files only", () => {
    const plugin = bundleSplitPlugin();
    const out = plugin.transform(
      lib('pixi.js/lib/environment-browser/browserAll.mjs'),
      '/x/node_modules/pixi.js/lib/environment-browser/browserAll.mjs',
    );
    expect(out?.code).not.toContain('filters/init');
    expect(plugin.transform("import '../filters/init.mjs';", '/work/src/scene/stage.ts')).toBeNull();
  });
});

describe("bundle-split: Pixi's canvas blend-mode probe", () => {
  /** The transformed module run with its imports stubbed: the probe counts its calls. */
  function load(code: string): { utils: Record<string, unknown>; probes: () => number } {
    let probes = 0;
    const body = code
      .replace(/^import .*$/gm, '')
      .replace(/^export \{ canvasUtils \};$/m, 'return canvasUtils;')
      .replace(/^\/\/# sourceMappingURL.*$/m, '');
    const make = new Function('canUseNewCanvasBlendModes', 'Color', 'DOMAdapter', 'groupD8', body) as (
      ...a: unknown[]
    ) => Record<string, unknown>;
    const utils = make(() => ++probes > 0, {}, {}, {});
    return { utils, probes: () => probes };
  }

  it("runs the installed Pixi's probe when first asked, not at import, and tints as before", () => {
    const original = lib('pixi.js/lib/rendering/renderers/canvas/utils/canvasUtils.mjs');
    expect(load(original).probes()).toBe(1);
    const m = load(probeWhenAsked(original));
    expect(m.probes()).toBe(0);
    expect(m.utils['canUseMultiply']).toBe(true);
    expect(m.utils['tintMethod']).toBe(m.utils['tintWithMultiply']);
    expect(m.probes()).toBeGreaterThan(0);
    // Pixi lets a game choose its tint method: a choice made is kept.
    m.utils['tintMethod'] = m.utils['tintWithPerPixel'];
    expect(m.utils['tintMethod']).toBe(m.utils['tintWithPerPixel']);
  });

  it('refuses a file without the import-time probe (Pixi changed it)', () => {
    expect(() => probeWhenAsked('const canvasUtils = {};')).toThrow(/canUseMultiply/);
  });

  it('applies to canvasUtils.mjs only', () => {
    const plugin = bundleSplitPlugin();
    const code = lib('pixi.js/lib/rendering/renderers/canvas/utils/canvasUtils.mjs');
    const id = '/x/node_modules/pixi.js/lib/rendering/renderers/canvas/utils/canvasUtils.mjs';
    expect(plugin.transform(code, id)?.code).toContain('get canUseMultiply()');
    expect(plugin.transform(code, '/x/node_modules/pixi.js/lib/rendering/renderers/canvas/utils/other.mjs')).toBeNull();
  });
});
