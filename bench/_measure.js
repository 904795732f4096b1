// Shared by the benchmarks: run a command, count its stdout lines, and read its
// peak memory from GNU time when the machine has it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const hasGnuTime = fs.existsSync('/usr/bin/time');

/** Runs command with args; resolves { ms, lines, peakMb, cpuMs } (the last two from GNU time) or rejects with its stderr when it fails. */
export function timed(command, args, env, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [cmd, argv] = hasGnuTime
      ? ['/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M CPU_S=%U+%S', command, ...args]]
      : [command, args];
    const child = spawn(cmd, argv, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const rss = /PEAK_RSS_KB=(\d+)/.exec(stderr);
      const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(stderr);
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      else
        resolve({
          ms,
          lines,
          peakMb: rss ? Number(rss[1]) / 1024 : undefined,
          cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
        });
    });
  });
}

/**
 * Start-up figures: each case (node args, extra env) run `runs` times, the
 * cases interleaved so that a shared machine's load weighs on all alike, the
 * first 3 rounds left out (they warm the file cache). Returns each case's
 * median wall time in ms, by name.
 */
export function interleavedMedians(cases, runs, env) {
  const times = new Map(cases.map((c) => [c.name, []]));
  for (let i = 0; i < runs + 3; i++) {
    for (const c of cases) {
      const started = process.hrtime.bigint();
      const result = spawnSync(process.execPath, c.args, {
        env: { ...env, ...c.env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.status !== 0) throw new Error(`${c.name} failed: ${result.stderr}`);
      if (i >= 3) times.get(c.name).push(ms);
    }
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return new Map([...times].map(([name, values]) => [name, median(values)]));
}
