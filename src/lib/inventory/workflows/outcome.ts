// What an inventory write's outcome records beyond the one rule
// (writes/rule.ts decides what an answer means): the stock levels gathered as
// evidence for the person who settles an unknown write, never taken as proof,
// since anything else that moves stock (counter sales, other receipts, stock
// takes, staff adjustments) can mimic or hide it.

import type { ApiError } from '../../errors.js';
import type { Interruption } from '../../interruption.js';
import type { UnreadableAnswerError } from '../../reading.js';
import type { SendResult } from '../../writes/rule.js';
import { stampOf, type WriteStatus } from '../../writes/journal.js';
import type { Levels } from '../journal-entry.js';
import { describeDisagreements, type Disagreement } from '../../writes/agreement.js';

export { classifySend, type SendResult } from '../../writes/rule.js';

/** One product of an unknown write: its level then and now, and the change the write makes. */
export interface EvidenceLine {
  productId: string;
  before?: number;
  now?: number;
  /** What the write changes this product's level by (received quantity, counted − before, adjustment). */
  expected: number;
}

export interface Evidence {
  lines: EvidenceLine[];
  /** When the levels "now" were read. */
  readAt?: string;
  /** Why they could not be read (the evidence then has levels before only). */
  readError?: string;
}

export interface EvidenceOptions {
  /** productId → the change the write makes. */
  expected: Array<{ productId: string; change: number }>;
  levelsBefore: Levels;
  readLevels: (productIds: string[]) => Promise<Levels>;
  interruption: Interruption;
  now: () => number;
  /** A lost answer does not mean the server has finished: time for it to land before looking. */
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** How a workflow reads evidence: its deps' level reader, Ctrl-C, clock and wait. */
export type EvidenceReading = Omit<EvidenceOptions, 'expected' | 'levelsBefore'>;

/** Reads the levels again and sets them beside the levels before: evidence, never a verdict. */
export async function gatherEvidence(options: EvidenceOptions): Promise<Evidence> {
  const base = (now: Levels | undefined): EvidenceLine[] =>
    options.expected.map(({ productId, change }) => ({
      productId,
      ...(options.levelsBefore[productId] !== undefined ? { before: options.levelsBefore[productId] } : {}),
      ...(now ? { now: now[productId] ?? 0 } : {}),
      expected: change,
    }));
  if (!options.interruption.maySend())
    return { lines: base(undefined), readError: 'interrupted before the levels could be read again' };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  if (options.settleMs) await sleep(options.settleMs);
  try {
    const now = await options.readLevels(options.expected.map((e) => e.productId));
    return { lines: base(now), readAt: new Date(options.now()).toISOString().replace(/\.\d{3}Z$/, 'Z') };
  } catch (error) {
    return { lines: base(undefined), readError: (error as Error)?.message ?? String(error) };
  }
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The evidence in lines a person reads: "product 1016: 40 before, 49 now,
 * receipt adds 10 (other movements: -1 if it was applied, +9 if not)".
 */
export function describeEvidence(evidence: Evidence, change: (line: EvidenceLine) => string): string[] {
  const lines = evidence.lines.slice(0, 20).map((line) => {
    const before = line.before === undefined ? 'unknown before' : `${line.before} before`;
    if (line.now === undefined || line.before === undefined)
      return `product ${line.productId}: ${before}, ${change(line)}`;
    const moved = line.now - line.before;
    const other =
      moved === line.expected && moved !== 0
        ? 'levels moved by exactly that, which other movements could also explain'
        : `other movements: ${signed(moved - line.expected)} if it was applied, ${signed(moved)} if not`;
    return `product ${line.productId}: ${line.before} before, ${line.now} now, ${change(line)} (${other})`;
  });
  if (evidence.lines.length > 20)
    lines.push(`… and ${evidence.lines.length - 20} more products (\`-o json\` lists them all)`);
  if (evidence.readError) lines.push(`the levels could not be read again: ${evidence.readError}`);
  return lines;
}

/** Levels of the expected products after the write, as the evidence saw them. */
export function levelsNow(evidence: Evidence): Levels | undefined {
  if (evidence.readError) return undefined;
  return Object.fromEntries(evidence.lines.filter((l) => l.now !== undefined).map((l) => [l.productId, l.now!]));
}

/** The journal a write workflow records its outcome in (receipts, stock changes). */
interface OutcomeJournal<E> {
  setStatus(id: string, status: WriteStatus, fields?: Partial<E>, note?: string): Promise<E>;
}

/**
 * What the journal records for the outcomes every inventory write shares
 * once it was marked sending; undefined for 'answered' and 'unknown', whose
 * records differ per kind.
 */
export async function recordSharedOutcome<E extends { keyGeneration?: number }, T>(
  journal: OutcomeJournal<E>,
  id: string,
  sending: E,
  sent: SendResult<T>,
  restore: WriteStatus,
  now: number,
): Promise<
  | { kind: 'accepted-unreadable'; entry: E; error: UnreadableAnswerError }
  | { kind: 'refused'; entry: E; error: ApiError }
  | { kind: 'not-sent'; entry: E; error: Error }
  | { kind: 'interrupted-before-send'; entry: E }
  | undefined
> {
  switch (sent.kind) {
    case 'accepted-unreadable':
      return {
        kind: 'accepted-unreadable',
        entry: await journal.setStatus(
          id,
          'recorded',
          { recordedAt: stampOf(now) } as unknown as Partial<E>,
          'the service accepted it; its answer could not be read',
        ),
        error: sent.error,
      };
    case 'refused':
      // Refused, so its key was never used for an applied write: a new send gets a fresh one.
      return {
        kind: 'refused',
        entry: await journal.setStatus(
          id,
          'not-applied',
          { keyGeneration: (sending.keyGeneration ?? 1) + 1 } as Partial<E>,
          `refused: ${sent.error.message}`,
        ),
        error: sent.error,
      };
    case 'not-sent':
      return {
        kind: 'not-sent',
        entry: await journal.setStatus(id, 'not-applied', {}, `not sent: ${sent.error.message}`),
        error: sent.error,
      };
    case 'interrupted-before-send':
      // A retry the HTTP layer did not make after a Ctrl-C: the first attempt was refused (429/503), so nothing was applied.
      return {
        kind: 'interrupted-before-send',
        entry: await journal.setStatus(
          id,
          restore === 'sending' ? 'not-applied' : restore,
          {},
          'interrupted before it was sent again: nothing more was sent',
        ),
      };
    default:
      return undefined;
  }
}

/**
 * A write sent with no conclusive answer: the levels are read again as
 * evidence (never proof) and the entry is recorded unknown with them.
 */
export async function recordUnknownOutcome<E extends { levelsAfter?: Levels; evidenceAt?: string }>(
  journal: OutcomeJournal<E>,
  id: string,
  error: Error,
  deps: EvidenceReading,
  write: Pick<EvidenceOptions, 'expected' | 'levelsBefore'>,
): Promise<{ kind: 'unknown'; entry: E; error: Error; evidence: Evidence }> {
  const { readLevels, interruption, now: clock, sleep } = deps;
  const evidence = await gatherEvidence({
    ...write,
    readLevels,
    interruption,
    now: clock,
    sleep,
    settleMs: deps.settleMs ?? 500,
  });
  const now = levelsNow(evidence);
  const entry = await journal.setStatus(
    id,
    'unknown',
    { ...(now ? { levelsAfter: now, evidenceAt: evidence.readAt } : {}) } as Partial<E>,
    `outcome unknown: ${error.message}`,
  );
  return { kind: 'unknown', entry, error, evidence };
}

/** An answer that disagrees with what was sent: the entry is recorded unknown, with what disagreed. */
export async function recordDisagreement<E extends { disagreement?: string[] }>(
  journal: OutcomeJournal<E>,
  id: string,
  disagreements: Disagreement[],
): Promise<{ kind: 'disagrees'; entry: E; disagreements: Disagreement[] }> {
  const entry = await journal.setStatus(
    id,
    'unknown',
    { disagreement: describeDisagreements(disagreements) } as Partial<E>,
    'the answer disagrees with what was sent: unknown',
  );
  return { kind: 'disagrees', entry, disagreements };
}
