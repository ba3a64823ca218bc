import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the game server on port 5174 (its own database, data/dev.sqlite) and the Vite dev server on 5173,
 * which forwards /api to it (vite.config.ts). Ctrl-C stops both.
 */
const API_PORT = process.env['POULE_API_PORT'] ?? '5174';
const children: ChildProcess[] = [];
const stopAll = (code: number): void => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
};

const server = spawn(
  'npx',
  ['tsx', 'src/server/main.ts', '--port', API_PORT, '--database', 'data/dev.sqlite', '--static', 'none', '--log-level', 'info', ...process.argv.slice(2)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(server);
server.stdout!.setEncoding('utf8').on('data', (line: string) => {
  process.stdout.write(line);
  if (children.length === 1 && line.includes('poule server listening')) {
    const vite = spawn('npx', ['vite', '--port', '5173', '--strictPort'], { stdio: 'inherit', env: { ...process.env, POULE_API_PORT: API_PORT } });
    children.push(vite);
    vite.on('exit', (code) => stopAll(code ?? 0));
  }
});
server.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
