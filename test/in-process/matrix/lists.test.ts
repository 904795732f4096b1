// Every option honoured in every combination (issue 29), generated from the
// declarations: for every read command of the service groups, every declared
// filter × every paging mode the command has (default, --limit, and where it
// pages --all, --all --limit, --page-size, --page) × every output format
// (table, json, ndjson, csv) × every venue mode (one venue, --each-profile
// over a sandbox fleet, the MCP tool, which answers JSON) is run against the
// sandbox, in this process through main: about 1,100 runs in some seconds, so
// the whole product is run, not a sample of it. An oracle checks every record
// printed against the filter asked, and the count: the one asked for
// (--limit, a page) or the whole set (--all). What the whole set is comes
// from the sandbox's own state, read through its control API (oracle.ts),
// for the resources whose listing is a selection of it; for the others, from
// the command's own complete answer to the same filter, so that paging,
// formats and venue modes are proved never to change what a filter selects.
// A new filter or list command joins with nothing written here; a filter its
// command does not honour in some paging mode fails (the stock levels
// --product bug, d7f623e, reverted, fails it). Every MCP input schema is
// checked against its option's kind.

import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import { commandFields } from '../../../src/commands/command-fields.js';
import {
  argumentShape,
  argumentSpecs,
  flagNames,
  isGroupModule,
  resourceOf,
  type CommandModule,
  type OptionSpec,
  type ValueKind,
} from '../../../src/commands/define.js';
import { deriveTools, toolOf, toolGroups } from '../../../src/commands/mcp/tools.js';
import { commandGroups } from '../../../src/commands/tree.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import { checkArguments, type JsonSchema } from '../../../src/lib/mcp/tools.js';
import { runVenue, sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { fromState, keyOf, KEYS, meets, plain, type Asked, type Row, type States } from '../../support/list-oracle.js';

const FLEET = ['fleet-1', 'fleet-2'];
/** The page a paged command shows when none is asked for (the services' default, as each paged command's help says). */
const DEFAULT_PAGE = 50;
const LIMIT = 3;
const PAGE_SIZE = 2;
const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
type Format = (typeof FORMATS)[number];
type Mode = 'one' | 'each' | 'mcp';

let sb: SandboxHandle;
sandboxForFile({ clearFaults: true }, (handle) => (sb = handle));
const dir = tempDir('venue-matrix-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// ---------------------------------------------------------------- the commands

interface ListCommand {
  words: string[];
  module: CommandModule<any>;
  /** Its records' resource (record shape), when it declares one. */
  resource?: string;
  filters: OptionSpec[];
  pages: { all: boolean; pageSize: boolean; page: boolean };
}

const reads: ListCommand[] = (
  await everyDeclaration(commandGroups.filter((g) => toolGroups.includes(g.name as never)))
).flatMap(({ path: words, module }) => {
  if (isGroupModule(module) || typeof module.fleet === 'function') return [];
  const command = module as CommandModule<any>;
  if (command.hidden || fleetUseOf(command.fleet).kind !== 'read') return [];
  const options = command.options ?? [];
  const paging = (kind: OptionSpec['paging']) => options.some((o) => o.paging === kind);
  return [
    {
      words,
      module: command,
      resource: command.record?.name,
      filters: options.filter((o) => o.filter),
      pages: { all: paging('all'), pageSize: paging('page-size'), page: paging('page') },
    },
  ];
});

// ---------------------------------------------------------------- setup: the data the lists list

let states: Record<string, States>;
const argumentValues: Partial<Record<ValueKind, string>> = {};
const settingOf = new Map<string, string>();

async function ok(args: string[], input?: string): Promise<string> {
  const result = await sb.run(args, input === undefined ? {} : { input });
  expect(result.code, `venue ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

async function readStates(): Promise<Record<string, States>> {
  const control = (service: string, venue?: string) =>
    sb.control<unknown>('GET', `${venue ? `/fleet/${venue}` : ''}/${service}/state`);
  const booking = await control('booking');
  const byProfile: Record<string, States> = {};
  for (const venue of [undefined, ...FLEET])
    byProfile[venue ?? 'sandbox'] = {
      inventory: (await control('inventory', venue)) as States['inventory'],
      booking: booking as States['booking'],
      webhooks: (await control('webhooks', venue)) as States['webhooks'],
    };
  return byProfile;
}

beforeAll(async () => {
  await ok(['sandbox', 'fleet', '--venues', String(FLEET.length)]);
  for (const profile of ['sandbox', ...FLEET])
    await ok(['--profile', profile, 'wallet', 'login', 'ava@example.com', '--password-stdin'], 'Sandbox123\n');
  // Records for the journals' lists and the reads of one record: a receipt, an adjustment, a hold, a paid order, a reload, a subscriber.
  const receipt = path.join(dir, 'receipt.csv');
  fs.writeFileSync(receipt, 'productId,quantity,value\n1003,4,8.00\n');
  await ok(['inventory', 'stock', 'receive', '--file', receipt, '--invoice', 'MATRIX-1']);
  await ok(['inventory', 'stock', 'adjust', '--product', '1004', '--quantity', '-1', '--comment', 'matrix', '--yes']);
  const slots = JSON.parse(
    await ok(['booking', 'sessions', 'exp-laser-tag', '--date', 'tomorrow', '-o', 'json']),
  ) as Row[];
  const held = (slot: Row) =>
    ok([
      'booking',
      'reserve',
      'exp-laser-tag',
      '--session',
      String(slot.slotId),
      '--quantity',
      '1',
      '--yes',
      '-o',
      'json',
    ]);
  await held(slots[0]!);
  // A write's outcome is one shape: what the service made is its record.
  const reservation = (JSON.parse(await held(slots[1]!)) as { record: Row }).record;
  const order = JSON.parse(
    await ok([
      'booking',
      'order',
      'create',
      '--reservation',
      String(reservation.reservationId),
      '--first-name',
      'Mat',
      '--last-name',
      'Rix',
      '--email',
      'matrix@example.com',
      '--yes',
      '-o',
      'json',
    ]),
  ) as { record: Row };
  const orderId = String(order.record.orderId);
  await ok([
    'booking',
    'order',
    'pay',
    orderId,
    '--amount',
    Number(order.record.total).toFixed(2),
    '--payment-ref',
    'MATRIX-PAY',
    '--yes',
  ]);
  await ok(['wallet', 'reload', '6001000000000000001', '--product', 'RL-10', '--payment-ref', 'MATRIX-RL', '--yes']);
  for (const profile of ['sandbox', ...FLEET])
    await ok([
      '--profile',
      profile,
      'webhooks',
      'create',
      '--url',
      `https://erp.example.com/${profile}`,
      '--events',
      'stock.adjusted',
      '--generate-secret',
      '--yes',
    ]);
  states = await readStates();
  // An argument of each kind a read takes, from the sandbox's own data (and venue's journal for its own ids).
  const inventory = states.sandbox!.inventory;
  argumentValues.product = String(inventory.products[2]!.productId);
  argumentValues.experience = String(states.sandbox!.booking.experiences[0]!.id);
  argumentValues.order = orderId;
  const cards = await sb.control<{ items: Array<{ cardNumber: string; owner: { email?: string } | string | null }> }>(
    'GET',
    '/wallet/cards',
  );
  argumentValues.card = cards.items.find((c) => JSON.stringify(c.owner).includes('ava@example.com'))!.cardNumber;
  argumentValues.guest = 'ava@example.com';
  argumentValues.receipt = String(
    (JSON.parse(await ok(['inventory', 'receipts', 'list', '-o', 'json'])) as Row[])[0]!.id,
  );
  for (const command of reads)
    for (const filter of command.filters)
      if (filter.filter!.defaultSetting)
        for (const profile of ['sandbox', ...FLEET])
          settingOf.set(
            `${profile}:${filter.filter!.defaultSetting}`,
            (await ok(['--profile', profile, 'config', 'get', filter.filter!.defaultSetting])).trim(),
          );
}, 180_000);

// ---------------------------------------------------------------- a command line and what it printed

/** The arguments of a command, each from its kind; a kind with no value here fails, naming it. */
function argumentsOf(command: ListCommand): string[] {
  return argumentSpecs(command.module.args)
    .filter((spec) => argumentShape(spec.spec).required)
    .map((spec) => {
      const value = argumentValues[spec.kind ?? 'text'];
      if (value === undefined)
        throw new Error(`the matrix has no value of kind ${spec.kind} for ${command.words.join(' ')} ${spec.spec}`);
      return value;
    });
}

interface Paging {
  name: string;
  words: string[];
  /** How many records of N the run prints, per venue. */
  count: (n: number) => number;
  /** The MCP tool's arguments for it (undefined: no such paging there), and whether it follows every cursor. */
  mcp?: { limit?: number; all: boolean };
}

function pagingsOf(command: ListCommand): Paging[] {
  const paged = command.pages.all || command.pages.pageSize;
  const all: Paging[] = [
    { name: 'default', words: [], count: (n) => (paged ? Math.min(DEFAULT_PAGE, n) : n), mcp: { all: false } },
    {
      name: `--limit ${LIMIT}`,
      words: ['--limit', String(LIMIT)],
      count: (n) => Math.min(LIMIT, n),
      mcp: { limit: LIMIT, all: false },
    },
  ];
  if (command.pages.all)
    all.push(
      { name: '--all', words: ['--all'], count: (n) => n, mcp: { all: true } },
      { name: `--all --limit ${LIMIT}`, words: ['--all', '--limit', String(LIMIT)], count: (n) => Math.min(LIMIT, n) },
    );
  if (command.pages.pageSize)
    all.push({
      name: `--page-size ${PAGE_SIZE}`,
      words: ['--page-size', String(PAGE_SIZE)],
      count: (n) => Math.min(PAGE_SIZE, n),
    });
  if (command.pages.page && command.pages.pageSize)
    all.push({
      name: `--page 2 --page-size ${PAGE_SIZE}`,
      words: ['--page', '2', '--page-size', String(PAGE_SIZE)],
      count: (n) => Math.max(0, Math.min(PAGE_SIZE, n - PAGE_SIZE)),
    });
  return all;
}

/** The records a run printed, each with its profile (venue), in any format; a report's total row left out. */
function recordsOf(format: Format, stdout: string): Row[] {
  let rows: Row[];
  if (format === 'json') {
    const data = JSON.parse(stdout) as unknown;
    rows = (Array.isArray(data) ? (data as Row[]) : [data as Row]).flatMap(unwrapped);
  } else if (format === 'ndjson')
    rows = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
  else if (format === 'csv') rows = stdout.trim() ? (parseCsv(stdout, { columns: true }) as Row[]) : [];
  else {
    const lines = stdout.split('\n').filter(Boolean);
    const header = lines[0]?.split('\t') ?? [];
    rows = lines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [header[i]!, cell])));
  }
  // A summary row is no record (booking report's TOTAL).
  return rows.filter((r) => r.date !== 'TOTAL');
}

/** A record that carries the list's rows (-o json of booking report: {fromDate, toDate, rows, totals}) is its rows, each with its profile. */
function unwrapped(record: Row): Row[] {
  const rows = record.rows;
  if (!Array.isArray(rows)) return [record];
  return (rows as Row[]).map((row) => (record.profile === undefined ? row : { profile: record.profile, ...row }));
}

// ---------------------------------------------------------------- the oracle's expectations

/** The filters a run asks, the defaults that then apply (a setting), and the command line words for them. */
function askedFor(
  command: ListCommand,
  chosen: OptionSpec | undefined,
  values: Map<OptionSpec, string | undefined>,
  profile: string,
): Asked[] {
  const asked: Asked[] = [];
  const given = command.filters.filter((o) => o === chosen || o.required);
  for (const spec of given) asked.push({ filter: spec.filter!, value: values.get(spec) });
  const lifted = asked.filter((a) => a.filter.how === 'lifts').map((a) => a.filter.field);
  for (const spec of command.filters)
    if (!given.includes(spec) && spec.filter!.defaultSetting && !lifted.includes(spec.filter!.field))
      asked.push({ filter: spec.filter!, value: settingOf.get(`${profile}:${spec.filter!.defaultSetting}`) });
  return asked;
}

function wordsFor(
  command: ListCommand,
  chosen: OptionSpec | undefined,
  values: Map<OptionSpec, string | undefined>,
): string[] {
  const words: string[] = [];
  for (const spec of command.filters.filter((o) => o === chosen || o.required)) {
    const names = flagNames(spec.flags);
    words.push(names.long!);
    if (names.takesValue) words.push(values.get(spec)!);
  }
  return words;
}

/** The key fields of a command's records. */
function keysOf(command: ListCommand, sample: Row | undefined): string[] {
  if (command.resource && KEYS[command.resource]) return KEYS[command.resource]!;
  const fields = command.module.fields ?? (sample ? Object.keys(sample).filter((k) => k !== 'profile') : []);
  return fields.slice(0, 1);
}

/** The whole set a run's filters select at a venue: from the state where it lists a resource, else the command's own complete answer. */
async function expectedAt(
  command: ListCommand,
  profile: string,
  asked: Asked[],
  filterWords: string[],
): Promise<Row[]> {
  const from = asked.find((a) => a.filter.how === 'from')?.value;
  const state = command.resource ? fromState(command.resource, states[profile]!, asked) : undefined;
  const rows =
    state ??
    recordsOf(
      'json',
      await ok([
        '--profile',
        profile,
        ...command.words,
        ...filterWords,
        ...(command.pages.all ? ['--all'] : []),
        '-o',
        'json',
        '--',
        ...argumentsOf(command),
      ]),
    );
  return rows.filter((row) => asked.every((a) => meets(row, a, from)));
}

/** A value for a filter, from the records it selects among: the one that selects a part of them (a flag takes none). */
async function valueFor(command: ListCommand, spec: OptionSpec): Promise<string | undefined> {
  const filter = spec.filter!;
  if (!flagNames(spec.flags).takesValue) return undefined;
  if (filter.how === 'days') return '3';
  const universe =
    (command.resource ? fromState(command.resource, states.sandbox!, []) : undefined) ??
    recordsOf(
      'json',
      await ok([
        ...command.words,
        ...(command.pages.all ? ['--all'] : []),
        '-o',
        'json',
        '--',
        ...argumentsOf(command),
      ]),
    );
  const seen = [
    ...new Set(
      (universe ?? [])
        .map((r) => r[filter.field])
        .filter((v) => v !== undefined && v !== null)
        .map(plain),
    ),
  ];
  const days = seen.map((v) => v.slice(0, 10)).sort();
  switch (filter.how) {
    case 'one-of':
      return seen.length ? [seen[1] ?? seen[0], seen[3] ?? seen[0]].join(',') : (spec.choices?.[0] ?? 'x');
    case 'from':
    case 'to':
      return days[Math.floor(days.length / 2)] ?? '2026-01-01';
    case 'on': {
      // Another day than the one a command shows by default, when it shows one day.
      const first = days[0] ?? new Date().toISOString().slice(0, 10);
      return new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    default:
      return seen.at(-1) ?? spec.choices?.[0] ?? 'x';
  }
}

// ---------------------------------------------------------------- the MCP tool

interface McpSession {
  call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: any }>;
  close(): Promise<void>;
}

async function mcpSession(): Promise<McpSession> {
  const stdin = new PassThrough();
  const waiting = new Map<number, (message: any) => void>();
  let read = 0;
  let next = 1;
  const done = runVenue(['mcp', '--profiles', 'sandbox'], {
    env: sb.env,
    stdinStream: stdin,
    timeoutMs: 600_000,
    onStdout: (soFar) => {
      const lines = soFar.slice(read).split('\n');
      const whole = lines.slice(0, -1);
      read += whole.reduce((n, line) => n + line.length + 1, 0);
      for (const line of whole.filter(Boolean)) {
        const message = JSON.parse(line) as { id?: number };
        if (message.id !== undefined) waiting.get(message.id)?.(message);
      }
    },
  });
  const request = (method: string, params: unknown) =>
    new Promise<any>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'matrix', version: '1' },
  });
  stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return {
    async call(name, args) {
      const message = await request('tools/call', { name, arguments: args });
      const result = message.result as { isError?: boolean; content: Array<{ text: string }> };
      return { isError: Boolean(result.isError), body: JSON.parse(result.content[0]!.text) };
    },
    async close() {
      stdin.end();
      await done;
    },
  };
}

/** A filter's value as the tool's schema types it (a whole-number id as a number, a list as an array). */
function typed(schema: JsonSchema | undefined, value: string | undefined): unknown {
  if (value === undefined) return true;
  if (schema?.type === 'array') return value.split(',').map((v) => (schema.items?.type === 'integer' ? Number(v) : v));
  if (schema?.type === 'integer' || schema?.type === 'number') return Number(value);
  return value;
}

// ---------------------------------------------------------------- the matrix

interface Run {
  command: ListCommand;
  chosen?: OptionSpec;
  paging: Paging;
  format: Format;
  mode: Mode;
}

/** Formats × venue modes: every pair (the MCP tool answers JSON only). */
const PAIRS: Array<{ format: Format; mode: Mode }> = [
  ...FORMATS.flatMap((format) => (['one', 'each'] as const).map((mode) => ({ format, mode }))),
  { format: 'json', mode: 'mcp' },
];

function runsOf(command: ListCommand, singular: boolean): Run[] {
  const choices: Array<OptionSpec | undefined> = [undefined, ...command.filters.filter((o) => !o.required)];
  const pagings = singular ? pagingsOf(command).slice(0, 1) : pagingsOf(command);
  const tool = toolOf(command.words, command.module);
  // A journal's own ids belong to this profile's journal: the other venues have none.
  const perProfileArgs = argumentSpecs(command.module.args).some((a) => resourceOf(a.kind)?.service === 'venue');
  const pairs = PAIRS.filter(
    ({ mode }) => (mode !== 'mcp' || tool !== undefined) && (mode !== 'each' || !perProfileArgs),
  );
  return choices.flatMap((chosen) =>
    pagings.flatMap((paging) =>
      pairs
        .filter(({ mode }) => mode !== 'mcp' || paging.mcp)
        .map(({ format, mode }) => ({ command, chosen, paging, format, mode })),
    ),
  );
}

/** Whether a key printed is one of those known: a journal's table shows the start of an id its machine formats give whole. */
function isKnown(key: string, known: Set<string>): boolean {
  if (known.has(key)) return true;
  return key.length >= 6 && [...known].some((k) => k.startsWith(key));
}

/** A read's command line for a run (the fields a table or CSV shows, so that the oracle can read them). */
function lineOf(run: Run, filterWords: string[], shown: string[]): string[] {
  const { command, paging, format, mode } = run;
  return [
    ...(mode === 'each' ? ['--each-profile', FLEET.join(',')] : []),
    ...command.words,
    ...filterWords,
    ...paging.words,
    '-o',
    format,
    ...((format === 'table' || format === 'csv') && shown.length ? ['--fields', shown.join(',')] : []),
    '--',
    ...argumentsOf(command),
  ];
}

/** What the run printed, each record with its profile; undefined (said in problems) when it failed. */
async function printedBy(
  run: Run,
  line: string[],
  mcp: McpSession,
  filterWords: string[],
  values: Map<OptionSpec, string | undefined>,
  problems: string[],
  label: string,
): Promise<Row[] | undefined> {
  const { command, chosen, paging, format, mode } = run;
  if (mode !== 'mcp') {
    const result = await sb.run(line, { env: { COLUMNS: '400' } });
    if (result.code !== 0) {
      problems.push(`${label}: exit ${result.code}: ${result.stderr.trim().split('\n').slice(-3).join(' / ')}`);
      return undefined;
    }
    return recordsOf(format, result.stdout).map((r) => (mode === 'each' ? r : { profile: 'sandbox', ...r }));
  }
  const tool = toolOf(command.words, command.module)!;
  const args: Record<string, unknown> = {};
  for (const spec of command.filters.filter((o) => o === chosen || o.required)) {
    const name = flagNames(spec.flags).attribute;
    args[name] = typed(tool.inputSchema.properties![name], values.get(spec));
  }
  const operands = argumentsOf(command);
  for (const [i, spec] of argumentSpecs(command.module.args)
    .filter((a) => argumentShape(a.spec).required)
    .entries()) {
    const name = argumentShape(spec.spec).name;
    args[name] = typed(tool.inputSchema.properties![name], operands[i]);
  }
  void filterWords;
  const printed: Row[] = [];
  let cursor: string | undefined;
  do {
    const answer = await mcp.call(tool.name, {
      ...args,
      ...(paging.mcp!.all ? { limit: 200 } : paging.mcp!.limit ? { limit: paging.mcp!.limit } : {}),
      ...(cursor ? { cursor } : {}),
    });
    if (answer.isError) {
      problems.push(`${label}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return undefined;
    }
    printed.push(...(answer.body.records ?? unwrapped(answer.body.record as Row)));
    cursor = paging.mcp!.all ? answer.body.nextCursor : undefined;
  } while (cursor);
  return printed.map((r) => ({ profile: 'sandbox', ...r }));
}

describe('every filter × paging × format × venue mode of every list and read command', { timeout: 600_000 }, () => {
  it('prints only records that meet the filters asked, as many as asked for, or the whole set', async () => {
    expect(reads.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const values = new Map<OptionSpec, string | undefined>();
    for (const command of reads) for (const spec of command.filters) values.set(spec, await valueFor(command, spec));
    // A read of one record prints an object, a list an array (or a report's rows).
    const singular = new Map<ListCommand, boolean>();
    for (const command of reads) {
      if (command.filters.some((o) => o.required)) singular.set(command, false);
      else {
        const data = JSON.parse(await ok([...command.words, '-o', 'json', '--', ...argumentsOf(command)])) as unknown;
        singular.set(command, !Array.isArray(data) && !Array.isArray((data as Row).rows));
      }
    }
    const mcp = await mcpSession();
    let ran = 0;
    const started = Date.now();
    try {
      for (const command of reads) {
        const fields = commandFields(command.module);
        const one = singular.get(command)!;
        for (const run of runsOf(command, one)) {
          ran++;
          const { chosen, paging, format, mode } = run;
          const filterWords = wordsFor(command, chosen, values);
          const label = `venue ${[...(mode === 'each' ? ['--each-profile', FLEET.join(',')] : []), ...command.words, ...filterWords, ...paging.words, '-o', format, ...argumentsOf(command)].join(' ')}${mode === 'mcp' ? ' (its MCP tool)' : ''}`;
          const profiles = mode === 'each' ? FLEET : ['sandbox'];
          if (one) {
            // A read of one record: that record, at each venue (an MCP answer masks emails and card numbers).
            const line = lineOf(run, filterWords, []);
            if (format === 'table' || format === 'csv') {
              // A record as a detail view or a CSV of its parts: what was asked for is named in it, at each venue.
              const result = await sb.run(line, { env: { COLUMNS: '400' } });
              if (result.code !== 0)
                problems.push(
                  `${label}: exit ${result.code}: ${result.stderr.trim().split('\n').slice(-2).join(' / ')}`,
                );
              else if (!result.stdout.trim()) problems.push(`${label}: printed nothing`);
              else if (format === 'table')
                for (const operand of argumentsOf(command))
                  if (!result.stdout.includes(operand)) problems.push(`${label}: no ${operand} in what it printed`);
              continue;
            }
            const printed = await printedBy(run, line, mcp, filterWords, values, problems, label);
            if (!printed) continue;
            for (const profile of profiles) {
              const mine = printed.filter((r) => plain(r.profile) === profile);
              if (mine.length !== 1) problems.push(`${label} at ${profile}: ${mine.length} records, not 1`);
              const text = JSON.stringify(mine);
              for (const operand of argumentsOf(command))
                if (mode !== 'mcp' && !text.includes(operand))
                  problems.push(`${label} at ${profile}: no ${operand} in ${text.slice(0, 200)}`);
            }
            continue;
          }
          const expected = new Map<string, Row[]>();
          for (const profile of profiles)
            expected.set(
              profile,
              await expectedAt(command, profile, askedFor(command, chosen, values, profile), filterWords),
            );
          const keys = keysOf(command, expected.get(profiles[0]!)?.[0]);
          const asked = askedFor(command, chosen, values, profiles[0]!);
          // Tables and CSV show the key and filtered fields (named as given); the others show whole records.
          const shown = [...new Set([...keys, ...asked.map((a) => a.filter.field)])].filter(
            (f) => !fields || fields.includes(f),
          );
          const printed = await printedBy(
            run,
            lineOf(run, filterWords, shown),
            mcp,
            filterWords,
            values,
            problems,
            label,
          );
          if (!printed) continue;
          for (const profile of profiles) {
            const whole = expected.get(profile)!;
            const mine = printed.filter((r) => plain(r.profile) === profile);
            const at = `${label}${mode === 'each' ? ` at ${profile}` : ''}`;
            const wanted = paging.count(whole.length);
            if (mine.length !== wanted)
              problems.push(`${at}: ${mine.length} records, not ${wanted} (of ${whole.length})`);
            const known = new Set(whole.map((r) => keyOf(r, keys)));
            const from = asked.find((a) => a.filter.how === 'from')?.value;
            for (const record of mine) {
              const key = keyOf(record, keys);
              // An MCP answer masks card numbers: such a key cannot be told, only counted.
              if (!key.includes('*') && !isKnown(key, known))
                problems.push(`${at}: ${key} is not one the filters select`);
              // Machine formats print the service's values: each filter is checked on the record itself too.
              if (format !== 'table')
                for (const a of askedFor(command, chosen, values, profile))
                  if (record[a.filter.field] !== undefined && !meets(record, a, from))
                    problems.push(`${at}: ${key} has ${a.filter.field} ${plain(record[a.filter.field])}`);
            }
          }
        }
      }
    } finally {
      await mcp.close();
    }
    console.log(
      `list matrix: ${ran} combinations of ${reads.length} read commands (every filter × paging × format × venue mode) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------- MCP inputs against the options' kinds

/** Values of a kind the tool must take, and values it must refuse. */
function domain(kind: ValueKind | undefined, list: boolean | undefined): { takes: unknown[]; refuses: unknown[] } {
  const resource = resourceOf(kind);
  const one = ((): { takes: unknown[]; refuses: unknown[] } => {
    if (resource?.id === 'whole') return { takes: [1001, 0], refuses: ['1001', -1, 1.5] };
    if (resource?.id === 'digits') return { takes: ['6001000000000000001'], refuses: [6001, 'abc'] };
    if (resource) return { takes: ['x-1'], refuses: [1, ''] };
    switch (kind) {
      case 'integer':
        return { takes: [-3, 0, 12], refuses: ['-3', 1.5] };
      case 'unsigned':
        return { takes: [0, 7], refuses: [-1, '7'] };
      case 'money':
        return { takes: ['3.50', '12'], refuses: ['abc', '3.505', 3.5] };
      case 'date':
        return { takes: ['2026-11-28', 'today', 'tomorrow', '+7d', '-7d'], refuses: ['someday', 20261128] };
      case 'email':
        return { takes: ['ava@example.com'], refuses: ['ava'] };
      case 'url':
        return { takes: ['https://erp.example.com/h'], refuses: ['erp.example.com'] };
      case 'file':
        return { takes: ['counts.csv'], refuses: ['-', 1] };
      default:
        return { takes: ['x'], refuses: [1] };
    }
  })();
  return list ? { takes: one.takes.slice(0, 1).map((v) => [v]), refuses: [[], one.takes[0]] } : one;
}

describe('every MCP input is typed from its option’s kind', () => {
  it('takes the values of each domain (negative where it allows them, ids as the resource’s ids) and refuses others', async () => {
    const tools = await deriveTools([...toolGroups]);
    const built = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../dist/mcp.json'), 'utf8')) as {
      tools: Array<{ listing: { name: string; inputSchema: unknown } }>;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const tool of tools) {
      // What tools/list serves (the build's catalogue) is what the declarations give now.
      expect(built.tools.find((t) => t.listing.name === tool.name)?.listing.inputSchema, tool.name).toEqual(
        tool.inputSchema,
      );
      const module = (await everyDeclaration(commandGroups)).find((d) => d.path.join(' ') === tool.path.join(' '))!
        .module as CommandModule<any>;
      const spots = [
        ...(module.options ?? [])
          .filter((o) => !o.paging)
          .map((o) => ({
            name: flagNames(o.flags).attribute,
            kind: o.kind,
            list: o.list,
            choices: o.choices,
            value: flagNames(o.flags).takesValue,
          })),
        ...argumentSpecs(module.args).map((a) => ({
          name: argumentShape(a.spec).name,
          kind: a.kind,
          list: argumentShape(a.spec).variadic,
          choices: a.choices,
          value: true,
        })),
      ];
      for (const spot of spots) {
        const property = tool.inputSchema.properties![spot.name];
        if (!property) {
          if (spot.kind === 'secret' || spot.kind === 'secret-on-command-line') continue;
          continue;
        }
        if (spot.kind === 'secret' || spot.kind === 'secret-on-command-line')
          problems.push(`${tool.name}.${spot.name}: a secret offered`);
        if (!spot.value) continue;
        checked++;
        const { takes, refuses } = spot.choices
          ? { takes: [...spot.choices], refuses: ['not-a-choice'] }
          : domain(spot.kind, spot.list);
        const schema = { type: 'object' as const, properties: { [spot.name]: property } };
        for (const value of takes)
          if (checkArguments(schema, { [spot.name]: value }).length)
            problems.push(`${tool.name}.${spot.name} (${spot.kind}) refuses ${JSON.stringify(value)}`);
        for (const value of refuses)
          if (!checkArguments(schema, { [spot.name]: value }).length)
            problems.push(`${tool.name}.${spot.name} (${spot.kind}) takes ${JSON.stringify(value)}`);
      }
    }
    // The defect reported: a negative adjustment (breakage, losses) is an input of inventory_stock_adjust.
    const adjust = tools.find((t) => t.name === 'inventory_stock_adjust')!;
    expect(checkArguments(adjust.inputSchema, { quantity: -3, product: 1001, comment: 'breakage' })).toEqual([]);
    console.log(`mcp inputs: ${checked} inputs of ${tools.length} tools checked against their kinds`);
    expect(problems).toEqual([]);
  });
});
