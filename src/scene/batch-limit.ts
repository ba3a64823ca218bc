import { GlLimitsSystem } from 'pixi.js';

/**
 * Caps how many textures one WebGL batch may sample. Pixi's batch shader picks its texture through an if-chain as
 * long as the GPU allows (32 here); a software rasteriser (SwiftShader, a kiosk with no GPU) pays for every branch
 * on every pixel — 66 ms for one full-screen sprite at 1280×720, measured. One texture per batch makes the shader a
 * plain lookup: on SwiftShader the ticket screen's GPU time per frame fell by about a third from a cap of eight
 * (the GPU process's CPU time per frame, `tools/bench-frame-cost.ts`). Consecutive sprites of one source still
 * share a batch: the small pictures are on one sprite sheet (art-sheet.ts), and the build fixes Pixi's batcher, which
 * with one texture a batch had made every sprite its own draw call (tools/pixi-batch-tick.ts).
 */
const MAX_BATCH_TEXTURES = 1;

let applied = false;

export function limitBatchTextures(): void {
  if (applied) return;
  applied = true;
  const original = GlLimitsSystem.prototype.contextChange;
  GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem): void {
    original.call(this);
    this.maxBatchableTextures = Math.min(this.maxBatchableTextures, MAX_BATCH_TEXTURES);
  };
}
