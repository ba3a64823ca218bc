import { readFileSync } from 'node:fs';
import { type PrizeTable, parsePrizeTable } from '../src/core/prize-table';
import { err, ok, type Result } from '../src/core/result';

/**
 * Reads a prize table from a JSON file in the project's table format (the format of
 * src/core/data/default-prize-table.json, checked by parsePrizeTable). Every failure is a message naming the file
 * and what is wrong with it; nothing is dealt from a bad table.
 */
export function readTableFile(path: string): Result<PrizeTable, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    return err(`cannot read the table file "${path}": ${why}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err(`the table file "${path}" is not valid JSON: ${(e as Error).message}`);
  }
  const table = parsePrizeTable(data);
  if (!table.ok) return err(`the table file "${path}" holds an ${table.error.message}`);
  return ok(table.value);
}
