import type { Container } from 'pixi.js';
import type { FocusRing } from '../scene/focus';

/** An element of Pixi's accessibility layer: a transparent DOM button over a button, hen or haystack of the scene. */
type AccessibleElement = HTMLElement & { container?: Container };

const sceneOf = (el: EventTarget | null): Container | null => {
  const c = (el as AccessibleElement | null)?.container;
  return c && typeof c === 'object' ? c : null;
};

/** Whether `el` is one of Pixi's accessibility elements (Tab's stops over the canvas). */
export const isSceneElement = (el: EventTarget | null): boolean => sceneOf(el) !== null;

/**
 * One focus for Tab and the arrows. Tab moves the browser's focus over Pixi's accessibility elements: the ring
 * follows it. The arrows move the ring: the browser's focus follows (onto the same element, or off the scene), so
 * the next Tab goes on from there and no second outline is left behind.
 */
export function shareFocus(ring: FocusRing): void {
  document.addEventListener('focusin', (e) => {
    const c = sceneOf(e.target);
    if (c) ring.follow(c);
  });
  document.addEventListener('focusout', (e) => {
    if (sceneOf(e.target) && !sceneOf(e.relatedTarget)) ring.follow(null);
  });
  ring.onMove = (t) => {
    const el = (t.view as Container & { _accessibleDiv?: HTMLElement | null })._accessibleDiv;
    const active = document.activeElement;
    if (el && el !== active) el.focus({ preventScroll: true });
    else if (!el && active instanceof HTMLElement && isSceneElement(active)) active.blur();
  };
}
