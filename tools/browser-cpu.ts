import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** CPU time (ms) so far of this process's Chromium descendants: the GPU process, and the renderers. */
export function browserCpu(): { gpu: number; renderer: number } {
  const rows = execSync('ps -eo pid,ppid,args --no-headers')
    .toString()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length > 2)
    .map((r) => ({ pid: Number(r[0]), ppid: Number(r[1]), args: r.slice(2).join(' ') }));
  const mine = new Set<number>([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows)
      if (mine.has(r.ppid) && !mine.has(r.pid)) {
        mine.add(r.pid);
        grew = true;
      }
  }
  let gpu = 0;
  let renderer = 0;
  for (const r of rows) {
    if (!mine.has(r.pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${r.pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
    if (r.args.includes('--type=gpu-process')) gpu += ms;
    else if (r.args.includes('--type=renderer')) renderer += ms;
  }
  return { gpu, renderer };
}
