// The browser entry: boots the game in #game. Everything else lives in src/app (flow) and src/scene (pictures).
// First: 2D canvases that Pixi can read back cheaply; then Pixi without eval or workers (Content Security Policy).
import './scene/soft-canvas';
import './security/pixi-csp';
// Pixi's browser extensions (events, accessibility, text…), which the renderer's start would import on its own only
// once this file has run: fetched with the rest of the start's JS instead of after it.
import 'pixi.js/browser';
// The bitmap text's render pipes (a counting prize, src/scene/counting-text.ts): a renderer takes the pipes registered
// when it starts, and the screens that use them load after it.
import 'pixi.js/text-bitmap';
import { installErrorScreen } from './app/error-screen';
import { startGame } from './app/game-app';

// Before anything else can fail: unexpected errors are logged and shown with « Reprendre / Recharger ».
const errors = installErrorScreen();
const host = document.getElementById('game');
if (!host) throw new Error('index.html has no #game element');
startGame(host)
  .then((app) => errors.attach(app))
  .catch((e: unknown) => {
    console.error('the game could not start', e);
    errors.report(e, 'boot');
    document.getElementById('boot-screen')?.remove();
    host.textContent = `La Poule aux Œufs d'Or could not start: ${e instanceof Error ? e.message : String(e)}`;
  });
