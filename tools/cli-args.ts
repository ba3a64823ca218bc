/**
 * A small, strict command-line reader for the tools: every flag is declared, anything else is refused with a
 * message that names it. A tool turns a refusal into exit code 2 (bad usage), as Unix tools do.
 */

/** A flag that takes a value (`--games 1000` or `--games=1000`) or a switch (`--json`). */
export interface FlagSpec {
  readonly takesValue: boolean;
}

export type ParsedFlags = ReadonlyMap<string, string | true>;

/** Where a tool writes: process.stdout and process.stderr, or a collector in tests. */
export interface Output {
  write(text: string): unknown;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Reads `argv` (without node and the script) against `specs`; throws UsageError on anything unknown or malformed. */
export function parseFlags(argv: readonly string[], specs: Readonly<Record<string, FlagSpec>>): ParsedFlags {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option "--${name}"`);
    if (flags.has(name)) throw new UsageError(`option "--${name}" is given twice`);
    if (!spec.takesValue) {
      if (eq !== -1) throw new UsageError(`option "--${name}" takes no value`);
      flags.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      // A following flag is not a value: "--games --json" lacks the number of games.
      if (next !== undefined && !next.startsWith('--')) {
        value = next;
        i++;
      }
    }
    if (value === undefined || value === '') throw new UsageError(`option "--${name}" needs a value`);
    flags.set(name, value);
  }
  return flags;
}

/** The string value of a flag, or undefined when it is absent. */
export function stringFlag(flags: ParsedFlags, name: string): string | undefined {
  const v = flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/**
 * A whole number written in plain digits (an optional leading minus when `min` < 0), within [min, max].
 * "1e6", "12.0", "0x10" and " 5" are refused: a count or a seed is typed as digits.
 */
export function integerFlag(
  flags: ParsedFlags,
  name: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const text = stringFlag(flags, name);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  const n = Number(text);
  const tooLarge = !Number.isSafeInteger(n) || n > max;
  if (tooLarge || n < min) {
    const unbounded = max === Number.MAX_SAFE_INTEGER;
    const range = !unbounded ? `between ${min} and ${max}` : tooLarge ? `at most ${max}` : `at least ${min}`;
    throw new UsageError(`--${name} must be ${range}, got ${text}`);
  }
  return n;
}

/** A positive number of seconds, decimals allowed ("0.5"). */
export function secondsFlag(flags: ParsedFlags, name: string): number | undefined {
  const text = stringFlag(flags, name);
  if (text === undefined) return undefined;
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(n > 0) || !Number.isFinite(n))
    throw new UsageError(`--${name} must be a positive number of seconds, got "${text}"`);
  return n;
}
