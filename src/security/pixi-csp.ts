// Pixi under a strict Content Security Policy (no 'unsafe-eval'). Imported first by src/main.ts, before any renderer.
//
// - pixi.js/unsafe-eval swaps the shader, uniform, UBO and particle code generators (which build functions with
//   `new Function`) for static versions, so the page never needs 'unsafe-eval'.
// - Pixi's Assets decodes textures in a Web Worker made from a blob: URL when it can. The game does not use Assets:
//   src/scene/assets.ts decodes our WebP art on the main thread (createImageBitmap) and the SVG fallback from a data:
//   URL, so no worker is made and the policy stays at worker-src 'none' (a blob: worker runs script it never saw).
import 'pixi.js/unsafe-eval';
