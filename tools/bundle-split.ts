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

/** The three trims as one build plugin. Fails the build if Pixi's barrels no longer re-export renderer modules. */
export function bundleSplitPlugin(): SourcePlugin {
  let barrelsDropped = 0;
  return {
    name: 'poule-bundle-split',
    transform(code, id) {
      if (PIXI_BARREL.test(id)) {
        const r = dropRendererReexports(code);
        barrelsDropped += r.dropped;
        return r.dropped ? { code: r.code, map: null } : null;
      }
      if (PIXI_AUTODETECT.test(id)) return { code: dropWebGpuImport(code), map: null };
      if (GSAP_INDEX.test(id)) return { code: gsapCoreOnly(code), map: null };
      return null;
    },
    // After every module is transformed: nothing dropped means Pixi changed its layout (or the build skipped Pixi).
    buildEnd(error) {
      if (!error && barrelsDropped === 0)
        throw new Error("bundle-split: no renderer re-export found in pixi.js's barrels");
    },
  };
}
