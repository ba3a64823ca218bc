/**
 * The page side of the painted-frames check (tools/check-damage.ts, e2e/damage-frames.spec.ts): after each frame the
 * painter drew, the canvas is read back, the whole stage drawn again over it and read again; `window.__damage`
 * counts the frames checked and those where any pixel differs by more than two levels (of 255) in a channel.
 */
/** Keeps Pixi's application (its devtools hook) for the check. */
export const DAMAGE_PROBE = 'globalThis.__PIXI_APP_INIT__ = (app) => { window.__checkApp = app; };';

/**
 * Installs the check in the page: a ticker listener after the renderer's (UPDATE_PRIORITY.UTILITY, -50). It keeps
 * the worst frame's two pictures (RGBA, rows from the bottom) for `--out`.
 */
export const INSTALL_DAMAGE_CHECK = (every: number): string => `(() => {
  const app = window.__checkApp, r = app.renderer, gl = r.gl;
  const w = window; w.__damage = { frames: 0, bad: 0, worst: 0, worstBox: null, worstLabel: '', label: '', A: null, B: null };
  let n = 0;
  app.ticker.add(() => {
    if (++n % ${every}) return;
    const W = gl.drawingBufferWidth, H = gl.drawingBufferHeight;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    const a = new Uint8Array(W * H * 4);
    gl.readPixels(0, 0, W, H, gl.RGBA, gl.UNSIGNED_BYTE, a);
    r.renderTarget.resetState?.();
    r.render({ container: app.stage });
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    const b = new Uint8Array(W * H * 4);
    gl.readPixels(0, 0, W, H, gl.RGBA, gl.UNSIGNED_BYTE, b);
    r.renderTarget.resetState?.();
    let bad = 0, x0 = W, y0 = H, x1 = -1, y1 = -1;
    for (let i = 0; i < a.length; i += 4) {
      // One or two levels apart is rounding: a still picture blends its layers into an 8-bit texture first.
      if (Math.abs(a[i] - b[i]) > 2 || Math.abs(a[i + 1] - b[i + 1]) > 2 || Math.abs(a[i + 2] - b[i + 2]) > 2) {
        bad++;
        const p = i >> 2, x = p % W, y = H - 1 - ((p / W) | 0);
        if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
      }
    }
    const d = w.__damage;
    d.frames++;
    if (bad) d.bad++;
    if (bad > d.worst) { d.worst = bad; d.worstBox = [x0, y0, x1, y1]; d.worstLabel = d.label; d.A = a; d.B = b; d.W = W; d.H = H; }
  }, undefined, -50);
})()`;

/** The check's counts so far. */
export interface DamageCounts {
  readonly frames: number;
  readonly bad: number;
  readonly worst: number;
  readonly box: number[] | null;
  readonly label: string;
}

export const DAMAGE_COUNTS =
  '({ frames: window.__damage.frames, bad: window.__damage.bad, worst: window.__damage.worst, box: window.__damage.worstBox, label: window.__damage.worstLabel })';
