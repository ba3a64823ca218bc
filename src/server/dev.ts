import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the game server on port 5174 (its own database, data/dev.sqlite) and the Vite dev server on 5173,
 * which forwards /api to it (vite.config.ts). Ctrl-C stops both. POULE_API_PORT and POULE_DEV_PORT change the ports.
 */
const API_PORT = process.env['POULE_API_PORT'] ?? '5174';
const DEV_PORT = process.env['POULE_DEV_PORT'] ?? '5173';
const children: ChildProcess[] = [];
const stopAll = (code: number): void => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
};

// Node itself runs both (no npx or shell between), so a signal sent to a child reaches the program.
const server = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'src/server/main.ts',
    '--port',
    API_PORT,
    '--database',
    'data/dev.sqlite',
    '--static',
    'none',
    '--log-level',
    'info',
    ...process.argv.slice(2),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(server);
server.stdout!.setEncoding('utf8').on('data', (line: string) => {
  process.stdout.write(line);
  if (children.length === 1 && line.includes('poule server listening')) {
    const vite = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', '--port', DEV_PORT, '--strictPort', '--host', '127.0.0.1'],
      { stdio: 'inherit', env: { ...process.env, POULE_API_PORT: API_PORT } },
    );
    children.push(vite);
    vite.on('exit', (code) => stopAll(code ?? 0));
  }
});
server.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
