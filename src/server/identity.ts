import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from './audit';

/** Who is asking: a player's cookie or a kiosk terminal's key. Only hashes of tokens are stored. */
export const COOKIE_NAME = 'poule_player';
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export interface TerminalConfig {
  readonly id: string;
  readonly key: string;
}

/** A fresh player token: 128 random bits, as hex. */
export const newToken = (): string => randomBytes(16).toString('hex');

export const tokenHash = (token: string): string => sha256(token);

export const setCookieHeader = (token: string): string =>
  `${COOKIE_NAME}=${token}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict`;

/** The player token in a Cookie header, or null when there is none of the right shape. */
export function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'cookie'; readonly token: string }
  | { readonly kind: 'terminal'; readonly key: string };

/** A terminal's Authorization header wins over any cookie the kiosk's browser may also hold. */
export function credentialsOf(authorization: string | undefined, cookie: string | undefined): Credentials {
  if (authorization !== undefined) {
    const m = /^Terminal\s+(\S+)\s*$/.exec(authorization);
    return { kind: 'terminal', key: m ? m[1]! : '' };
  }
  const token = cookieToken(cookie);
  return token ? { kind: 'cookie', token } : { kind: 'none' };
}

/** Terminal keys from the configuration, compared in constant time (by their hashes). */
export class TerminalKeys {
  private readonly byHash: { readonly id: string; readonly hash: Buffer }[];

  constructor(terminals: readonly TerminalConfig[]) {
    this.byHash = terminals.map((t) => ({ id: t.id, hash: Buffer.from(sha256(t.key), 'hex') }));
  }

  /** The terminal's id for a key, or null for a wrong key. */
  terminalOf(key: string): string | null {
    const h = Buffer.from(sha256(key), 'hex');
    let found: string | null = null;
    for (const t of this.byHash) if (timingSafeEqual(t.hash, h)) found = t.id;
    return found;
  }
}
