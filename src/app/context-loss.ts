/**
 * A lost WebGL context: Pixi prevents the default and rebuilds its GPU resources when the context comes back; then
 * `redraw` repaints what lived only on the GPU (the scratch cover). If it does not come back, the page reloads:
 * the ticket lives in the store, not on the GPU, so it resumes where it was.
 */
export function handleContextLoss(
  canvas: HTMLCanvasElement,
  redraw: () => void,
  notice: (lost: boolean) => void,
): void {
  let timer = 0;
  canvas.addEventListener('webglcontextlost', () => {
    notice(true);
    timer = window.setTimeout(() => location.reload(), 5000);
  });
  canvas.addEventListener('webglcontextrestored', () => {
    window.clearTimeout(timer);
    // Pixi's own restore listener runs first (it was added first); repaint on the next frame.
    requestAnimationFrame(() => {
      redraw();
      notice(false);
    });
  });
}
