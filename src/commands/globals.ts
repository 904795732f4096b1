// The global options, declared once: the reader (src/commands/argv-words.ts)
// knows them wherever they stand, the front door (src/invocation.ts) types
// them through these declarations, the help renderer lists them, and
// completion offers them.

import { InvalidValueError, option, type OptionSpec } from './define.js';

const positiveSeconds = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidValueError('must be a positive number of seconds');
  return n;
};

export const outputFormats = ['table', 'json', 'ndjson', 'csv', 'raw'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export const MAX_PARALLEL = 64;

export const globalOptions = [
  option('-p, --profile <name>', 'profile to use (env VENUE_PROFILE)', { kind: 'profile' }),
  option('-o, --output <format>', 'output format (raw: --query strings unquoted, for scripts)', {
    choices: outputFormats,
    default: 'table',
  }),
  option('--json', 'short for --output json'),
  option('--fields <list>', "fields to show, comma-separated (venue's names; `--fields help` lists them)", {
    kind: 'text',
    list: true,
    parse: (v: string) =>
      v
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
  }),
  option('--no-color', 'no colour (also NO_COLOR)'),
  option('-q, --quiet', 'only data and errors'),
  option('-v, --verbose', 'HTTP trace on stderr, secrets redacted'),
  option('--no-input', 'never prompt (implied without a TTY or with CI set)'),
  option('--timeout <seconds>', 'per-request timeout in seconds', { kind: 'decimal', parse: positiveSeconds }),
  option(
    '--deadline <seconds>',
    "the whole command's time limit, every wait and retry included (env VENUE_DEADLINE; default 120)",
    { kind: 'decimal', parse: positiveSeconds },
  ),
  option(
    '--query <jmespath>',
    "a JMESPath expression over the records (venue's field names); its result as JSON, or in the format -o gives (-o raw: strings unquoted) (venue help formatting)",
    { kind: 'text' },
  ),
  option(
    '--raw',
    "machine formats, --fields and --query take the service's records as it sent them, not in venue's field names",
  ),
  option('--limit <n>', 'at most n records of a list (paging stops there)', {
    kind: 'unsigned',
    paging: 'limit',
    parse: (v: string) => {
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidValueError('must be a whole number, 1 or more');
      return Number(v);
    },
  }),
  option(
    '--each-profile <which>',
    'run the command once per profile, concurrently: all (every venue: base and sandbox profiles left out), name,name,… or tag:NAME; output merged with a profile column (venue help fleet)',
    { kind: 'profiles' },
  ),
  option('--parallel <n>', 'with --each-profile: venues run at once (default 4)', {
    kind: 'unsigned',
    parse: (v: string) => {
      if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_PARALLEL)
        throw new InvalidValueError(`must be a whole number from 1 to ${MAX_PARALLEL}`);
      return Number(v);
    },
  }),
  option('--fail-fast', 'with --each-profile: start no more venues after the first one fails'),
  option(
    '--log-file <path>',
    'also append every message (stderr) to this file, each line timestamped, secrets masked',
    { kind: 'path' },
  ),
  option('--env-file <path>', 'read VENUE_* (and other) variables from this file first (variables already set win)', {
    kind: 'file',
  }),
] as const satisfies readonly OptionSpec[];
