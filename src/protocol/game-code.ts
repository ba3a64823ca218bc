/**
 * A printed ticket's game code: 120 random bits written as 24 Crockford base32 characters in four groups of six,
 * then one check symbol (the 120-bit number modulo 37, Crockford's check alphabet), e.g.
 *
 *   7K3QMZ-0R2DXW-B9TNHF-4JPC8E-Y
 *
 * The check catches any one mistyped character and any two neighbours swapped, so the browser and the retailer's
 * page refuse a mistyped code before any request. Reading is forgiving as Crockford's base32 says: lower case is
 * upper case, O reads 0, I and L read 1, spaces and hyphens are ignored. Pure functions, no I/O: shared by the
 * browser, the retailer's page and the server.
 */

/** The 32 data symbols (no I, L, O, U). */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The 37 check symbols: the data symbols, then * ~ $ = U for 32 to 36. */
export const CHECK_ALPHABET = `${CODE_ALPHABET}*~$=U`;

export const CODE_BYTES = 15;
export const CODE_DATA_LENGTH = 24;
export const CODE_GROUP = 6;
/** The written length with its hyphens: 4 groups of 6, the check, 4 hyphens. */
export const CODE_WRITTEN_LENGTH = CODE_DATA_LENGTH + 1 + 4;

export type CodeProblem = 'empty' | 'length' | 'character' | 'check';

export type CodeParse =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly problem: CodeProblem; readonly message: string };

const checkOf = (data: string): string => {
  let r = 0;
  for (const ch of data) r = (r * 32 + CODE_ALPHABET.indexOf(ch)) % 37;
  return CHECK_ALPHABET[r]!;
};

const written = (data: string): string =>
  `${[0, 1, 2, 3].map((g) => data.slice(g * CODE_GROUP, (g + 1) * CODE_GROUP)).join('-')}-${checkOf(data)}`;

/** The written code for 15 random bytes (the server draws them with a cryptographic generator). */
export function formatGameCode(bytes: Uint8Array): string {
  if (bytes.length !== CODE_BYTES) throw new RangeError(`a game code takes ${CODE_BYTES} bytes, got ${bytes.length}`);
  let out = '';
  let check = 0;
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      const v = (acc >> bits) & 31;
      check = (check * 32 + v) % 37;
      if (n > 0 && n % CODE_GROUP === 0) out += '-';
      out += CODE_ALPHABET[v];
      n++;
    }
    acc &= (1 << bits) - 1;
  }
  return `${out}-${CHECK_ALPHABET[check]}`;
}

const READ_AS: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/**
 * Reads a code as typed or scanned (a whole play address is accepted too: its `code` parameter is read). Returns the
 * code in its written form, or the problem: empty, wrong length, a character outside the alphabet, a failed check.
 */
export function parseGameCode(input: string): CodeParse {
  let text = input.trim();
  const inAddress = /[?&]code=([^&#]*)/.exec(text);
  if (inAddress) {
    try {
      text = decodeURIComponent(inAddress[1]!);
    } catch {
      return { ok: false, problem: 'character', message: 'the address holds a code that is not readable' };
    }
  }
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  if (compact === '') return { ok: false, problem: 'empty', message: 'no code was given' };
  if (compact.length !== CODE_DATA_LENGTH + 1) {
    return {
      ok: false,
      problem: 'length',
      message: `a game code has ${CODE_DATA_LENGTH + 1} characters (4 groups of 6 and a check), this one has ${compact.length}`,
    };
  }
  let data = '';
  for (const raw of compact.slice(0, CODE_DATA_LENGTH)) {
    const ch = READ_AS[raw] ?? raw;
    if (!CODE_ALPHABET.includes(ch))
      return { ok: false, problem: 'character', message: `"${raw}" is not a character of a game code` };
    data += ch;
  }
  const rawCheck = compact[CODE_DATA_LENGTH]!;
  const check = rawCheck === 'U' ? 'U' : (READ_AS[rawCheck] ?? rawCheck);
  if (!CHECK_ALPHABET.includes(check))
    return { ok: false, problem: 'character', message: `"${rawCheck}" is not a check character` };
  if (checkOf(data) !== check)
    return { ok: false, problem: 'check', message: 'this code is mistyped: its check character does not match' };
  return { ok: true, code: written(data) };
}

/** The query parameter of the play address that carries the code. */
export const PLAY_CODE_PARAM = 'code';

/**
 * The address printed as the ticket's QR code: the game's page with the code, `${base}/?code=CODE` (a query, not a
 * path, so the built game's relative asset URLs keep working; `$` and `=` of a check are percent-encoded).
 */
export const playAddress = (base: string, code: string): string =>
  `${base.replace(/\/+$/, '')}/?${PLAY_CODE_PARAM}=${encodeURIComponent(code)}`;
