// venue's facts, as data, in one place: the exit codes and what each means,
// what a script does on each, the order a run across venues picks its code
// in, the one rule for which writes ask before they send (and need --yes
// without a terminal), and what each use across venues means. Every reader
// renders from here: `venue help exit-codes` (src/cli/help-topics.ts), the
// root help's footer (src/program.ts), the README's tables (written between
// markers by scripts/readme-facts.js; a test fails when they are stale), the
// MCP server's resources and its tool descriptions and call results. Nothing
// parses a rendering back into facts (test/unit/lib/facts.test.ts scans for it).

import { ExitCode } from './errors.js';

export interface ExitCodeFact {
  code: ExitCode;
  /** A few words, for the help footer and a tool call's result. */
  short: string;
  /** What it means, in full: help, the README and the MCP resource print this. */
  meaning: string;
}

/** Every exit code venue gives, in numeric order. */
export const EXIT_CODES: readonly ExitCodeFact[] = [
  { code: ExitCode.ok, short: 'ok', meaning: "success: the data shown is the service's and it is complete" },
  {
    code: ExitCode.unexpected,
    short: 'unexpected',
    meaning:
      "unexpected failure (a bug: run again with --verbose and report it), or a journal of venue's own that cannot be read or written (the message names it, its folder or backup, and the cause; nothing was sent)",
  },
  {
    code: ExitCode.usage,
    short: 'usage or invalid input',
    meaning:
      'usage error or invalid input, found before anything was sent (a write that needs --yes without a terminal is one)',
  },
  {
    code: ExitCode.auth,
    short: 'auth',
    meaning:
      'authentication or authorisation: missing credentials, 401, 403; a login whose credentials were refused or whose route is missing (the message names the login route, its method, path and status)',
  },
  { code: ExitCode.notFound, short: 'not found', meaning: 'not found' },
  {
    code: ExitCode.rejected,
    short: 'rejected by a business rule',
    meaning: 'rejected by a business rule (409, 422: duplicate, no capacity, not activated…)',
  },
  {
    code: ExitCode.server,
    short: 'server or network',
    meaning:
      'server or network failure after retries, a deadline reached, or an answer venue cannot read (the message names what is missing); a login route failing (5xx, no token in its answer); `inventory health` reporting the service degraded or unhealthy (the report is printed all the same)',
  },
  {
    code: ExitCode.unknownOutcome,
    short: 'outcome unknown',
    meaning:
      "outcome unknown: something that changes data was sent and its answer was lost; the message says how to check and settle it. Also given by a list of venue's own writes (`inventory receipts list`, `wallet reloads`, `booking holds`) that shows one whose outcome is unknown. Alert a person; never rerun blindly.",
  },
  {
    code: ExitCode.declined,
    short: 'declined at a confirmation',
    meaning:
      'declined: a person answered No at a confirmation (a write, a deletion, a stock take, a payment, a run at several venues); nothing was sent. Not 0, since what was asked for was not done (`venue … && next` stops), and not 130, since nothing was interrupted',
  },
  {
    code: ExitCode.interrupted,
    short: 'interrupted',
    meaning:
      'interrupted (Ctrl-C): the command stopped short (a write it completed first is 0, one it left unknown is 7)',
  },
];

/** What a code means in full, or undefined for a code venue does not give. */
export function exitMeaning(code: number): string | undefined {
  return EXIT_CODES.find((fact) => fact.code === code)?.meaning;
}

/** What a script does on each code: the codes in a group share the advice. */
export const SCRIPT_ADVICE: ReadonlyArray<{ codes: readonly ExitCode[]; advice: string }> = [
  { codes: [ExitCode.ok], advice: 'go on' },
  {
    codes: [ExitCode.usage, ExitCode.auth, ExitCode.notFound, ExitCode.rejected],
    advice: 'fix the input or the setup',
  },
  { codes: [ExitCode.server], advice: 'try again later' },
  { codes: [ExitCode.unknownOutcome], advice: 'stop and have a person settle it' },
  {
    codes: [ExitCode.declined],
    advice:
      'a person said No (only on a terminal: without one nothing asks, and --yes is needed where a write would ask)',
  },
];

/**
 * A run across venues (--each-profile) exits with the most severe code among
 * its venues: the first of these any venue has (0 when every venue succeeded).
 */
export const FLEET_SEVERITY: readonly ExitCode[] = [
  ExitCode.interrupted,
  ExitCode.unknownOutcome,
  ExitCode.server,
  ExitCode.rejected,
  ExitCode.notFound,
  ExitCode.auth,
  ExitCode.usage,
  ExitCode.unexpected,
  ExitCode.declined,
];

// ---------------------------------------------------------------------------
// Confirmation: which writes ask before they send.

/**
 * Why a write never needs --yes: it was made to run unattended and its journal
 * makes a rerun harmless (it still shows its plan and asks on a terminal); it
 * changes only venue's own files on this machine, or sends to a receiver of
 * your own (it never asks); or it is a raw call, sent exactly as you wrote it,
 * whose effect venue cannot know (`venue api`; it never asks).
 */
export type NoConfirmation = 'unattended' | 'own-files' | 'raw';

/**
 * What a write declares (CommandModule.confirmation): it needs a person's yes
 * always (every run that sends), only when destructive (the runs `when` picks:
 * `booking release --all`…), or never (with the reason).
 */
export type ConfirmationDeclaration =
  | 'always'
  | {
      destructive: {
        /** The runs that need it, from the options and arguments read. */
        when: (options: Readonly<Record<string, unknown>>, args: readonly string[]) => boolean;
        /** Those runs, in words: "with --all". */
        which: string;
      };
    }
  | { never: NoConfirmation };

/** The one rule, in words: help, the README and the MCP tools print it. */
export const CONFIRMATION_RULE =
  'A write that changes what a service holds, or replaces or removes a profile, asks a person on a terminal ' +
  'before it sends, and without a terminal sends only with --yes (exit 2 naming --yes, nothing sent); --dry-run ' +
  'sends nothing and needs no --yes. The exceptions: the writes made to run unattended, whose journal makes a ' +
  'rerun harmless (stock receive, receipts run), ask on a terminal and go ahead without one; what changes only ' +
  "venue's own files on this machine (config set, auth logout, resolving a journal entry) or sends to a receiver " +
  'of your own (webhooks replay) never asks, nor does a raw call (venue api). A command whose runs differ asks in ' +
  'the runs it declares destructive only.';

/** What one run of a command must do before it sends, under the rule. */
export interface ConfirmationNeed {
  /** Without a terminal, the run sends only with --yes. */
  needsYes: boolean;
  /** On a terminal, the run asks before it sends (unless --yes). */
  asks: boolean;
}

/** What the rule asks of one run: the command's declaration, the options and arguments read. */
export function confirmationNeed(
  declaration: ConfirmationDeclaration | undefined,
  options: Readonly<Record<string, unknown>>,
  args: readonly string[],
): ConfirmationNeed {
  // A dry run sends nothing: nothing to confirm.
  if (declaration === undefined || options.dryRun === true) return { needsYes: false, asks: false };
  if (declaration === 'always') return { needsYes: true, asks: true };
  if ('destructive' in declaration) {
    const destructive = declaration.destructive.when(options, args);
    return { needsYes: destructive, asks: destructive };
  }
  return { needsYes: false, asks: declaration.never === 'unattended' };
}

/** The rule's words for one declaration (a tool's description, docs). */
export function confirmationWords(declaration: ConfirmationDeclaration | undefined): string | undefined {
  if (declaration === undefined) return undefined;
  if (declaration === 'always') return 'asks before it sends; --yes without a terminal';
  if ('destructive' in declaration)
    return `asks before it sends ${declaration.destructive.which}; --yes without a terminal`;
  if (declaration.never === 'unattended')
    return 'made to run unattended (its journal makes a rerun harmless): asks on a terminal only';
  return declaration.never === 'raw' ? 'a raw call: never asks' : "changes only venue's own files: never asks";
}

// ---------------------------------------------------------------------------
// Uses across venues (--each-profile): each command declares its own
// (CommandModule.fleet); what each use means is here.

export const FLEET_USES = {
  read: { word: 'reads', meaning: 'runs at every venue selected, its records merged under a profile column' },
  write: {
    word: 'writes',
    meaning:
      'at more than one venue, or at one when it asks before it sends, it first lists what it will do at each and asks (--yes without a terminal; --dry-run asks nothing)',
  },
  refused: { word: 'refused', meaning: 'makes no sense per venue: refused with the reason' },
} as const satisfies Record<'read' | 'write' | 'refused', { word: string; meaning: string }>;
