/**
 * Does redrawing only a small rectangle make a frame cheap here? (a diagnostic, not a test). Raw WebGL pages at one
 * canvas size, each measured with the same rAF loop and the GPU process's CPU time a frame as bench-frame-cost.ts:
 * - floor: the bench's floor (a clear and one blended untextured full-screen quad);
 * - textured: a clear and one blended full-screen TEXTURED quad (a canvas-sized picture), as a scene's background;
 * - preserved-full: the same with `preserveDrawingBuffer: true`;
 * - scissor: `preserveDrawingBuffer: true`, the picture drawn whole once, then each frame only a 200×200 rectangle
 *   (scissor test on) that moves: the picture, then a small untextured quad, redrawn inside it;
 * - scissor-unpreserved: the same without preserveDrawingBuffer (what is outside the rectangle is then undefined:
 *   only its cost is of interest);
 * - idle: the picture drawn once and nothing after (rAF still running): what a frame not drawn costs.
 *
 *   npx tsx tools/bench-scissor.ts [--size 1280x720] [--seconds 4] [--rect 200]
 */
import type { Browser, Page } from '@playwright/test';
import { launchBenchBrowser } from './bench-browser';
import { browserCpu } from './browser-cpu';
import { parseFlags, stringFlag, UsageError } from './cli-args';

type Variant = 'floor' | 'textured' | 'preserved-full' | 'scissor' | 'scissor-unpreserved' | 'idle';
const VARIANTS: Variant[] = ['floor', 'textured', 'preserved-full', 'scissor', 'scissor-unpreserved', 'idle'];

/** One page's script: `variant` and the rectangle's side are substituted in. */
function pageHtml(variant: Variant, rect: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%;overflow:hidden}
canvas{display:block}</style></head><body><canvas id="c"></canvas><script>
(() => {
  const variant = ${JSON.stringify(variant)}, R = ${rect};
  const c = document.getElementById('c');
  c.width = innerWidth; c.height = innerHeight;
  const preserve = variant === 'preserved-full' || variant === 'scissor' || variant === 'idle';
  const gl = c.getContext('webgl2', { antialias: false, premultipliedAlpha: true, alpha: true, preserveDrawingBuffer: preserve });
  const sh = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
  const prog = (vs, fs) => { const p = gl.createProgram(); gl.attachShader(p, sh(gl.VERTEX_SHADER, vs));
    gl.attachShader(p, sh(gl.FRAGMENT_SHADER, fs)); gl.linkProgram(p); return p; };
  const flat = prog('attribute vec2 a; void main(){ gl_Position = vec4(a, 0.0, 1.0); }',
    'precision mediump float; uniform float t; void main(){ gl_FragColor = vec4(0.5 + 0.5 * sin(t), 0.6, 0.3, 0.5); }');
  const pic = prog('attribute vec2 a; varying vec2 v; void main(){ v = a * 0.5 + 0.5; gl_Position = vec4(a, 0.0, 1.0); }',
    'precision mediump float; varying vec2 v; uniform sampler2D s; void main(){ gl_FragColor = texture2D(s, v); }');
  const buf = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buf);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  // A picture of the canvas's size with detail everywhere (as art is), premultiplied, opaque.
  const px = new Uint8Array(c.width * c.height * 4);
  for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) {
    const i = (y * c.width + x) * 4;
    px[i] = (x * 7 + y * 3) & 255; px[i + 1] = (x ^ y) & 255; px[i + 2] = (x * y) & 255; px[i + 3] = 255;
  }
  const tex = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, tex);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, c.width, c.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, px);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.enable(gl.BLEND); gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  const quad = (p) => { gl.useProgram(p); const a = gl.getAttribLocation(p, 'a');
    gl.enableVertexAttribArray(a); gl.vertexAttribPointer(a, 2, gl.FLOAT, false, 0, 0); gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4); };
  const t = gl.getUniformLocation(flat, 't');
  const full = (now) => {
    gl.disable(gl.SCISSOR_TEST);
    gl.viewport(0, 0, c.width, c.height);
    gl.clearColor(0.18, 0.37, 0.13, 1); gl.clear(gl.COLOR_BUFFER_BIT);
    if (variant === 'floor') { gl.useProgram(flat); gl.uniform1f(t, now / 500); quad(flat); }
    else quad(pic);
  };
  window.__f = []; window.__rec = false;
  let last = 0, first = true;
  const loop = (now) => {
    if (variant === 'scissor' || variant === 'scissor-unpreserved') {
      if (first) full(now);
      // A rectangle moving across the canvas, as a hen lifting would.
      const x = Math.floor((0.5 + 0.4 * Math.sin(now / 700)) * (c.width - R));
      const y = Math.floor((0.5 + 0.4 * Math.cos(now / 900)) * (c.height - R));
      gl.enable(gl.SCISSOR_TEST); gl.scissor(x, y, R, R);
      gl.clearColor(0.18, 0.37, 0.13, 1); gl.clear(gl.COLOR_BUFFER_BIT);
      quad(pic); gl.useProgram(flat); gl.uniform1f(t, now / 500); quad(flat);
    } else if (variant === 'idle') {
      if (first) full(now);
    } else full(now);
    first = false;
    if (window.__rec && last) window.__f.push(now - last);
    last = now;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})();
</script></body></html>`;
}

async function measure(page: Page, seconds: number): Promise<string> {
  await page.evaluate('window.__f = []; window.__rec = true;');
  const a = browserCpu();
  await page.waitForTimeout(seconds * 1000);
  const b = browserCpu();
  const f = (await page.evaluate('window.__rec = false; window.__f')) as number[];
  const n = f.length;
  f.sort((x, y) => x - y);
  const per = (ms: number): string => (n ? (ms / n).toFixed(1) : 'n/a');
  return (
    `frames ${String(n).padStart(3)}  wall median ${f[n >> 1]?.toFixed(1) ?? '-'} ms, p95 ` +
    `${f[Math.floor(n * 0.95)]?.toFixed(1) ?? '-'} ms  CPU a frame: GPU process ${per(b.gpu - a.gpu)} ms, ` +
    `renderer ${per(b.renderer - a.renderer)} ms  (GPU ${((b.gpu - a.gpu) / seconds / 10).toFixed(0)} % of a core)`
  );
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    size: { takesValue: true },
    seconds: { takesValue: true },
    rect: { takesValue: true },
  });
  const size = /^(\d+)x(\d+)$/.exec(stringFlag(flags, 'size') ?? '1280x720');
  if (!size) throw new UsageError('--size: WIDTHxHEIGHT, for example 1280x720');
  const seconds = Number(stringFlag(flags, 'seconds') ?? 4);
  if (!(seconds > 0)) throw new UsageError('--seconds: a positive number');
  const rect = Number(stringFlag(flags, 'rect') ?? 200);
  if (!(rect > 0)) throw new UsageError('--rect: the rectangle side in pixels, for example 200');
  const browser: Browser = await launchBenchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: Number(size[1]), height: Number(size[2]) },
      deviceScaleFactor: 1,
    });
    for (const v of VARIANTS)
      await context.route(`http://bench.invalid/${v}.html`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: pageHtml(v, rect) }),
      );
    for (const v of VARIANTS) {
      const page = await context.newPage();
      await page.goto(`http://bench.invalid/${v}.html`);
      await page.waitForTimeout(800);
      console.log(`${v.padEnd(20)} ${await measure(page, seconds)}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof UsageError ? e.message : e);
  process.exit(1);
});
