/**
 * Why a finished ticket read from outside the core (the server's reply, a stored journal) is refused:
 * - corrupt: not the shape of a ticket (a missing or bad field, a journal that does not parse);
 * - inconsistent: well formed, but the rules refuse it (a journal that does not fold, amounts that are no pair of the
 *   prize table, a prize that is not what the journal pays).
 */
export type RecordProblemCode = 'corrupt' | 'inconsistent';

export interface RecordProblem {
  readonly code: RecordProblemCode;
  readonly message: string;
}

export const problem = (code: RecordProblemCode, message: string): RecordProblem => ({ code, message });
