import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium on these machines (Playwright cannot download its own here); PLAYWRIGHT_CHROMIUM overrides it,
// and a laptop with Playwright's own browser installed uses that when neither exists.
const chromium = process.env['PLAYWRIGHT_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// E2E_PORT and E2E_OUT_DIR let two engineers on one machine run specs at once (own port, own build folder).
const PORT = Number(process.env['E2E_PORT'] ?? 4317);
const OUT_DIR = process.env['E2E_OUT_DIR'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
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
    // The built game, as shipped (npm run test:e2e builds it first).
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1${OUT_DIR ? ` --outDir ${OUT_DIR}` : ''}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
