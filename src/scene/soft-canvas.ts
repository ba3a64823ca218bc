// Pixi draws text and gradients on 2D canvases, measures fonts and probes blend modes by reading pixels back from
// them. A GPU-backed 2D canvas makes its creation and every read-back a round trip to the GPU process: about a
// second of the start under software rendering (traced). So the page's 2D canvases are CPU-backed
// (`willReadFrequently`); Pixi uploads them to WebGL as plain pixels. This file imports nothing: src/main.ts
// imports it before Pixi, whose modules create such canvases as they load.
type GetContext = (
  this: HTMLCanvasElement,
  type: string,
  options?: CanvasRenderingContext2DSettings,
) => RenderingContext | null;

const proto = HTMLCanvasElement.prototype;
// The DOM types the method as overloads by context type; one signature that passes every call through is enough.
const original = proto.getContext as unknown as GetContext;
const cpuBacked: GetContext = function (type, options) {
  return original.call(this, type, type === '2d' ? { willReadFrequently: true, ...options } : options);
};
proto.getContext = cpuBacked as unknown as typeof proto.getContext;
