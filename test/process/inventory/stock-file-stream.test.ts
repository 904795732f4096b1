// Stock files read as streams, through the built binary against the sandbox: a
// named pipe as --file, standard input, Ctrl-C while waiting on a pipe nobody
// writes to (exit 130 at once, nothing sent), and a file of many bad lines
// (the first 100 listed, all counted).

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, venueBin, type SandboxHandle } from '../../support/venue.js';
import { stockSuite } from '../../support/stock-suite.js';

const suite = stockSuite('venue-stock-stream-');
const { file, levels } = suite;
let sb: SandboxHandle;
beforeAll(() => {
  sb = suite.sb;
});

async function movementCount(): Promise<number> {
  return (await sb.control<{ items: unknown[] }>('GET', '/inventory/movements')).items.length;
}

/** A named pipe beside the suite's files. */
function fifo(name: string): string {
  const at = path.join(path.dirname(file('.keep', '')), name);
  execFileSync('mkfifo', [at]);
  return at;
}

/** Whether process pid holds path open (Linux: /proc/<pid>/fd). */
function holdsOpen(pid: number, target: string): boolean {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

describe('--file is a named pipe', () => {
  it('stock take --dry-run reads the counts written to it after venue started', async () => {
    const pipe = fifo('counts.fifo');
    const before = await levels([1001, 1002]);
    const movements = await movementCount();
    // Opening the pipe for writing waits for venue to open it for reading.
    const [result] = await Promise.all([
      sb.run(['inventory', 'stock', 'take', '--file', pipe, '--dry-run', '-o', 'json']),
      fs.promises.writeFile(pipe, 'productId,countedQuantity\n1001,4\n1002,0\n'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(
      (JSON.parse(result.stdout) as Array<{ line: number; productId: number; counted: number }>).map((r) => [
        r.line,
        r.productId,
        r.counted,
      ]),
    ).toEqual([
      [2, 1001, 4],
      [3, 1002, 0],
    ]);
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await levels([1001, 1002])).toEqual(before);
    expect(await movementCount()).toBe(movements);
  });

  it('stock receive --dry-run reports a bad line of a pipe with its number (exit 2)', async () => {
    const pipe = fifo('delivery.fifo');
    const [result] = await Promise.all([
      sb.run(['inventory', 'stock', 'receive', '--file', pipe, '--dry-run']),
      fs.promises.writeFile(pipe, 'productId,quantity,value\n1001,2,1.50\n1002,0,1\n'),
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`invalid input in ${pipe}: 1 problem`);
    expect(result.stderr).toContain('line 3: quantity must be greater than 0');
  });

  it('Ctrl-C while venue waits on a pipe nobody writes to: exit 130 at once, nothing sent', async () => {
    const pipe = fifo('silent.fifo');
    const movements = await movementCount();
    const child = spawn(process.execPath, [venueBin, 'inventory', 'stock', 'take', '--file', pipe, '--yes'], {
      env: baseEnv(sb.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // Interrupt only once venue holds the pipe open, i.e. is waiting on it.
      const deadline = Date.now() + 15_000;
      while (!holdsOpen(child.pid!, pipe)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`venue never opened the pipe: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const interruptedAt = Date.now();
      child.kill('SIGINT');
      const { code } = await exited;
      expect(Date.now() - interruptedAt).toBeLessThan(1000);
      expect(code, stderr).toBe(130);
      expect(stderr).toContain(`interrupted while reading ${pipe}: nothing was sent`);
      expect(await movementCount()).toBe(movements);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('--file - (standard input)', () => {
  it('stock take --dry-run reads the counts from standard input', async () => {
    const result = await sb.run(['inventory', 'stock', 'take', '--file', '-', '--dry-run', '-o', 'json'], {
      input: '\ufeffproductId,countedQuantity\r\n1003,5\r\n1004,6\r\n',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(
      (JSON.parse(result.stdout) as Array<{ line: number; productId: number }>).map((r) => [r.line, r.productId]),
    ).toEqual([
      [2, 1003],
      [3, 1004],
    ]);
  });
});

describe('a file of many bad lines', () => {
  it('lists the first 100 bad lines with their numbers and counts them all (exit 2, nothing sent)', async () => {
    const movements = await movementCount();
    const rows = ['productId,countedQuantity'];
    for (let i = 1; i <= 5000; i++) rows.push(i % 2 ? `${i},1` : `${i},-1`);
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('many-bad.csv', `${rows.join('\n')}\n`),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('2500 problems on 2500 lines');
    expect(result.stderr).toContain('line 3: countedQuantity must not be negative');
    expect(result.stderr).toContain('line 201: countedQuantity must not be negative');
    expect(result.stderr).not.toContain('line 203:');
    expect(result.stderr).toContain('… and 2400 more bad lines (the first 100 are listed)');
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await movementCount()).toBe(movements);
  });
});
