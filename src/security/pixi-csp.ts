// Pixi under a strict Content Security Policy (no 'unsafe-eval'). Imported first by src/main.ts, before any renderer.
//
// - pixi.js/unsafe-eval swaps the shader, uniform, UBO and particle code generators (which build functions with
//   `new Function`) for static versions, so the page never needs 'unsafe-eval'.
// - Pixi decodes PNG/WebP textures in a Web Worker made from a blob: URL when it can. Our WebP art is small and
//   decoded on the main thread (createImageBitmap), the SVG fallback from a data: URL, so no worker is needed;
//   turning them off keeps the policy at worker-src 'none' instead of allowing blob: workers (a blob: worker runs
//   script the policy never saw).
import 'pixi.js/unsafe-eval';
import { Assets } from 'pixi.js';

Assets.setPreferences({ preferWorkers: false });
