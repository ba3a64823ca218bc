import { describe, expect, it } from 'vitest';
import { startJs } from './bench-render';

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
