import { problem, type RecordProblem } from './record-problem';
import { err, ok, type Result } from './result';

/** Small shape checks shared by the saved-record readers; a failure is a 'corrupt' problem naming the field. */

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whole, non-negative, safe-integer cents. */
export const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** An ISO 8601 UTC time as Date.toISOString() writes it. */
export const isIsoTime = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(v) && !Number.isNaN(Date.parse(v));

/** Checks that `data` is an object whose listed fields pass their checks; names the first bad field. */
export function checkFields(
  what: string,
  data: unknown,
  fields: Record<string, (v: unknown) => boolean>,
): Result<Record<string, unknown>, RecordProblem> {
  if (!isObj(data)) return err(problem('corrupt', `${what} is not an object`));
  for (const [field, check] of Object.entries(fields)) {
    if (!check(data[field]))
      return err(problem('corrupt', `${what}: bad field "${field}" (${JSON.stringify(data[field]) ?? 'missing'})`));
  }
  return ok(data);
}
