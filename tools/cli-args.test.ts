import { describe, expect, it } from 'vitest';
import { integerFlag, parseFlags, secondsFlag, UsageError } from './cli-args';

const SPECS = { games: { takesValue: true }, seed: { takesValue: true }, json: { takesValue: false } };

describe('parseFlags', () => {
  it('reads values in both spellings and switches', () => {
    const flags = parseFlags(['--games', '10', '--seed=-3', '--json'], SPECS);
    expect(flags.get('games')).toBe('10');
    expect(flags.get('seed')).toBe('-3');
    expect(flags.get('json')).toBe(true);
  });

  it.each([
    [['--speed', '3'], /unknown option "--speed"/],
    [['games', '3'], /unexpected argument "games"/],
    [['--games'], /"--games" needs a value/],
    [['--games', '--json'], /"--games" needs a value/],
    [['--games='], /"--games" needs a value/],
    [['--json=yes'], /"--json" takes no value/],
    [['--games', '1', '--games', '2'], /given twice/],
    [['--toString', '1'], /unknown option "--toString"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseFlags(argv, SPECS)).toThrow(UsageError);
    expect(() => parseFlags(argv, SPECS)).toThrow(message);
  });
});

describe('integerFlag and secondsFlag', () => {
  const read = (value: string, min = 1) => integerFlag(parseFlags(['--games', value], SPECS), 'games', min);

  it('takes plain digits within the range', () => {
    expect(read('1000000')).toBe(1_000_000);
    expect(read('0', 0)).toBe(0);
    expect(read('-7', -10)).toBe(-7);
    expect(integerFlag(parseFlags([], SPECS), 'games', 1)).toBeUndefined();
  });

  it.each(['1e6', '12.0', '0x10', 'abc', '-0x1', '+5', ' 5'])('refuses "%s" as a whole number', (value) => {
    expect(() => read(value, Number.MIN_SAFE_INTEGER)).toThrow(/must be a whole number/);
  });

  it('refuses numbers out of range, naming the range', () => {
    expect(() => read('0')).toThrow('--games must be at least 1, got 0');
    expect(() => read('9007199254740993')).toThrow('--games must be at most 9007199254740991, got 9007199254740993');
    expect(() => integerFlag(parseFlags(['--games', '11'], SPECS), 'games', 1, 10)).toThrow('between 1 and 10');
  });

  it('reads seconds with decimals', () => {
    const flags = parseFlags(['--games', '0.25'], SPECS);
    expect(secondsFlag(flags, 'games')).toBe(0.25);
    expect(() => secondsFlag(parseFlags(['--games', '0'], SPECS), 'games')).toThrow(/positive number of seconds/);
    expect(() => secondsFlag(parseFlags(['--games', 'soon'], SPECS), 'games')).toThrow(/positive number of seconds/);
  });
});
