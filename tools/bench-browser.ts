import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

/** The browser as playwright.config.ts launches it: Debian's Chromium unless PLAYWRIGHT_CHROMIUM says otherwise. */
export const BENCH_CHROMIUM =
  process.env['PLAYWRIGHT_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** WebGL through SwiftShader, as the tests draw; sound allowed without a gesture. */
export const BENCH_ARGS = [
  '--disable-quic',
  '--use-angle=swiftshader',
  '--ignore-gpu-blocklist',
  '--autoplay-policy=no-user-gesture-required',
];

/** The benches' and checks' browser: that Chromium, with those flags. */
export const launchBenchBrowser = (): Promise<Browser> =>
  chromium.launch({ ...(BENCH_CHROMIUM ? { executablePath: BENCH_CHROMIUM } : {}), args: BENCH_ARGS });
