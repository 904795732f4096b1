// Shared by the benchmarks: run a command, count its stdout lines, and read its
// peak memory from GNU time when the machine has it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export const hasGnuTime = fs.existsSync('/usr/bin/time');

/** Runs command with args; resolves { ms, lines, peakMb } or rejects with its stderr when it fails. */
export function timed(command, args, env, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [cmd, argv] = hasGnuTime ? ['/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', command, ...args]] : [command, args];
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
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      else resolve({ ms, lines, peakMb: rss ? Number(rss[1]) / 1024 : undefined });
    });
  });
}
