// The fleet runner: a command once per venue, a few at a time. It is given
// what running one venue means (runOne, with the row sink the venue's output
// writes to) and knows nothing of commander, the terminal or argv; the caller
// (src/each-profile.ts) asks before a write and renders the outcomes.

import { runVenues, type VenueJob, type VenueOutcome } from './runner.js';
import type { MergeSink } from './merged-output.js';

/** Where every venue's rows go: one merged result, written out when the run ends. */
export interface RowSink extends MergeSink {
  finish(): Promise<void>;
}

export interface FleetRunOptions<J extends VenueJob> {
  parallel: number;
  failFast: boolean;
  /** Ctrl-C: no more venues start. */
  signal: AbortSignal;
  now: () => number;
  sink: RowSink;
  /** Runs the command at one venue, its rows to the sink: its exit code, and what went wrong. */
  runOne(job: J, sink: MergeSink): Promise<{ exitCode: number; message?: string }>;
}

/** Runs every job; the merged rows are written once every venue is done. */
export async function runFleet<J extends VenueJob>(jobs: J[], options: FleetRunOptions<J>): Promise<VenueOutcome[]> {
  const outcomes = await runVenues(jobs, {
    parallel: options.parallel,
    failFast: options.failFast,
    signal: options.signal,
    now: options.now,
    run: (job) => options.runOne(job, options.sink),
  });
  await options.sink.finish();
  return outcomes;
}
