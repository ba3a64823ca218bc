import { type AttractConfig, type AttractProblem, attractFileOf, parseAttractConfig } from '../attract-config';

/** The settings file marketing edits, served beside the game (assets/ is the public folder). */
const DEFAULT_FILE = 'attract.json';

/**
 * Fetches the attract settings — `?attract=<file>.json` from the same origin, else attract.json — and parses them
 * with the URL's. A file asked for by name that cannot be read or parsed is named; a missing default file is not
 * (the defaults are the defaults).
 */
export async function loadAttractConfig(
  search: string,
): Promise<{ config: AttractConfig; problems: AttractProblem[] }> {
  const { file, problem } = attractFileOf(search);
  const problems: AttractProblem[] = problem ? [problem] : [];
  let json: unknown = null;
  const url = file ?? DEFAULT_FILE;
  try {
    const r = await fetch(url, { cache: 'no-store' });
    const isJson = (r.headers.get('content-type') ?? '').includes('json');
    if (r.ok && (isJson || file)) json = await r.json();
    else if (file) problems.push({ name: 'attract', value: `${file} (HTTP ${r.status})` });
  } catch {
    if (file) problems.push({ name: 'attract', value: `${file} (not JSON)` });
    else problems.push({ name: DEFAULT_FILE, value: 'not JSON' });
  }
  const parsed = parseAttractConfig(search, json);
  return { config: parsed.config, problems: [...problems, ...parsed.problems] };
}
