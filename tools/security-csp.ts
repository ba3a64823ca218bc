import type { Plugin } from 'vite';

/**
 * The game's Content Security Policy, enforced (not report-only). Script and style come only from the game's own
 * files — no inline script, no eval (Pixi is told to do without it: src/security/pixi-csp.ts) — and the page can
 * reach nothing but its own origin.
 *  - img-src data: blob:  Pixi decodes our SVG art from a data: URL; blob: covers images made in the page.
 *  - media-src blob: data:  @pixi/sound's HTML-audio fallback (browsers without Web Audio) plays from such URLs.
 *  - worker-src 'none'  Pixi's blob: image workers are turned off (preferWorkers: false) — our art needs none.
 */
const DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy in the built index.html's <meta>. frame-ancestors is left out: browsers ignore it (and warn) there. */
export const CSP_META = DIRECTIVES.join('; ');

/** The same policy as a served header, where frame-ancestors works: no site may frame the game. */
export const CSP_HEADER = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/** Headers for `vite preview` (and a model for the production server). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Writes the policy into the built index.html as the first element of <head> after the charset, so it covers every
 * script and style the page loads. Build only: the dev server's HMR client injects inline styles and evaluates
 * modules, which this policy would block.
 */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'poule-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`;
        const at = html.search(/<meta charset[^>]*>/i);
        if (at < 0) throw new Error('index.html has no <meta charset>: cannot place the Content Security Policy');
        const end = html.indexOf('>', at) + 1;
        return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`;
      },
    },
  };
}
