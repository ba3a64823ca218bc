import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runServer } from './main';

/**
 * `npm start`: builds the client when the folder it will serve has no index.html yet, then starts the game server
 * (its options pass through: `npm start -- --port 8080`).
 */
const argv = process.argv.slice(2);
const staticAt = argv.findIndex((a) => a === '--static' || a.startsWith('--static='));
const staticDir =
  staticAt < 0
    ? 'dist'
    : argv[staticAt]!.includes('=')
      ? argv[staticAt]!.split('=')[1]!
      : (argv[staticAt + 1] ?? 'dist');
if (!argv.includes('--help') && !existsSync(join(staticDir, 'index.html'))) {
  process.stderr.write(`no ${join(staticDir, 'index.html')}: building the client first (vite build)\n`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', staticDir], { stdio: ['ignore', 2, 'inherit'] });
  if (built.status !== 0) {
    process.stderr.write('the client build failed: see above\n');
    process.exit(1);
  }
}
void runServer(argv).then((r) => {
  if (typeof r === 'number') process.exit(r);
});
