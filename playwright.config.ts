import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serverArgs, writeServerConfig } from './e2e/support/game-server';

// Debian's Chromium on these machines (Playwright cannot download its own here); PLAYWRIGHT_CHROMIUM overrides it,
// and a laptop with Playwright's own browser installed uses that when neither exists.
const chromium =
  process.env['PLAYWRIGHT_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// E2E_PORT and E2E_OUT_DIR let two engineers on one machine run specs at once (own port, own build folder).
const PORT = Number(process.env['E2E_PORT'] ?? 4317);
const OUT_DIR = process.env['E2E_OUT_DIR'];

// The game server under test gets its own temporary database folder and a configuration with the test terminals,
// made once by the runner (its workers load this file too, and must reuse the runner's folder, not make their own).
if (!process.env['POULE_E2E_DATA']) {
  process.env['POULE_E2E_DATA'] = mkdtempSync(join(tmpdir(), 'poule-e2e-'));
  // Made here, so removed at the end of the run (e2e/support/remove-e2e-data.ts); a folder given from outside is kept.
  process.env['POULE_E2E_DATA_MADE'] = '1';
}
const DATA_DIR = process.env['POULE_E2E_DATA'];
const SERVER_CONFIG = writeServerConfig(DATA_DIR);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalTeardown: './e2e/support/remove-e2e-data.ts',
  // The screenshot walks (every screen at six sizes in two languages, the ticket's money moments at three sizes) take
  // most of an hour on a software renderer: `npm run test:screens` runs them; `npm test` leaves them out (it runs the
  // same fit checks without screenshots: e2e/screens-fit.spec.ts).
  testIgnore: process.env['POULE_WALKS'] === '1' ? [] : ['**/screens-walk.spec.ts', '**/reveal-screens.spec.ts'],
  forbidOnly: !!process.env['CI'],
  fullyParallel: false,
  workers: 1,
  // On CI one retry, so a test that fails once on a loaded shared machine and then passes is reported as flaky
  // (and counted by .ci/run) instead of failing the run; a test that fails twice still fails it.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    ...devices['Desktop Chrome'],
    deviceScaleFactor: 1,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--disable-quic',
        '--use-angle=swiftshader',
        '--ignore-gpu-blocklist',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // The real game server over the built game (npm run test:e2e builds it first), on its own temporary database.
    // Playwright starts it and stops it by its own PID when the run ends (node itself, no npx shell in between).
    command: [
      'exec',
      process.execPath,
      ...serverArgs(PORT, join(DATA_DIR, 'poule.sqlite'), OUT_DIR ?? 'dist', SERVER_CONFIG),
    ]
      .map((a, i) => (i === 0 ? a : JSON.stringify(a)))
      .join(' '),
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
