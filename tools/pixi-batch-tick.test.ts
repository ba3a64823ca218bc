import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markSourceAfterTick, pixiBatchTickPlugin } from './pixi-batch-tick';

const batcher = readFileSync(
  new URL('../node_modules/pixi.js/lib/rendering/batcher/shared/Batcher.mjs', import.meta.url),
  'utf8',
);

describe('pixi-batch-tick', () => {
  it("marks a new batch's source after the batch counter moved, in the installed Pixi", () => {
    const fixed = markSourceAfterTick(batcher);
    const loop = fixed.slice(fixed.indexOf('if (textureBatch.count >= maxTextures || breakRequired)'));
    const tick = loop.indexOf('++BATCH_TICK;');
    const mark = loop.indexOf('source._batchTick = BATCH_TICK;');
    expect(tick).toBeGreaterThan(0);
    expect(mark).toBeGreaterThan(tick);
    expect(fixed.length - batcher.length).toBe('      source._batchTick = BATCH_TICK;\n'.length);
  });

  it('fails loudly when the batcher does not read as expected', () => {
    expect(() => markSourceAfterTick('export class Batcher {}')).toThrow(
      /expected once in Pixi's Batcher\.mjs, found 0/,
    );
    const plugin = pixiBatchTickPlugin();
    expect(plugin.transform('x', '/a/node_modules/pixi.js/lib/index.mjs')).toBeNull();
    expect(() => plugin.buildEnd()).toThrow(/never read/);
    expect(
      plugin.transform(batcher, '/a/node_modules/pixi.js/lib/rendering/batcher/shared/Batcher.mjs')?.code,
    ).toContain('source._batchTick = BATCH_TICK;');
    expect(() => plugin.buildEnd()).not.toThrow();
  });
});
