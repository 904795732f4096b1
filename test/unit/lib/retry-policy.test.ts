// The one retry policy (src/lib/retry-policy.ts): what is asked again, how
// often and after how long, within the deadline; and that no other file
// under src/ keeps a list of retryable statuses of its own.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TOKEN_ROUTE_ROUNDS,
  backoffMs,
  mayRetryFailure,
  mayRetryStatus,
  retryAfterAnswer,
  retryAfterFailure,
  retryableStatuses,
  waitFitsDeadline,
  type RetryState,
} from '../../../src/lib/retry-policy.js';
import { refusedBeforeProcessing, verdictOfStatus } from '../../../src/lib/writes/rule.js';
import { repoRoot } from '../../support/venue.js';

const every = Array.from({ length: 500 }, (_, i) => 100 + i);

describe('which answers are asked again', () => {
  it('reads: busy answers (429, 503) and a gateway that got none (502, 504)', () => {
    expect(retryableStatuses(true)).toEqual([429, 502, 503, 504]);
  });

  it('writes: exactly the statuses the outcome rule says were refused before processing, none it calls unknown', () => {
    expect(retryableStatuses(false)).toEqual(every.filter(refusedBeforeProcessing));
    for (const status of retryableStatuses(false)) expect(verdictOfStatus(status)).toBe('not-applied');
    for (const status of every.filter((s) => verdictOfStatus(s) === 'unknown'))
      expect(mayRetryStatus(status, false), String(status)).toBe(false);
  });

  it('a failure without an answer: a read always, a write only when it never left', () => {
    expect(mayRetryFailure(true, false)).toBe(true);
    expect(mayRetryFailure(false, true)).toBe(true);
    expect(mayRetryFailure(false, false)).toBe(false);
  });
});

describe('how often and how long', () => {
  const state = (attempt: number, retries: number, round = 1, rounds = 1): RetryState => ({
    attempt,
    retries,
    round,
    rounds,
  });

  it("waits what the service asks (Retry-After), else backs off with jitter, up to the client's retries", () => {
    expect(retryAfterAnswer(503, true, state(0, 3), '2', 0)).toEqual({ waitMs: 2000, asked: true, newRound: false });
    expect(retryAfterAnswer(503, true, state(1, 3), undefined, 0, () => 0)).toEqual({
      waitMs: 250,
      asked: false,
      newRound: false,
    });
    expect(retryAfterAnswer(503, true, state(3, 3), undefined, 0)).toBeUndefined();
    expect(retryAfterAnswer(500, true, state(0, 3), undefined, 0)).toBeUndefined();
    expect(retryAfterAnswer(504, false, state(0, 3), undefined, 0)).toBeUndefined();
    expect(backoffMs(20, () => 1)).toBe(8000);
  });

  it('a token route gets rounds: its retries again after a pause, TOKEN_ROUTE_ROUNDS times; a network failure none', () => {
    const plans = [];
    for (let round = 1; round <= TOKEN_ROUTE_ROUNDS; round++)
      plans.push(retryAfterAnswer(429, true, state(0, 0, round, TOKEN_ROUTE_ROUNDS), undefined, 0, () => 0));
    expect(plans.map((p) => p?.newRound)).toEqual([...Array(TOKEN_ROUTE_ROUNDS - 1).fill(true), undefined]);
    expect(plans[0]!.waitMs).toBe(backoffMs(2, () => 0));
    expect(retryAfterFailure(true, true, state(0, 0, 1, TOKEN_ROUTE_ROUNDS))).toBeUndefined();
    expect(retryAfterFailure(true, false, state(0, 1))?.newRound).toBe(false);
  });

  it('a wait is taken only when the next attempt can still start before the deadline', () => {
    expect(waitFitsDeadline(999, 1000)).toBe(true);
    expect(waitFitsDeadline(1000, 1000)).toBe(false);
  });
});

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** An array literal of numbers ([429, 503], new Set([502, 504]), [503].includes(status)), over lines too. */
const NUMBER_LIST = /\[\s*(\d+(?:\s*,\s*\d+)*)\s*,?\s*\]/g;

/** The lists of numbers in source text holding any of statuses, with their line numbers; comment lines left out. */
function listsOf(text: string, statuses: ReadonlySet<number>): Array<{ line: number; list: string }> {
  const code = text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line))
    .join('\n');
  return [...code.matchAll(NUMBER_LIST)]
    .filter((m) => m[1]!.split(/\s*,\s*/).some((n) => statuses.has(Number(n))))
    .map((m) => ({ line: code.slice(0, m.index).split('\n').length, list: m[1]!.replace(/\s+/g, ' ') }));
}

describe('the retry policy has one copy', () => {
  // A list of retryable statuses is an array or set literal of numbers holding any of them. The outcome
  // rule's rows test statuses one by one and are what the policy reads; error tables key hints by status;
  // neither is a list of what to retry.
  const retryable = new Set(retryableStatuses(true));

  it('no file under src/ but retry-policy.ts holds an array or set of the statuses it retries', () => {
    const src = path.join(repoRoot, 'src');
    const offenders: string[] = [];
    for (const file of sources(src)) {
      const rel = path.relative(src, file);
      if (rel === path.join('lib', 'retry-policy.ts')) continue;
      for (const { line, list } of listsOf(fs.readFileSync(file, 'utf8'), retryable))
        offenders.push(`${rel}:${line}: [${list}]`);
    }
    expect(offenders).toEqual([]);
  });

  it("the scan finds such a list wherever it is written, and the policy's own", () => {
    expect(listsOf('if ([429, 502, 503, 504].includes(error.status)) continue;', retryable)).toEqual([
      { line: 1, list: '429, 502, 503, 504' },
    ]);
    expect(listsOf('const a = 1;\nconst RETRYABLE = new Set([\n  502,\n  504,\n]);', retryable)).toEqual([
      { line: 2, list: '502, 504' },
    ]);
    expect(listsOf("const x = { a: [1, 2], b: 'x' };\n// [429, 503] in a comment", retryable)).toEqual([]);
    const policy = fs.readFileSync(path.join(repoRoot, 'src', 'lib', 'retry-policy.ts'), 'utf8');
    expect(listsOf(policy, retryable).length).toBeGreaterThan(0);
  });
});
