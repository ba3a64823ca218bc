import gsap from 'gsap';
import { type Container, Matrix, type Renderer, RenderTexture, Sprite } from 'pixi.js';
import { splitDrawOrder } from '../draw-order';

/**
 * The still part of the stage under a moving scene, drawn once into one picture. On a software renderer every layer
 * costs its pixels at every frame: the farmyard, the board, the ticket and a dim over them cost five full layers a
 * frame, and one picture of them costs one.
 *
 * `freeze(firstLive)`: everything the stage draws before `firstLive` (in its drawing order) is drawn once into a
 * texture, shown as a sprite at the bottom of the stage, and left out of the frames (`renderable` off: it still
 * takes taps); `firstLive` and all that comes after it are drawn live as before, so nothing changes order. `thaw`
 * puts everything back. The picture also goes by itself when what holds `firstLive` leaves the stage, is hidden or
 * fades (a change of screen), so it never outlives the scene it was taken for. `keepLive`: parts drawn before
 * `firstLive` that still move (a pulse); they stay out of the picture and are drawn live over it, so they must not
 * overlap what they were drawn under, and the containers holding them must draw nothing of their own. `alsoStill`:
 * children of those containers drawn after `firstLive` that stand still and never overlap what moves before them
 * (the docked ticket beside the board); they go into the picture too.
 *
 * The stage is assumed to have no transform of its own (Pixi's application stage). Only on WebGL: elsewhere `freeze`
 * does nothing.
 */
export class StillUnder {
  private sprite: Sprite | null = null;
  private texture: RenderTexture | null = null;
  private stilled: { node: Container; renderable: boolean }[] = [];
  /** The containers holding `firstLive`, with the alpha each had when the picture was taken. */
  private holders: { node: Container; alpha: number }[] = [];
  private firstLive: Container | null = null;
  private readonly watch = (): void => {
    if (this.firstLive && !this.stillHolds()) this.thaw();
  };

  constructor(private readonly renderer: Renderer) {}

  freeze(firstLive: Container, keepLive: readonly Container[] = [], alsoStill: readonly Container[] = []): void {
    this.thaw();
    if (this.renderer.name !== 'webgl') return;
    if (!firstLive.parent) return;
    const { root, still: before, live: after } = splitDrawOrder<Container>(firstLive, keepLive, alsoStill);
    const holders: Container[] = [];
    for (let c: Container | null = firstLive.parent; c; c = c.parent) holders.push(c);

    const { width, height } = this.renderer.screen;
    const texture = RenderTexture.create({ width, height, resolution: this.renderer.resolution });
    const shown = after.map((node) => ({ node, renderable: node.renderable }));
    for (const a of shown) a.node.renderable = false;
    this.renderer.render({
      container: root,
      target: texture,
      clear: true,
      clearColor: this.renderer.background.colorRgba,
    });
    for (const a of shown) a.node.renderable = a.renderable;

    this.stilled = before.map((node) => ({ node, renderable: node.renderable }));
    for (const b of before) b.renderable = false;
    const sprite = new Sprite(texture);
    sprite.eventMode = 'none';
    sprite.label = 'still-under';
    root.addChildAt(sprite, 0);
    this.sprite = sprite;
    this.texture = texture;
    this.firstLive = firstLive;
    this.holders = holders.map((node) => ({ node, alpha: node.alpha }));
    gsap.ticker.add(this.watch);
  }

  thaw(): void {
    gsap.ticker.remove(this.watch);
    for (const s of this.stilled) if (!s.node.destroyed) s.node.renderable = s.renderable;
    this.stilled = [];
    this.holders = [];
    this.firstLive = null;
    this.sprite?.destroy();
    this.sprite = null;
    this.texture?.destroy(true);
    this.texture = null;
  }

  /**
   * A picture of `node` alone (its subtree, drawn at its density on the screen), as a sprite for `node`'s parent that
   * stands where `node` stands: for a moment where it moves as a whole, one layer and one draw call a frame instead of
   * all of its own. `node` has no scale, turn or pivot of its own. Null where the renderer is not WebGL. The caller
   * shows it in `node`'s place, and destroys it with its texture after.
   */
  pictureOf(node: Container): Sprite | null {
    if (this.renderer.name !== 'webgl') return null;
    const g = node.getGlobalTransform(new Matrix(), false);
    const resolution = this.renderer.resolution * Math.hypot(g.a, g.b);
    const wasGroup = node.isRenderGroup;
    const texture = this.renderer.generateTexture({ target: node, resolution });
    // Pixi makes what it renders alone a render group: the node goes back to being drawn with its parent's.
    if (!wasGroup) node.disableRenderGroup();
    const bounds = node.getLocalBounds();
    const sprite = new Sprite(texture);
    sprite.eventMode = 'none';
    sprite.label = 'picture';
    sprite.position.set(node.x + bounds.x, node.y + bounds.y);
    return sprite;
  }

  /** The live part is still where the picture was taken for: on the same stage, shown, at the same alpha. */
  private stillHolds(): boolean {
    const live = this.firstLive;
    if (!live || live.destroyed) return false;
    let c: Container | null = live.parent;
    for (const h of this.holders) {
      if (c !== h.node || !c.visible || c.alpha !== h.alpha) return false;
      c = c.parent;
    }
    return c === null && this.sprite?.parent === this.holders.at(-1)?.node;
  }
}
