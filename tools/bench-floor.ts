/**
 * The machine's floor for bench:render: a page of the same origin as the game (routed by the bench, never shipped)
 * that draws one blended full-screen quad per frame with raw WebGL, at the game's canvas size. Its frame times are
 * what any scene costs here at least; the bench prints the game's beside them as ratios.
 */
export const FLOOR_PATH = '__bench-floor.html';

export const FLOOR_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>floor</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:#2f5e22}canvas{display:block}</style></head>
<body><canvas id="c"></canvas><script>
(() => {
  const c = document.getElementById('c');
  c.width = innerWidth; c.height = innerHeight;
  const gl = c.getContext('webgl2', { antialias: false, premultipliedAlpha: true, alpha: true }) || c.getContext('webgl', { antialias: false });
  const sh = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
  const p = gl.createProgram();
  gl.attachShader(p, sh(gl.VERTEX_SHADER, 'attribute vec2 a; void main(){ gl_Position = vec4(a, 0.0, 1.0); }'));
  gl.attachShader(p, sh(gl.FRAGMENT_SHADER, 'precision mediump float; uniform float t; void main(){ gl_FragColor = vec4(0.5 + 0.5 * sin(t), 0.6, 0.3, 0.5); }'));
  gl.linkProgram(p); gl.useProgram(p);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const a = gl.getAttribLocation(p, 'a');
  gl.enableVertexAttribArray(a); gl.vertexAttribPointer(a, 2, gl.FLOAT, false, 0, 0);
  gl.enable(gl.BLEND); gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  const t = gl.getUniformLocation(p, 't');
  window.__benchFrames = []; window.__benchRecording = false;
  let last = 0;
  const loop = (now) => {
    gl.viewport(0, 0, c.width, c.height);
    gl.clearColor(0.18, 0.37, 0.13, 1); gl.clear(gl.COLOR_BUFFER_BIT);
    gl.uniform1f(t, now / 500); gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    if (window.__benchRecording && last) window.__benchFrames.push(now - last);
    last = now;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})();
</script></body></html>`;
