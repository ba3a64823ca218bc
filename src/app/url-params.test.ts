import { describe, expect, it } from 'vitest';
import { parseParams } from './url-params';

describe('parseParams', () => {
  it('defaults to real play, unseeded, at speed 1', () => {
    expect(parseParams('')).toEqual({
      mode: 'play',
      demo: false,
      seed: null,
      speed: 1,
      lang: null,
      renderer: 'auto',
      terminal: null,
      code: null,
      problems: [],
    });
  });
  it('takes a seed in demo mode, 0 included', () => {
    expect(parseParams('?demo=1&seed=42')).toMatchObject({ mode: 'demo', demo: true, seed: 42, problems: [] });
    expect(parseParams('?demo=1&seed=0').seed).toBe(0);
  });
  it('refuses a seed in real play, visibly, and stays unseeded', () => {
    const p = parseParams('?seed=42');
    expect(p.seed).toBeNull();
    expect(p.demo).toBe(false);
    expect(p.problems).toEqual([{ kind: 'seed-refused' }]);
  });
  it('names a bad value and uses the default', () => {
    const p = parseParams('?demo=1&seed=abc&speed=-3&mode=nope&lang=de');
    expect(p.seed).toBe(1);
    expect(p.speed).toBe(1);
    expect(p.problems.map((x) => (x.kind === 'bad' ? x.name : x.kind)).sort()).toEqual([
      'lang',
      'mode',
      'seed',
      'speed',
    ]);
  });
  it('takes a printed ticket code in real play and kiosks only', () => {
    expect(parseParams('?code=7K3QMZ-0R2DXW-B9TNHF-4JPC8E-Y').code).toBe('7K3QMZ-0R2DXW-B9TNHF-4JPC8E-Y');
    expect(parseParams('?mode=kiosk&code=%20AB%20').code).toBe('AB');
    expect(parseParams('?code=').code).toBeNull();
    const demo = parseParams('?demo=1&code=ABC');
    expect(demo.code).toBeNull();
    expect(demo.problems).toContainEqual({ kind: 'bad', name: 'code', value: 'ABC' });
  });

  it('takes a terminal key in kiosk mode only', () => {
    expect(parseParams('?mode=kiosk&terminal=k-123').terminal).toBe('k-123');
    expect(parseParams('?mode=kiosk').terminal).toBeNull();
    expect(parseParams('?terminal=k-123').terminal).toBeNull();
  });
  it('accepts a speed in any mode', () => {
    expect(parseParams('?speed=8').speed).toBe(8);
  });
});
