/**
 * Build-time trims of our two big libraries, so the JS the game needs for its first frame stays small. Each is a
 * source transform of one known library file; each fails the build if that file no longer looks as expected, so a
 * library update cannot silently undo (or break) it.
 *
 * 1. Pixi's renderers load on demand. Pixi imports the renderer it picks with `import()`, but its barrel files
 *    (`pixi.js` → lib/index.mjs, lib/rendering/index.mjs) also re-export every WebGPU and canvas-renderer class, so the
 *    bundler sees them statically reachable and folds them into the main chunk. Dropping those re-exports leaves them
 *    reachable only through `import()`: the canvas renderer becomes a lazy chunk, loaded only where WebGL is missing.
 *    (A name dropped this way cannot be imported from 'pixi.js' in the built game: the build says « Missing export ».)
 * 2. No WebGPU renderer: src/scene/stage.ts asks for ['webgl', 'canvas'] (url-params offers nothing else), so Pixi's
 *    `import()` of its WebGPU renderer can never run; it is replaced by a rejection and the renderer is not shipped.
 * 3. gsap without its CSS plugin: every tween in the game moves Pixi objects (plain properties), never DOM styles.
 *    `import gsap from 'gsap'` gets gsap's core. A tween of a DOM element's CSS would only warn (« Missing plugin? »).
 * 4. No Pixi features the game never uses: Pixi registers sprite sheets, DOM containers and filters at import (side
 *    effect imports in its entry and its environment files), so they ship even when nothing asks for them. The game
 *    loads single files (its one sprite sheet is made in the page, src/scene/art-sheet.ts), puts no DOM element on
 *    stage and sets no filter or mask: those imports are dropped. (Setting `filters` on a container would then draw it
 *    unfiltered; `new DOMContainer` would not draw.)
 * 5. Pixi's canvas helpers probe at import whether a 2D canvas can blend by multiplying (three canvases drawn and one
 *    read back): text rendering imports that module, so the probe ran before the loading screen, about half a second
 *    under software rendering (traced). Only the canvas renderer's tinting reads the answer: it is asked for then.
 *
 * Build only (these run as Rolldown plugins from vite.config.ts `build.rolldownOptions`): the dev server and Vitest
 * use the libraries as they are.
 */

/** The part of a Rolldown plugin these use. */
export interface SourcePlugin {
  readonly name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
  buildEnd(error?: Error): void;
}

const PIXI_BARREL = /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/](?:.+[\\/])?index\.mjs$/;
const PIXI_AUTODETECT =
  /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]autoDetectRenderer\.mjs$/;
const GSAP_INDEX = /[\\/]node_modules[\\/]gsap[\\/]index\.js$/;
const PIXI_ENTRY = /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]index\.mjs$/;
const PIXI_ENVIRONMENT =
  /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]environment-(?:browser[\\/]browserAll|webworker[\\/]webworkerAll)\.mjs$/;

/** The side-effect imports of Pixi features the game does not use, by the file they are in. */
const UNUSED_FEATURES: Readonly<Record<'entry' | 'environment', readonly string[]>> = {
  entry: ["import './spritesheet/init.mjs';"],
  environment: ["import '../spritesheet/init.mjs';", "import '../dom/init.mjs';", "import '../filters/init.mjs';"],
};

/**
 * Removes from one of Pixi's entry or environment files the imports of `UNUSED_FEATURES[kind]` that it has. Throws
 * if it has none of them (Pixi changed its layout: the trim would silently do nothing).
 */
export function dropUnusedFeatures(code: string, kind: 'entry' | 'environment'): string {
  const unused = new Set(UNUSED_FEATURES[kind]);
  const lines = code.split('\n');
  const kept = lines.filter((line) => !unused.has(line.trim()));
  if (kept.length === lines.length)
    throw new Error(`bundle-split: none of ${[...unused].join(', ')} found in Pixi's ${kind} file`);
  return kept.join('\n');
}

/** A re-export from one of Pixi's renderer-specific folders (rendering/renderers/gpu/…, rendering/renderers/canvas/…). */
const RENDERER_REEXPORT = /^export \{[^}]*\} from '[^']*renderers\/(?:gpu|canvas)\/[^']*';$/;

/** Removes the barrel lines that re-export WebGPU and canvas-renderer modules; every other line is kept as it is. */
export function dropRendererReexports(code: string): { code: string; dropped: number } {
  let dropped = 0;
  const lines = code.split('\n').filter((line) => {
    const hit = RENDERER_REEXPORT.test(line);
    if (hit) dropped++;
    return !hit;
  });
  return { code: lines.join('\n'), dropped };
}

const WEBGPU_IMPORT = "import('./gpu/WebGPURenderer.mjs')";
const NO_WEBGPU = "Promise.reject(new Error('this build ships no WebGPU renderer (tools/bundle-split.ts)'))";

/** Replaces Pixi's `import()` of its WebGPU renderer by a rejection. Throws if the import is not found exactly once. */
export function dropWebGpuImport(code: string): string {
  const parts = code.split(WEBGPU_IMPORT);
  if (parts.length !== 2)
    throw new Error(`bundle-split: expected one ${WEBGPU_IMPORT} in autoDetectRenderer.mjs, found ${parts.length - 1}`);
  return parts.join(NO_WEBGPU);
}

/** gsap's index.js as its core alone: the same default and named exports but CSSPlugin. */
export function gsapCoreOnly(code: string): string {
  if (!code.includes('registerPlugin(CSSPlugin)') || !code.includes('from "./gsap-core.js"')) {
    throw new Error('bundle-split: gsap/index.js no longer registers CSSPlugin over ./gsap-core.js as expected');
  }
  return 'export * from "./gsap-core.js";\nexport { default } from "./gsap-core.js";\n';
}

const PIXI_CANVAS_UTILS =
  /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canvasUtils\.mjs$/;
const PROBE_AT_IMPORT = '  canUseMultiply: canUseNewCanvasBlendModes(),';
const PROBE_WHEN_ASKED = '  get canUseMultiply() {\n    return canUseNewCanvasBlendModes();\n  },';
const TINT_AT_IMPORT =
  'canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;';
const TINT_WHEN_ASKED = `{
  let chosen = null;
  Object.defineProperty(canvasUtils, 'tintMethod', {
    get: () => chosen ?? (canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel),
    set: (m) => { chosen = m; },
    configurable: true,
    enumerable: true,
  });
}`;

/**
 * Pixi's canvasUtils with its blend-mode probe run when first asked for, not at import (the answer is cached by
 * `canUseNewCanvasBlendModes` itself). Throws unless both import-time uses are found exactly once.
 */
export function probeWhenAsked(code: string): string {
  for (const line of [PROBE_AT_IMPORT, TINT_AT_IMPORT])
    if (code.split(line).length !== 2)
      throw new Error(`bundle-split: expected once in Pixi's canvasUtils.mjs: ${line.trim()}`);
  return code.replace(PROBE_AT_IMPORT, PROBE_WHEN_ASKED).replace(TINT_AT_IMPORT, TINT_WHEN_ASKED);
}

/** The five trims as one build plugin. Fails the build if Pixi's barrels no longer re-export renderer modules. */
export function bundleSplitPlugin(): SourcePlugin {
  let barrelsDropped = 0;
  return {
    name: 'poule-bundle-split',
    transform(code, id) {
      if (PIXI_BARREL.test(id)) {
        const r = dropRendererReexports(PIXI_ENTRY.test(id) ? dropUnusedFeatures(code, 'entry') : code);
        barrelsDropped += r.dropped;
        return r.dropped ? { code: r.code, map: null } : null;
      }
      if (PIXI_AUTODETECT.test(id)) return { code: dropWebGpuImport(code), map: null };
      if (GSAP_INDEX.test(id)) return { code: gsapCoreOnly(code), map: null };
      if (PIXI_CANVAS_UTILS.test(id)) return { code: probeWhenAsked(code), map: null };
      if (PIXI_ENVIRONMENT.test(id)) return { code: dropUnusedFeatures(code, 'environment'), map: null };
      return null;
    },
    // After every module is transformed: nothing dropped means Pixi changed its layout (or the build skipped Pixi).
    buildEnd(error) {
      if (!error && barrelsDropped === 0)
        throw new Error("bundle-split: no renderer re-export found in pixi.js's barrels");
    },
  };
}
