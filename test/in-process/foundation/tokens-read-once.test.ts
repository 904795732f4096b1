// tokens.json is read once per run: a listing of many pages takes its token
// from the run's copy, not from the file before every request (issue 21 saw
// 550 reads in one run). Counted by watching the reads of the file in this
// process (the in-process tier runs main here).

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await sb?.stop();
});

/** Runs the command counting the reads of tokens.json, and how many requests it sent. */
async function countingReads(argv: string[]) {
  const reads: string[] = [];
  const real = fs.readFileSync;
  const spy = vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && file.endsWith('tokens.json')) reads.push(file);
    return (real as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync);
  try {
    const result = await sb.run(argv);
    return { result, reads: reads.length };
  } finally {
    spy.mockRestore();
  }
}

describe('tokens read once per run', () => {
  it('a listing of many pages with a cached token reads tokens.json once', async () => {
    const login = await sb.run(['inventory', 'categories']);
    expect(login.code, login.stderr).toBe(0);
    const { result, reads } = await countingReads([
      'inventory',
      'products',
      'list',
      '--all',
      '--page-size',
      '5',
      '-o',
      'ndjson',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.trim().split('\n').length;
    // Many requests (one per page of five), one read.
    expect(rows).toBeGreaterThan(20);
    expect(reads).toBe(1);
  });

  it("with no token cached: read once, then again only under the renewal lock (to see another process's) and to write", async () => {
    const forget = await sb.run(['auth', 'logout', 'inventory']);
    expect(forget.code, forget.stderr).toBe(0);
    const { result, reads } = await countingReads([
      'inventory',
      'products',
      'list',
      '--all',
      '--page-size',
      '5',
      '-o',
      'ndjson',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(reads).toBe(3);
  });
});
