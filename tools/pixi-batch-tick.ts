/**
 * A fix to Pixi's batcher, applied to its source at build time. When a batch is full (`maxTextures` different texture
 * sources), Pixi starts a new batch with the next sprite's source but marks that source with the batch counter from
 * BEFORE it advances the counter: the next sprite of the same source then looks new and, the batch being full again,
 * starts yet another batch. With one texture a batch (src/scene/batch-limit.ts) every sprite became its own draw
 * call, even sprites sharing one sprite sheet. The fix marks the source after the counter moved. Fails the build if
 * Pixi's batcher no longer reads as expected (an update may have fixed it, or moved the code: look again).
 *
 * Build only, like tools/bundle-split.ts: the dev server draws with Pixi as it is (more draw calls, same pictures).
 */
import type { SourcePlugin } from './bundle-split';

const PIXI_BATCHER = /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]batcher[\\/]shared[\\/]Batcher\.mjs$/;

const STALE = `        ++BATCH_TICK;
      }
      element._textureId = source._textureBindLocation = textureBatch.count;`;
const FRESH = `        ++BATCH_TICK;
      }
      source._batchTick = BATCH_TICK;
      element._textureId = source._textureBindLocation = textureBatch.count;`;

/** Pixi's Batcher.mjs with a new batch's source marked with the new batch's counter. Throws unless found once. */
export function markSourceAfterTick(code: string): string {
  const parts = code.split(STALE);
  if (parts.length !== 2)
    throw new Error(`pixi-batch-tick: expected once in Pixi's Batcher.mjs, found ${parts.length - 1}: ${STALE}`);
  return parts.join(FRESH);
}

export function pixiBatchTickPlugin(): SourcePlugin {
  let fixed = false;
  return {
    name: 'poule-pixi-batch-tick',
    transform(code, id) {
      if (!PIXI_BATCHER.test(id)) return null;
      fixed = true;
      return { code: markSourceAfterTick(code), map: null };
    },
    buildEnd(error) {
      if (!error && !fixed) throw new Error("pixi-batch-tick: the build never read Pixi's Batcher.mjs");
    },
  };
}
