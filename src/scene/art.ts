import { type Container, Sprite } from 'pixi.js';
import { sourceSize } from './art-files';
import { type ArtName, artFailed, texture, whenTexture } from './assets';
import { drawFallback } from './fallback-art';

/**
 * A picture of the game in its own units (the SVG's size): the loaded sprite; a sprite that takes its texture when
 * the file arrives (the art the title does not need loads behind it); or a drawn stand-in when the file failed.
 * Callers scale it uniformly, never one axis alone, from `artSize`, which is known before the file arrives.
 */
export function art(name: ArtName): Container {
  const t = texture(name);
  if (t) return new Sprite(t);
  if (artFailed(name)) return drawFallback(name);
  const s = new Sprite();
  void whenTexture(name).then((loaded) => {
    if (s.destroyed) return;
    if (loaded) s.texture = loaded;
    else s.addChild(drawFallback(name));
  });
  return s;
}

/** The art's natural size, in its own units. */
export function artSize(name: ArtName): readonly [number, number] {
  return sourceSize(name);
}

/** `name` scaled uniformly to fit inside `w` × `h`, with its pivot at its centre (place it by its middle). */
export function fitted(name: ArtName, w: number, h: number): Container {
  const c = art(name);
  const [aw, ah] = artSize(name);
  c.pivot.set(aw / 2, ah / 2);
  c.scale.set(Math.min(w / aw, h / ah));
  return c;
}
