import { Container, Sprite } from 'pixi.js';
import { texture, type ArtName } from './assets';
import { ART_SIZE, drawFallback } from './fallback-art';

/**
 * A picture of the game in its own units (the SVG's size): the loaded sprite, or a drawn stand-in when the file
 * failed. Callers scale it uniformly, never one axis alone.
 */
export function art(name: ArtName): Container {
  const t = texture(name);
  return t ? new Sprite(t) : drawFallback(name);
}

/** The art's natural size, in its own units. */
export function artSize(name: ArtName): readonly [number, number] {
  const t = texture(name);
  return t ? [t.width, t.height] : ART_SIZE[name];
}

/** `name` scaled uniformly to fit inside `w` × `h`, with its pivot at its centre (place it by its middle). */
export function fitted(name: ArtName, w: number, h: number): Container {
  const c = art(name);
  const [aw, ah] = artSize(name);
  c.pivot.set(aw / 2, ah / 2);
  c.scale.set(Math.min(w / aw, h / ah));
  return c;
}
