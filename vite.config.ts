import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { bundleSplitPlugin } from './tools/bundle-split';
import { pixiBatchTickPlugin } from './tools/pixi-batch-tick';
import { cspMetaPlugin, SECURITY_HEADERS } from './tools/security-csp';

/** `npm run dev`: /retail is the retailer's page, as on the game server (which serves the built retail.html there). */
function retailPagePlugin(): Plugin {
  return {
    name: 'poule-retail-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/retail' || req.url?.startsWith('/retail?'))
          req.url = req.url.replace('/retail', '/retail.html');
        next();
      });
    },
  };
}

export default defineConfig({
  // The Content Security Policy: a <meta> in the built index.html, and served headers under `vite preview` (README).
  plugins: [cspMetaPlugin(), retailPagePlugin()],
  preview: { headers: { ...SECURITY_HEADERS } },
  // `npm run dev`: the game's API is the game server's (src/server/dev.ts starts it on this port).
  server: { proxy: { '/api': `http://127.0.0.1:${process.env['POULE_API_PORT'] ?? '5174'}` } },
  // Relative URLs, so the built game runs from any folder or a kiosk's file server.
  base: './',
  // Our art and sounds are served as they are (Pixi's Assets manifest names them by path).
  publicDir: 'assets',
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
    // Pixi's canvas renderer as a lazy chunk, no WebGPU renderer, gsap's core only: the first frame's JS stays small;
    // and Pixi's batcher fixed so that sprites of one sheet share a draw call.
    rolldownOptions: {
      plugins: [bundleSplitPlugin(), pixiBatchTickPlugin()],
      // Two pages: the game, and the retailer's terminal (/retail on the game server), each with the same CSP.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        retail: fileURLToPath(new URL('./retail.html', import.meta.url)),
      },
    },
  },
  test: {
    // Unit tests only: Playwright owns e2e/.
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
