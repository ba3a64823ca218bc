import { describe, expect, it } from 'vitest';
import { OnChange } from './on-change';

describe('OnChange', () => {
  it('works the value out once for any number of reads, and again only after a change', () => {
    let sorts = 0;
    const order = [3, 1, 2];
    const sorted = new OnChange(() => {
      sorts++;
      return [...order].sort();
    });
    for (let frame = 0; frame < 600; frame++) expect(sorted.get()).toEqual([1, 2, 3]);
    expect(sorts).toBe(1);
    order.push(0);
    expect(sorted.get()).toEqual([1, 2, 3]);
    sorted.stale();
    expect(sorted.get()).toEqual([0, 1, 2, 3]);
    expect(sorts).toBe(2);
    expect(sorted.computed).toBe(2);
  });
});
