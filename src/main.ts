// Placeholder until the scene lands (issue 3): proves the build and the core run in the browser.
import { tableOdds } from './core/odds';
import { DEFAULT_PRIZE_TABLE } from './core/prize-table';

const root = document.getElementById('game');
if (root) root.textContent = `La Poule aux Œufs d'Or — P(gain) = ${tableOdds(DEFAULT_PRIZE_TABLE).pWin.toString()}`;
