import { expect, type Page, test } from '@playwright/test';
import { clickButton, openGame, state } from './support/poule';

/**
 * A text with a shadow is drawn twice on its canvas by Pixi: first in black, moved off the canvas, so that only its
 * shadow (moved back) lands on it, then itself. The move is the canvas's height taken in design units: at a text
 * resolution under 1 it is not far enough, and the black letters showed above the text (« Comment jouer » over
 * itself on a phone). Here every shadowed text of the title and of both rules pages, at the smallest window the game
 * supports, is read back from the GPU and searched for pure black: none of the game's tones has any.
 */
const BLACK_IN_SHADOWED_TEXTS = `(() => {
  const app = window.__textApp;
  const found = [];
  const walk = (n) => {
    if (n.visible && typeof n.text === 'string' && n.text && n.style && n.style.dropShadow) {
      const canvas = app.renderer.extract.canvas({ target: n });
      const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let black = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 200 && px[i] < 16 && px[i + 1] < 16 && px[i + 2] < 16) black++;
      found.push({ text: n.text, black });
    }
    for (const k of n.children) walk(k);
  };
  walk(app.stage);
  return found;
})()`;

async function shadowedTexts(page: Page): Promise<{ text: string; black: number }[]> {
  return (await page.evaluate(BLACK_IN_SHADOWED_TEXTS)) as { text: string; black: number }[];
}

test('no shadowed text shows black letters at 360×640 (texts drawn at under one pixel a unit)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.addInitScript('globalThis.__PIXI_APP_INIT__ = (app) => { window.__textApp = app; };');
  await openGame(page, '?demo=1&speed=4');
  const seen: { text: string; black: number }[] = [];
  seen.push(...(await shadowedTexts(page)));
  await clickButton(page, 'rules');
  await expect.poll(async () => (await state(page)).screen).toBe('rules');
  seen.push(...(await shadowedTexts(page)));
  await clickButton(page, 'rulesPage');
  seen.push(...(await shadowedTexts(page)));
  expect(seen.map((s) => s.text)).toContain('Comment jouer');
  expect(seen.filter((s) => s.black > 0)).toEqual([]);
});
