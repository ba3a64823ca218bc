import { ImageSource, type Texture } from 'pixi.js';
import { packSheet, type SheetPicture } from './sheet-pack';

/** Free pixels around each picture on the sheet; the first ring repeats the picture's edge. */
const GAP = 2;
const SHEET_WIDTH = 2048;
/** Taller than this, the sheet is not made (the pictures keep their own textures): within any WebGL 1 GPU's limit. */
const MAX_SHEET_HEIGHT = 4096;

type Drawable = CanvasImageSource & { readonly width: number; readonly height: number };

/**
 * Moves the given pictures onto one sprite sheet, in place: each Texture keeps its identity and its size in design
 * units (its `orig`, which must be its own rectangle, not its frame), and now samples its frame of one shared source. Pixi draws consecutive sprites of one source in one batch
 * (a draw call), where the board's hens and nests alternated between two textures: 99 draw calls for one frame of a
 * round, each paid again by every scissored pass of the damage painter. The textures are made `dynamic` by their
 * loader so that the sprites already showing them take the new frame. Pictures drawn from a canvas or a bitmap only;
 * anything else is left as it was. Returns the names moved.
 */
export function moveOntoSheet(textures: ReadonlyMap<string, Texture>): string[] {
  const pictures: (SheetPicture & { texture: Texture; image: Drawable })[] = [];
  for (const [name, texture] of textures) {
    const image = texture.source.resource as Drawable | undefined;
    // Its size in units (orig) must not be the frame that moves.
    if (texture.orig === texture.frame) continue;
    if (!image || !('width' in image) || !(image.width > 0)) continue;
    pictures.push({ name, width: image.width, height: image.height, texture, image });
  }
  if (pictures.length < 2) return [];
  const layout = packSheet(pictures, SHEET_WIDTH, GAP);
  if (layout.height > MAX_SHEET_HEIGHT) return [];
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext('2d');
  if (!context) return [];
  for (const p of pictures) drawWithEdge(context, p.image, layout.places.get(p.name)!, p.width, p.height);
  const sheet = new ImageSource({ resource: canvas, alphaMode: 'premultiply-alpha-on-upload', label: 'art sheet' });
  for (const p of pictures) {
    const t = p.texture;
    const old = t.source;
    const at = layout.places.get(p.name)!;
    // The picture's size in units stays what it was (orig); only where it is sampled from moves.
    t.frame.x = at.x;
    t.frame.y = at.y;
    t.frame.width = p.width;
    t.frame.height = p.height;
    t.noFrame = false;
    t.source = sheet;
    t.update();
    old.destroy();
    if (p.image instanceof ImageBitmap) p.image.close();
  }
  return pictures.map((p) => p.name);
}

/** The picture at `at`, and a one-pixel ring around it repeating its edge (what the GPU's edge clamp gave it). */
function drawWithEdge(
  c: CanvasRenderingContext2D,
  image: Drawable,
  at: { readonly x: number; readonly y: number },
  w: number,
  h: number,
): void {
  const { x, y } = at;
  c.drawImage(image, x, y);
  c.drawImage(image, 0, 0, w, 1, x, y - 1, w, 1);
  c.drawImage(image, 0, h - 1, w, 1, x, y + h, w, 1);
  c.drawImage(image, 0, 0, 1, h, x - 1, y, 1, h);
  c.drawImage(image, w - 1, 0, 1, h, x + w, y, 1, h);
  c.drawImage(image, 0, 0, 1, 1, x - 1, y - 1, 1, 1);
  c.drawImage(image, w - 1, 0, 1, 1, x + w, y - 1, 1, 1);
  c.drawImage(image, 0, h - 1, 1, 1, x - 1, y + h, 1, 1);
  c.drawImage(image, w - 1, h - 1, 1, 1, x + w, y + h, 1, 1);
}
