// Runs one piece of work per venue, a few at a time, and reports each
// venue's outcome. No terminal and no commander here: the caller hands in
// what running a venue means, and renders the outcomes.

import { FLEET_SEVERITY } from '../facts.js';

export type VenueStatus = 'ok' | 'failed' | 'interrupted' | 'skipped' | 'not-run';

export interface VenueJob {
  profile: string;
  /** Why this venue is not run (its file is missing, a placeholder has no value): reported, never fatal to the others. */
  skip?: string;
}

export interface VenueOutcome {
  profile: string;
  status: VenueStatus;
  /** The venue's exit code; undefined for a venue never started. */
  exitCode?: number;
  /** What went wrong (the error's first line), why it was skipped or not run; empty when ok. */
  message: string;
  ms: number;
}

export interface RunVenuesOptions<J extends VenueJob> {
  /** Venues running at once. */
  parallel: number;
  /** Start no more venues after the first failure (those running finish: a write in flight is never cut). */
  failFast: boolean;
  /** Ctrl-C: no more venues start; those running end as their commands do. */
  signal: AbortSignal;
  now: () => number;
  run(job: J): Promise<{ exitCode: number; message?: string }>;
  /** Each outcome as it is known (progress). */
  onOutcome?(outcome: VenueOutcome): void;
}

/** Exit codes from most to least severe: the run's exit code is the first any venue has. */
export const exitSeverity: readonly number[] = FLEET_SEVERITY;

/** The most severe exit code among the venues that ran or were skipped; 0 when all succeeded. */
export function fleetExitCode(outcomes: VenueOutcome[]): number {
  const codes = new Set(outcomes.map((o) => o.exitCode).filter((c): c is number => c !== undefined && c !== 0));
  for (const code of exitSeverity) if (codes.has(code)) return code;
  // A code outside the documented ones (none today) still fails the run.
  return codes.size ? Math.max(...codes) : 0;
}

export async function runVenues<J extends VenueJob>(jobs: J[], options: RunVenuesOptions<J>): Promise<VenueOutcome[]> {
  const outcomes: VenueOutcome[] = new Array(jobs.length);
  let next = 0;
  let failed = false;
  const settle = (index: number, outcome: VenueOutcome) => {
    outcomes[index] = outcome;
    options.onOutcome?.(outcome);
  };
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= jobs.length) return;
      const job = jobs[index]!;
      if (options.signal.aborted) {
        settle(index, { profile: job.profile, status: 'not-run', message: 'not started: interrupted', ms: 0 });
        continue;
      }
      if (failed && options.failFast) {
        settle(index, {
          profile: job.profile,
          status: 'not-run',
          message: 'not started: --fail-fast after a failure',
          ms: 0,
        });
        continue;
      }
      if (job.skip !== undefined) {
        // Skipped venues count as a usage failure (exit 2): a cron run must not look complete without them.
        settle(index, { profile: job.profile, status: 'skipped', exitCode: 2, message: job.skip, ms: 0 });
        failed = true;
        continue;
      }
      const started = options.now();
      let result: { exitCode: number; message?: string };
      try {
        result = await options.run(job);
      } catch (error) {
        result = { exitCode: 1, message: `unexpected failure: ${(error as Error)?.message ?? String(error)}` };
      }
      if (result.exitCode !== 0) failed = true;
      settle(index, {
        profile: job.profile,
        status: result.exitCode === 0 ? 'ok' : result.exitCode === 130 ? 'interrupted' : 'failed',
        exitCode: result.exitCode,
        message: result.exitCode === 0 ? '' : (result.message ?? `exit ${result.exitCode}`),
        ms: options.now() - started,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallel, jobs.length)) }, worker));
  return outcomes;
}
