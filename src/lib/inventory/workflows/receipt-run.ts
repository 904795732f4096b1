// The nightly run of a folder of receipt files (`venue inventory receipts
// run`): every file through the one receipt workflow (recordReceipt, reached
// through the deps' `receive`, never a second way), each recorded one moved
// out of the folder, one result per file, and one exit rule over them:
//
//   7  a file's outcome is unknown (sent and its answer lost, or left unknown
//      by an earlier run and not settled yet);
//   6  a file has not been received for --alert-after or longer, measured from
//      its FIRST failed attempt (refused, not sent, a name or content that
//      cannot be read), which the journal keeps across reruns until it
//      succeeds; or the service accepted a file with an answer venue cannot
//      read (recorded, never sent again, but its receipt id unknown: once);
//   0  otherwise: every file recorded now or before, or failing for less
//      than --alert-after (a later run sends it).
//
// A failure that is neither the file's nor the service's (the journal cannot
// be read or written, credentials not set, Ctrl-C, a bug) stops the run at
// once with its own exit code: no later file could do better.
// No commander, no terminal: the command renders the results.

import fs from 'node:fs';
import path from 'node:path';
import { ApiError, AuthError, InterruptedError, LoginError, UsageError, isVenueError } from '../../errors.js';
import { shortId, stampOf, type FailingNote } from '../../writes/journal.js';
import { receiptFileKey, type ReceiptJournalEntry } from '../receipt-journal.js';
import type { ReceiptOutcome } from './receipt.js';
import type { StockReceiptResult } from '../types.js';

/** What a file's name can give, by placeholder. */
export const NAME_FIELDS = ['supplier', 'po', 'invoice', 'warehouse'] as const;
export type NameField = (typeof NAME_FIELDS)[number];
export type NameValues = Partial<Record<NameField, string>>;

export const DEFAULT_NAME_PATTERN = '{supplier}_{po}_{invoice}.csv';

export interface NamePattern {
  /** As given: '{supplier}_{po}_{invoice}.csv'. */
  text: string;
  fields: NameField[];
  /** The values a file's name gives, or why it gives none. */
  read(name: string): { values: NameValues } | { problem: string };
}

/**
 * A file-name pattern: literal text, {supplier} {po} {invoice} {warehouse}
 * (each one or more characters) and * (any text, ignored); letters match in
 * any case (INV.CSV fits .csv). A name that fits in more than one way (an
 * underscore inside a PO under '{supplier}_{po}_{invoice}.csv') is refused,
 * never read by a guess: the shortest and the longest reading of every
 * placeholder must be the same.
 */
export function namePattern(text: string): NamePattern {
  const fields: NameField[] = [];
  let lazy = '';
  let greedy = '';
  let last: 'literal' | 'hole' | undefined;
  if (text.includes('/') || text.includes(path.sep))
    throw new UsageError(`--name '${text}' names a path: give the file name's pattern alone (the folder is --dir)`);
  for (const part of text.split(/(\{[^}]*\}|\*)/)) {
    if (part === '') continue;
    if (part === '*' || part.startsWith('{')) {
      if (last === 'hole')
        throw new UsageError(
          `--name '${text}': two placeholders side by side cannot be told apart; put a separator (such as _) between them`,
        );
      last = 'hole';
      if (part === '*') {
        lazy += '.*?';
        greedy += '.*';
        continue;
      }
      const name = part.slice(1, -1) as NameField;
      if (!(NAME_FIELDS as readonly string[]).includes(name))
        throw new UsageError(
          `--name '${text}' has ${part}: a file name can give ${NAME_FIELDS.map((f) => `{${f}}`).join(', ')}`,
          {
            hint: 'Use * for a part of the name that gives nothing.',
          },
        );
      if (fields.includes(name)) throw new UsageError(`--name '${text}' has ${part} twice`);
      fields.push(name);
      lazy += '(.+?)';
      greedy += '(.+)';
      continue;
    }
    last = 'literal';
    const literal = part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    lazy += literal;
    greedy += literal;
  }
  const shortest = new RegExp(`^${lazy}$`, 'is');
  const longest = new RegExp(`^${greedy}$`, 'is');
  return {
    text,
    fields,
    read(name) {
      const a = shortest.exec(name);
      if (!a) return { problem: `its name does not fit --name '${text}'` };
      const b = longest.exec(name)!;
      if (a.some((value, i) => value !== b[i]))
        return {
          problem: `its name fits --name '${text}' in more than one way (${fields
            .map((f, i) => (a[i + 1] === b[i + 1] ? undefined : `${f} "${a[i + 1]}" or "${b[i + 1]}"`))
            .filter(Boolean)
            .join(', ')}): rename it, or give a --name that tells its parts apart`,
        };
      return { values: Object.fromEntries(fields.map((f, i) => [f, a[i + 1]!])) };
    },
  };
}

export { formatDuration, parseDuration } from '../../duration.js';

/** The receipt files of a folder: its plain files (not hidden ones, not folders such as done/), by name. */
export function receiptFilesIn(dir: string): string[] {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such folder'
        : code === 'ENOTDIR'
          ? 'it is not a folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : (error as Error).message;
    throw new UsageError(`--dir ${dir} cannot be read: ${why}`, { hint: 'Nothing was sent.' });
  }
  return names
    .filter((d) => !d.name.startsWith('.'))
    .filter((d) => d.isFile() || (d.isSymbolicLink() && isFile(path.join(dir, d.name))))
    .map((d) => d.name)
    .sort();
}

function isFile(at: string): boolean {
  try {
    return fs.statSync(at).isFile();
  } catch {
    return false;
  }
}

/**
 * Moves a recorded file into the done folder (made if need be); returns where
 * it went. A file of the same name already there is kept: the same bytes are
 * the same file (the ERP sent it again), anything else gets a free name
 * (name.2.csv), never written over.
 */
export function moveInto(file: string, doneDir: string): string {
  fs.mkdirSync(doneDir, { recursive: true });
  const base = path.basename(file);
  const ext = path.extname(base);
  const stem = base.slice(0, base.length - ext.length);
  let target = path.join(doneDir, base);
  for (let n = 2; fs.existsSync(target); n++) {
    if (sameBytes(file, target)) break;
    target = path.join(doneDir, `${stem}.${n}${ext}`);
  }
  try {
    fs.renameSync(file, target);
  } catch (error) {
    // Another file system: copied, then removed.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(file, target);
    fs.unlinkSync(file);
  }
  return target;
}

function sameBytes(a: string, b: string): boolean {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

/** What happened to one file. */
export type FileResult = {
  /** The file's name in the folder. */
  file: string;
  /** Its absolute path. */
  path: string;
  /** When this result was known (the line's stamp). */
  at: string;
  /** What its name gave. */
  values: NameValues;
} & (
  | {
      kind: 'recorded';
      entry: ReceiptJournalEntry;
      /** The service's answer, when it could be read. */
      result?: StockReceiptResult;
      /** Accepted, but its answer could not be read (no receipt id): said, and recorded all the same. */
      unreadable?: string;
      movedTo?: string;
      notMoved?: string;
    }
  | { kind: 'recorded-before'; entry: ReceiptJournalEntry; movedTo?: string; notMoved?: string }
  | { kind: 'not-sent'; reason: string; failing: FailingNote; overdue: boolean; entry?: ReceiptJournalEntry }
  | { kind: 'unknown'; reason: string; id: string; entry?: ReceiptJournalEntry }
);

export interface ReceiptRunDeps {
  journal: {
    noteFailure(key: string, what: { subject: string; profile: string; reason: string }): Promise<FailingNote>;
    clearFailure(key: string): Promise<void>;
    forgetFailures(which: (key: string, note: FailingNote) => boolean): Promise<number>;
  };
  profile: string;
  now: () => number;
  /** A file not received for this long (from its first failed attempt) makes the run exit 6. */
  alertAfterMs: number;
  interruption: { readonly interrupted: boolean };
  /** One file through the receipt workflow: read, checked, sent (or not) by the journal's word. Throws what stops it before an outcome. */
  receive(file: string, values: NameValues): Promise<ReceiptOutcome>;
  /** Moves a recorded file out of the folder; returns where it went. */
  move(file: string): string;
  /** Each file's result as soon as it is known. */
  report(result: FileResult): void | Promise<void>;
}

export interface ReceiptRun {
  results: FileResult[];
  /** What stopped the run before every file was tried (rethrown by the command after the results so far). */
  stopped?: unknown;
  /** Files not tried because the run stopped. */
  untried: string[];
}

/** A failure that is neither the file's nor the service's: no later file would do better. */
export function stopsTheRun(error: unknown): boolean {
  if (!isVenueError(error)) return true;
  if (['local-state', 'interrupted', 'declined'].includes(error.category)) return true;
  // Credentials not set (no answer behind it); a service's refusal of them is the service's word on this file.
  return error instanceof AuthError && !(error instanceof ApiError) && !(error instanceof LoginError);
}

/** A message in one line: a reason that goes on a file's line. */
export function oneLine(error: unknown, withDetails = true): string {
  const message = error instanceof Error ? error.message : String(error);
  const details = isVenueError(error) && withDetails ? error.details.slice(0, 3) : [];
  const more =
    isVenueError(error) && withDetails && error.details.length > 3 ? [`… ${error.details.length - 3} more`] : [];
  return [message, ...details, ...more]
    .join('; ')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export async function runReceiptFiles(
  dir: string,
  names: readonly string[],
  pattern: NamePattern,
  deps: ReceiptRunDeps,
): Promise<ReceiptRun> {
  const results: FileResult[] = [];
  const run: ReceiptRun = { results, untried: [] };
  for (const [index, name] of names.entries()) {
    if (deps.interruption.interrupted) {
      run.untried = names.slice(index);
      break;
    }
    let result: FileResult;
    try {
      result = await oneFile(path.resolve(dir, name), name, pattern, deps);
    } catch (error) {
      run.stopped = error;
      run.untried = names.slice(index);
      break;
    }
    results.push(result);
    await deps.report(result);
  }
  // A file that left the folder without being received (the ERP took it back, a person moved it) fails no more:
  // its note goes, so the journal keeps only what can still alert.
  if (run.stopped !== undefined) return run;
  const folder = path.resolve(dir);
  const here = new Set(names);
  await deps.journal.forgetFailures(
    (_key, note) =>
      note.profile === deps.profile && path.dirname(note.subject) === folder && !here.has(path.basename(note.subject)),
  );
  return run;
}

/** One file's result; throws only what stops the run. */
async function oneFile(file: string, name: string, pattern: NamePattern, deps: ReceiptRunDeps): Promise<FileResult> {
  const key = receiptFileKey(deps.profile, file);
  const read = pattern.read(name);
  if ('problem' in read) return notSent({ file: name, path: file, values: {} }, key, read.problem, deps);
  const base = { file: name, path: file, values: read.values };
  let outcome: ReceiptOutcome;
  try {
    outcome = await deps.receive(file, read.values);
  } catch (error) {
    if (stopsTheRun(error)) throw error;
    // Sent, and its outcome could not be kept (the journal failed after the send): unknown, said as the error says it.
    if (isVenueError(error) && error.category === 'unknown-outcome')
      return { ...base, kind: 'unknown', reason: oneLine(error), id: '', at: stampOf(deps.now()) };
    return notSent(base, key, oneLine(error), deps);
  }
  return resultOf(base, key, outcome, deps);
}

async function notSent(
  base: Omit<FileResult, 'kind' | 'at'>,
  key: string,
  reason: string,
  deps: ReceiptRunDeps,
  entry?: ReceiptJournalEntry,
): Promise<FileResult> {
  const failing = await deps.journal.noteFailure(key, { subject: base.path, profile: deps.profile, reason });
  const now = deps.now();
  const overdue = now - Date.parse(failing.firstFailedAt) >= deps.alertAfterMs;
  return { ...base, at: stampOf(now), kind: 'not-sent', reason, failing, overdue, ...(entry ? { entry } : {}) };
}

async function received(
  base: Omit<FileResult, 'kind' | 'at'>,
  key: string,
  deps: ReceiptRunDeps,
): Promise<{ movedTo?: string; notMoved?: string }> {
  await deps.journal.clearFailure(key);
  try {
    return { movedTo: deps.move(base.path) };
  } catch (error) {
    return { notMoved: (error as Error).message };
  }
}

async function resultOf(
  base: Omit<FileResult, 'kind' | 'at'>,
  key: string,
  outcome: ReceiptOutcome,
  deps: ReceiptRunDeps,
): Promise<FileResult> {
  const at = () => stampOf(deps.now());
  switch (outcome.kind) {
    case 'recorded':
      return {
        ...base,
        kind: 'recorded',
        entry: outcome.entry,
        result: outcome.result,
        ...(await received(base, key, deps)),
        at: at(),
      };
    case 'accepted-unreadable':
      return {
        ...base,
        kind: 'recorded',
        entry: outcome.entry,
        unreadable: oneLine(outcome.error),
        ...(await received(base, key, deps)),
        at: at(),
      };
    case 'already-recorded':
      return { ...base, kind: 'recorded-before', entry: outcome.entry, ...(await received(base, key, deps)), at: at() };
    case 'refused':
    case 'not-sent':
      return notSent(base, key, oneLine(outcome.error), deps, outcome.entry);
    case 'not-sent-at-all':
      if (stopsTheRun(outcome.error)) throw outcome.error;
      return notSent(base, key, oneLine(outcome.error), deps, outcome.entry);
    case 'interrupted-before-send':
      throw new InterruptedError(`interrupted before ${base.file} was sent: nothing was sent`);
    case 'unknown':
      return {
        ...base,
        kind: 'unknown',
        entry: outcome.entry,
        id: outcome.entry.id,
        reason: `receipt ${shortId(outcome.entry.id)} was sent and ${oneLine(outcome.error, false)}`,
        at: at(),
      };
    case 'disagrees':
      return {
        ...base,
        kind: 'unknown',
        entry: outcome.entry,
        id: outcome.entry.id,
        reason: `its answer disagrees with what was sent (${outcome.disagreements
          .slice(0, 3)
          .map((d) => `${d.field}: sent ${d.sent}, answered ${d.got}`)
          .join('; ')})`,
        at: at(),
      };
    case 'unresolved':
      return {
        ...base,
        kind: 'unknown',
        entry: outcome.entry,
        id: outcome.entry.id,
        reason:
          outcome.why === 'unknown'
            ? `receipt ${shortId(outcome.entry.id)} was left unknown by an earlier run and is not settled yet; nothing sent`
            : `the run sending receipt ${shortId(outcome.entry.id)} ended before its outcome was recorded; nothing sent`,
        at: at(),
      };
  }
}

/** The run's exit code by the rule at the top of this file (a run that stopped rethrows what stopped it instead). */
export function receiptRunExitCode(results: readonly FileResult[]): 0 | 6 | 7 {
  if (results.some((r) => r.kind === 'unknown')) return 7;
  if (results.some((r) => (r.kind === 'not-sent' && r.overdue) || (r.kind === 'recorded' && r.unreadable))) return 6;
  return 0;
}
