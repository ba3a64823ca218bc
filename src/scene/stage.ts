import { Application, Container } from 'pixi.js';
import { art, artSize } from './art';
import { limitBatchTextures } from './batch-limit';
import { DamagePainter } from './damage-painter';
import { computeLayout, type Layout } from './layout';
import { setTextDensity } from './text';

/**
 * The Pixi application and its two spaces: `background` covers the whole window (cropped, never stretched) and
 * `root` holds the design board, scaled uniformly and centred. One resize listener, throttled to a frame.
 */
export class Stage {
  readonly app = new Application();
  readonly background = new Container();
  readonly root = new Container();
  layout: Layout = computeLayout(window.innerWidth, window.innerHeight);
  private readonly listeners = new Set<(l: Layout) => void>();
  private pending = 0;
  private backdrop: Container | null = null;
  /** On WebGL: redraws only the parts of the canvas that changed. */
  painter: DamagePainter | null = null;

  /** Starts the renderer: WebGL, else the canvas renderer where WebGL is missing (WebGPU is left out on purpose). */
  async init(host: HTMLElement, renderer: 'auto' | 'webgl' | 'canvas' = 'auto'): Promise<void> {
    limitBatchTextures();
    await this.app.init({
      preference: renderer === 'auto' ? ['webgl', 'canvas'] : [renderer, 'canvas'],
      background: 0x2f5e22,
      antialias: false,
      autoDensity: true,
      resolution: stageResolution(),
      width: host.clientWidth || window.innerWidth,
      height: host.clientHeight || window.innerHeight,
      // The canvas keeps its last frame: each frame redraws only what changed (DamagePainter).
      preserveDrawingBuffer: true,
    });
    if (this.app.renderer.name === 'webgl') this.painter = new DamagePainter(this.app);
    host.appendChild(this.app.canvas);
    this.app.canvas.style.display = 'block';
    this.app.stage.addChild(this.background, this.root);
    window.addEventListener('resize', () => this.requestResize());
    this.resizeNow(host);
  }

  get rendererType(): string {
    return this.app.renderer.name;
  }

  /** Calls `listener` now with the current layout, then after every resize. */
  onResize(listener: (l: Layout) => void): () => void {
    this.listeners.add(listener);
    listener(this.layout);
    return () => this.listeners.delete(listener);
  }

  /** Redraws the background art (once it has loaded) for the current orientation. */
  refreshBackground(): void {
    this.backdrop?.destroy();
    const l = this.layout;
    const name = l.orientation === 'landscape' ? 'farmyard' : 'farmyard-portrait';
    const b = art(name);
    const [aw, ah] = artSize(name);
    // Cover: the larger of the two ratios, so the window is filled and the art cropped, not stretched.
    b.pivot.set(aw / 2, ah / 2);
    b.scale.set(Math.max(l.width / aw, l.height / ah));
    b.position.set(l.width / 2, l.height / 2);
    this.background.addChild(b);
    this.backdrop = b;
  }

  private requestResize(): void {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.resizeNow(this.app.canvas.parentElement ?? document.body);
    });
  }

  private resizeNow(host: HTMLElement): void {
    this.layout = layoutOf(host);
    this.app.renderer.resize(this.layout.width, this.layout.height);
    const l = this.layout;
    this.root.scale.set(l.scale);
    this.root.position.set(l.offsetX, l.offsetY);
    setTextDensity(l.scale * this.app.renderer.resolution);
    this.refreshBackground();
    for (const fn of this.listeners) fn(l);
  }
}

/** Device pixels per CSS pixel the stage draws at (capped at 2). */
export function stageResolution(): number {
  return Math.min(2, window.devicePixelRatio || 1);
}

/** The layout of a stage filling `host` now: known before the renderer exists, so the title's art can be fetched. */
export function layoutOf(host: HTMLElement): Layout {
  return computeLayout(host.clientWidth || window.innerWidth, host.clientHeight || window.innerHeight);
}
