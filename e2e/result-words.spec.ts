import { expect, test } from '@playwright/test';
import { frenchSpaces } from '../src/app/i18n/french-spaces';
import { canvasImage, expectCells, keepScreen, playPath, pressButton } from './support/drive';
import { layout, settle, state } from './support/poule';
import { SEEDS } from './support/seeds';

/** The result says why it paid what it paid, and the finished board can be looked at as long as the player likes. */
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('an egg at the first pick: « Œuf trouvé au 1er coup : gain A1 »', async ({ page }) => {
  await playPath(page, SEEDS.firstPickWin, 'mouse');
  const r = (await state(page)).result!;
  expect(r.why).toBe(frenchSpaces('Œuf trouvé au 1er coup : gain\u00a0A1'));
  expect(r.line).toBe('Vous gagnez 10,00\u00a0€');
  await keepScreen(page, 'result-a1-1280x720');
});

test('a chick, then the egg: « Œuf trouvé au 3e coup : gain A2 », and in English', async ({ page }) => {
  await playPath(page, SEEDS.laterPickWin, 'mouse');
  expect((await state(page)).result!.why).toBe(frenchSpaces('Œuf trouvé au 3e coup : gain\u00a0A2'));
  await keepScreen(page, 'result-a2-1280x720');
  await pressButton(page, 'lang', 'mouse');
  await settle(page);
  const s = await state(page);
  expect(s.lang).toBe('en');
  expect(s.result!.why).toBe('Egg found with the 3rd pick: prize\u00a0A2');
  expect(s.result!.line).toBe('You win €2.00');
  await keepScreen(page, 'result-a2-en-1280x720');
});

test('a loss says so plainly; « Voir le ticket » holds the finished board until the player moves on', async ({
  page,
}) => {
  const path = SEEDS.lostNoExtra;
  await playPath(page, path, 'mouse');
  let s = await state(page);
  expect(s.result!.why).toBe(frenchSpaces("Perdu : aucun œuf d'or trouvé, ce ticket ne gagne rien."));
  await keepScreen(page, 'result-lost-1280x720');
  await pressButton(page, 'seeTicket', 'mouse');
  await settle(page);
  s = await state(page);
  expect(s.result?.aside, 'the panel is put aside').toBe(true);
  // Held: several seconds later (tens of seconds of game time at speed 8), the whole board is still there.
  await page.waitForTimeout(4000);
  const l = await layout(page);
  expect(l.hens, 'the finished board is on screen').toHaveLength(30);
  expect(Object.keys(l.buttons)).toContain('backToResult');
  expect(Object.keys(l.buttons)).not.toContain('playAgain');
  const board = s.game!.rounds[0]!.board!;
  expectCells(await canvasImage(page), l.hens, board, 'the finished board, held');
  await keepScreen(page, 'result-lost-board-1280x720');
  await pressButton(page, 'backToResult', 'mouse');
  await settle(page);
  s = await state(page);
  expect(s.result?.aside).toBe(false);
  expect(Object.keys((await layout(page)).buttons)).toContain('playAgain');
});
