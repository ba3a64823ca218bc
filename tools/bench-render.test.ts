import { describe, expect, it } from 'vitest';
import { parseViewports, ratio, startJs } from './bench-render';

describe('bench:render: the JS needed at start', () => {
  const all: [string, number][] = [
    ['assets/index.js', 1000],
    ['assets/Shared.js', 300],
    ['assets/CanvasRenderer.js', 50],
  ];

  it('counts the files the page loaded, once each, and names the lazy ones', () => {
    const r = startJs(all, ['assets/index.js', 'assets/Shared.js', 'assets/index.js']);
    expect(r).toEqual({ gzip: 1300, files: 2, lazy: [['assets/CanvasRenderer.js', 50]], unknown: [] });
  });

  it('reports a loaded file that is not in the build (a wrong --dist), instead of counting it as 0', () => {
    expect(startJs(all, ['assets/index.js', 'assets/other-build.js']).unknown).toEqual(['assets/other-build.js']);
  });
});

describe('bench:render: sizes and ratios', () => {
  it('reads --sizes as WIDTHxHEIGHT pairs and names a bad one', () => {
    expect(parseViewports('1280x720,1080x1920')).toEqual([
      { width: 1280, height: 720 },
      { width: 1080, height: 1920 },
    ]);
    expect(() => parseViewports('1280x720,big')).toThrow(/"big" is not WIDTHxHEIGHT/);
  });

  it('gives a frame figure as a ratio to the floor, and no ratio against an empty floor', () => {
    expect(ratio(50, 40)).toBeCloseTo(1.25);
    expect(ratio(50, 0)).toBeNaN();
  });
});
