import { describe, expect, it } from 'vitest';
import { Pace } from './attract-pace';

describe('Pace (the attract loop’s waits)', () => {
  it('keeps nothing of a wait once it has settled, however many a run makes', async () => {
    const pace = new Pace();
    pace.begin();
    for (let i = 0; i < 500; i++) expect(await pace.until(Promise.resolve(i))).toBe(i);
    expect(pace.pending).toBe(0);
  });

  it('ends the waits in progress when the run stops, and answers at once until the next run', async () => {
    const pace = new Pace();
    pace.begin();
    const never = new Promise<void>(() => undefined);
    const waits = [pace.until(never), pace.until(never)];
    expect(pace.pending).toBe(2);
    pace.stop();
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined]);
    expect(pace.pending).toBe(0);
    await expect(pace.until(never)).resolves.toBeUndefined();
    expect(pace.pending).toBe(0);
  });

  it('passes a failure of what it waits for on', async () => {
    const pace = new Pace();
    pace.begin();
    await expect(pace.until(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(pace.pending).toBe(0);
  });
});
