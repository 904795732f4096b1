import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import type { FaultChange, FaultConfig } from 'venue-sandbox';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { orList } from '../../lib/formats.js';

interface FaultsOptions {
  errorRate?: string;
  status?: string;
  rateLimitRate?: string;
  retryAfter?: string;
  latencyMs?: string;
  match?: string;
  dropAfterProcessing?: string;
  answerAfterProcessing?: string;
  misanswer?: string;
  mistype?: string;
  failNext?: string;
  count?: string;
  clear?: boolean;
}

function num(flag: string, value: string | undefined, check: (n: number) => boolean, rule: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`${flag} ${rule}, not "${value}"`);
  return n;
}

/**
 * The faults that act on the next --count requests matching a pattern, one
 * row each: its flag, the sandbox's field (packages/sandbox/src/faults.ts),
 * what it does, and its default --status when it answers with one. A new
 * fault of this kind is a row here and its rule in the sandbox; the flag,
 * the checks, the request and the display follow from the row.
 */
const NEXT_REQUEST_FAULTS: ReadonlyArray<{
  flag: string;
  field: 'failNext' | 'dropAfterProcessing' | 'answerAfterProcessing' | 'misanswer' | 'mistype';
  does: string;
  status?: number;
}> = [
  {
    flag: '--drop-after-processing',
    field: 'dropAfterProcessing',
    does: 'process the next --count matching requests, then drop the connection unanswered',
  },
  {
    flag: '--fail-next',
    field: 'failNext',
    does: 'fail the next --count matching requests with --status before processing',
    status: 503,
  },
  {
    flag: '--answer-after-processing',
    field: 'answerAfterProcessing',
    does: 'apply the next --count matching requests, then answer --status (default 408)',
    status: 408,
  },
  {
    flag: '--misanswer',
    field: 'misanswer',
    does: 'apply the next --count matching requests, then answer with the values they sent changed',
  },
  {
    flag: '--mistype',
    field: 'mistype',
    does: 'apply the next --count matching requests, then answer with every number in words and true/false as "unsure"',
  },
];
const nextRequestFlags = NEXT_REQUEST_FAULTS.map((f) => f.flag);
const answeringFlags = NEXT_REQUEST_FAULTS.filter((f) => f.status !== undefined).map((f) => f.flag);

/** Shows the rules the way they were given, for people. */
function describe(config: FaultConfig): Record<string, unknown> {
  const scope = (match?: string) => (match ? ` on ${match}` : '');
  return {
    errors:
      config.errorRate > 0 ? `${config.errorRate * 100}% → ${config.errorStatus}${scope(config.errorMatch)}` : 'off',
    rateLimit:
      config.rateLimitRate > 0
        ? `${config.rateLimitRate * 100}% → 429, Retry-After ${config.retryAfterSeconds} s${scope(config.rateLimitMatch)}`
        : 'off',
    latency: config.latencyMs > 0 ? `${config.latencyMs} ms${scope(config.latencyMatch)}` : 'off',
    ...Object.fromEntries(
      NEXT_REQUEST_FAULTS.map(({ field }) => [
        field,
        (config[field] ?? [])
          .map((r) => `${r.match} ×${r.remaining}${'status' in r && r.status !== undefined ? ` → ${r.status}` : ''}`)
          .join('; ') || 'none',
      ]),
    ),
  };
}

export default defineCommand<FaultsOptions>({
  name: 'faults',
  summary: 'Show, set or clear the faults the sandbox injects (for reliability tests)',
  description:
    'Without flags, shows the faults in force. Patterns are "METHOD /path" on the sandbox origin (the service prefix included); ' +
    '"*" matches any characters. Faults are kept in memory only: a restart clears them. Control routes (/_sandbox) are never faulted. ' +
    '--answer-after-processing applies the request as asked, then answers --status (default 408: a proxy that gave up). ' +
    '--misanswer applies the request as asked, then answers with every value the request sent changed where the answer repeats it ' +
    '(numbers ×1000+7, text with "-x" added: another id, count or quantity); refusals are left as they are. ' +
    '--mistype applies the request as asked, then answers with every number written in words (50 → "fifty") and every true/false as "unsure": a server of the wrong types.',
  examples: [
    'venue sandbox faults',
    'venue sandbox faults --error-rate 0.2 --status 503',
    'venue sandbox faults --rate-limit-rate 0.1 --retry-after 1',
    'venue sandbox faults --latency-ms 50 --match "GET /inventory/*"',
    "venue sandbox faults --drop-after-processing 'POST /inventory/stock-receipts' --count 1",
    "venue sandbox faults --fail-next 'GET /inventory/products' --count 2 --status 503",
    "venue sandbox faults --answer-after-processing 'POST /wallet/api/v1/sale' --status 408",
    "venue sandbox faults --misanswer 'POST /booking/api/v1/orders/reservations/reserve'",
    "venue sandbox faults --mistype 'POST /inventory/stock-adjustments'",
    'venue sandbox faults --clear',
  ],
  options: [
    option('--error-rate <share>', 'share of requests (0 to 1) answered with --status (default 503)', {
      kind: 'decimal',
    }),
    option('--status <code>', 'status for --error-rate, --fail-next and --answer-after-processing (400–599)', {
      kind: 'unsigned',
    }),
    option('--rate-limit-rate <share>', 'share of requests (0 to 1) answered 429 with Retry-After', {
      kind: 'decimal',
    }),
    option('--retry-after <seconds>', 'Retry-After of the 429 answers (default 1)', { kind: 'unsigned' }),
    option('--latency-ms <ms>', 'delay added to every request', { kind: 'unsigned' }),
    option('--match <pattern>', 'limit --error-rate, --rate-limit-rate and --latency-ms to "METHOD /path"', {
      kind: 'pattern',
    }),
    ...NEXT_REQUEST_FAULTS.map((fault) => option(`${fault.flag} <pattern>`, fault.does, { kind: 'pattern' })),
    option('--count <n>', `how many requests ${orList(nextRequestFlags)} affect (default 1)`, { kind: 'unsigned' }),
    option('--clear', 'remove every fault'),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const rate = (n: number) => n >= 0 && n <= 1;
    const body: FaultChange = {};
    const errorRate = num('--error-rate', options.errorRate, rate, 'must be a number from 0 to 1');
    const status = num(
      '--status',
      options.status,
      (n) => Number.isInteger(n) && n >= 400 && n <= 599,
      'must be an HTTP status from 400 to 599',
    );
    const rateLimitRate = num('--rate-limit-rate', options.rateLimitRate, rate, 'must be a number from 0 to 1');
    const retryAfter = num(
      '--retry-after',
      options.retryAfter,
      (n) => Number.isInteger(n) && n >= 0,
      'must be a whole number of seconds',
    );
    const latencyMs = num('--latency-ms', options.latencyMs, (n) => n >= 0 && n <= 60_000, 'must be from 0 to 60000');
    const count = num(
      '--count',
      options.count,
      (n) => Number.isInteger(n) && n >= 1,
      'must be a whole number of at least 1',
    );
    const given = NEXT_REQUEST_FAULTS.filter((fault) => options[fault.field] !== undefined);
    if (count !== undefined && given.length === 0)
      throw new UsageError(`--count goes with ${orList(nextRequestFlags)}`);
    if (status !== undefined && errorRate === undefined && !given.some((fault) => fault.status !== undefined))
      throw new UsageError(`--status goes with --error-rate, ${orList(answeringFlags)}`);
    if (
      options.match !== undefined &&
      errorRate === undefined &&
      rateLimitRate === undefined &&
      latencyMs === undefined
    ) {
      throw new UsageError('--match goes with --error-rate, --rate-limit-rate or --latency-ms');
    }
    if (errorRate !== undefined)
      Object.assign(body, { errorRate, errorStatus: status ?? 503, errorMatch: options.match ?? '' });
    if (rateLimitRate !== undefined) Object.assign(body, { rateLimitRate, rateLimitMatch: options.match ?? '' });
    if (retryAfter !== undefined) body.retryAfterSeconds = retryAfter;
    if (latencyMs !== undefined) Object.assign(body, { latencyMs, latencyMatch: options.match ?? '' });
    for (const fault of given)
      Object.assign(body, {
        [fault.field]: [
          {
            match: options[fault.field]!,
            remaining: count ?? 1,
            ...(fault.status !== undefined ? { status: status ?? fault.status } : {}),
          },
        ],
      });

    const control = await sandboxControl(ctx.env);
    let config: FaultConfig;
    if (options.clear) {
      if (Object.keys(body).length) throw new UsageError('--clear cannot be combined with other fault flags');
      config = await control.call((client) => client.clearFaults());
      ctx.terminal.success('No faults any more.');
    } else if (Object.keys(body).length) {
      config = await control.call((client) => client.setFaults(body));
      ctx.terminal.success('Faults set.');
    } else {
      config = await control.call((client) => client.faults());
    }
    if (ctx.output.isMachine) await ctx.output.record(config as unknown as Record<string, unknown>);
    else await ctx.output.record(describe(config));
  },
});
