import { expect, test } from '@playwright/test';
import { keepScreen } from './support/drive';
import { overflowing, smallButtons, walkScreens } from './support/fit';

/**
 * Every screen at the eight sizes the game is made for (two of them a phone on its side), in both languages: no text box runs out of its panel (or its
 * button, or the window), measured from the scene's own bounds through the read-only hook; on touch layouts every
 * button is at least 44 CSS px each way. A screenshot of each screen is kept as screens-<size>-<lang>-<screen>.png.
 * A page load per size and language, and a 4K screenshot at each screen: most of an hour here (`npm run
 * test:screens`); the same checks without screenshots, sizes changed in place, run in `npm test` (screens-fit.spec.ts).
 */
test.setTimeout(900_000); // a 4K canvas in software WebGL on a shared, loaded machine

const SIZES = [
  { name: '360x640', width: 360, height: 640, touch: true },
  { name: '390x844', width: 390, height: 844, touch: true },
  { name: '844x390', width: 844, height: 390, touch: true },
  { name: '640x360', width: 640, height: 360, touch: true },
  { name: '1080x1920', width: 1080, height: 1920, touch: true },
  { name: '1280x720', width: 1280, height: 720, touch: false },
  { name: '1920x1080', width: 1920, height: 1080, touch: true },
  { name: '3840x2160', width: 3840, height: 2160, touch: false },
] as const;

for (const size of SIZES) {
  for (const lang of ['fr', 'en'] as const) {
    test(`${size.name} ${lang}: every text fits its box${size.touch ? ', every button ≥ 44 px' : ''}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const problems: string[] = [];
      const check = async (screen: string): Promise<void> => {
        await keepScreen(page, `screens-${size.name}-${lang}-${screen}`);
        const found = [
          ...(await overflowing(page)).map((p) => `${screen}: ${p}`),
          ...(size.touch ? (await smallButtons(page)).map((p) => `${screen}: button ${p} under 44 px`) : []),
        ];
        // Said as found, so a run cut short by its time limit still tells what it saw.
        for (const p of found) console.log(`${size.name} ${lang} ${p}`);
        problems.push(...found);
      };
      await walkScreens(page, lang, check);
      expect(problems, `texts out of their box or buttons too small at ${size.name} (${lang})`).toEqual([]);
    });
  }
}
