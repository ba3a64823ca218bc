/**
 * Texts are drawn at the screen's density, not at a fixed one: a text changes by being drawn again on a CPU canvas
 * and sent to the GPU, and drawn at twice its design size everywhere, a 1280×720 screen sent nine times the pixels it
 * shows (the won amount counting up took most of a throttled CPU's frames). Half as many again as the screen shows, so
 * a text grown for a moment (a pop, the ticket held large) stays sharp; at most twice (a 4K screen).
 *
 * At least once: Pixi draws a shadowed text's shadow by drawing the text in black off its canvas, moved up by the
 * canvas's height taken as design units, with the shadow moved back down. Under a resolution of 1 that move falls
 * short of the canvas's height, and the black letters showed above every shadowed text of a small phone.
 */
const HEADROOM = 1.5;

/** The resolution texts are drawn at for `pixelsPerUnit` device pixels a design unit (in quarters, from 1 up to 2). */
export function textResolution(pixelsPerUnit: number): number {
  if (!(pixelsPerUnit > 0)) return 2;
  return Math.min(2, Math.max(1, Math.ceil(pixelsPerUnit * HEADROOM * 4) / 4));
}
