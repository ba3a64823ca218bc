import type { Renderer } from 'pixi.js';

/** The part of Pixi's text system read here (pixi.js 8.22: `renderer.canvasText`, not in its public types). */
interface TextSystemLike {
  _activeTextures?: Record<string, unknown>;
}

/**
 * Forgets the keys of text textures Pixi has already released. Pixi's text system keys each texture by the text and
 * its style's id, and when the last Text of a key goes it sets the entry to null but keeps the key: every Text made
 * with its own style (a banner per event, a « +1 ») leaves a key for good — about 25 an attract loop, a few MB a
 * day on a kiosk. Called once per ticket and once per attract loop. Deleting the null entries changes nothing Pixi
 * reads (a missing key and a null one mean the same to it). Returns how many keys went.
 */
export function forgetReleasedTextKeys(renderer: Renderer): number {
  const system = (renderer as unknown as { canvasText?: TextSystemLike }).canvasText;
  const active = system?._activeTextures;
  if (!active) return 0;
  let n = 0;
  for (const key of Object.keys(active)) {
    if (active[key] === null) {
      delete active[key];
      n++;
    }
  }
  return n;
}
