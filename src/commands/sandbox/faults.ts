import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import type { FaultChange, FaultConfig } from 'venue-sandbox';
import { sandboxControl } from '../../lib/sandbox-control.js';

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
    failNext: config.failNext.map((r) => `${r.match} ×${r.remaining} → ${r.status}`).join('; ') || 'none',
    dropAfterProcessing: config.dropAfterProcessing.map((r) => `${r.match} ×${r.remaining}`).join('; ') || 'none',
    answerAfterProcessing:
      config.answerAfterProcessing.map((r) => `${r.match} ×${r.remaining} → ${r.status}`).join('; ') || 'none',
    misanswer: config.misanswer.map((r) => `${r.match} ×${r.remaining}`).join('; ') || 'none',
    // Set through the control API (POST /_sandbox/faults {"mistype": [...]}): docs/sandbox-faults.md.
    mistype: (config.mistype ?? []).map((r) => `${r.match} ×${r.remaining}`).join('; ') || 'none',
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
    '(numbers ×1000+7, text with "-x" added: another id, count or quantity); refusals are left as they are.',
  examples: [
    'venue sandbox faults',
    'venue sandbox faults --error-rate 0.2 --status 503',
    'venue sandbox faults --rate-limit-rate 0.1 --retry-after 1',
    'venue sandbox faults --latency-ms 50 --match "GET /inventory/*"',
    "venue sandbox faults --drop-after-processing 'POST /inventory/stock-receipts' --count 1",
    "venue sandbox faults --fail-next 'GET /inventory/products' --count 2 --status 503",
    "venue sandbox faults --answer-after-processing 'POST /wallet/api/v1/sale' --status 408",
    "venue sandbox faults --misanswer 'POST /booking/api/v1/orders/reservations/reserve'",
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
    option(
      '--drop-after-processing <pattern>',
      'process the next --count matching requests, then drop the connection unanswered',
      { kind: 'pattern' },
    ),
    option('--fail-next <pattern>', 'fail the next --count matching requests with --status before processing', {
      kind: 'pattern',
    }),
    option(
      '--answer-after-processing <pattern>',
      'apply the next --count matching requests, then answer --status (default 408)',
      { kind: 'pattern' },
    ),
    option(
      '--misanswer <pattern>',
      'apply the next --count matching requests, then answer with the values they sent changed',
      { kind: 'pattern' },
    ),
    option(
      '--count <n>',
      'how many requests --drop-after-processing, --answer-after-processing, --misanswer or --fail-next affect (default 1)',
      { kind: 'unsigned' },
    ),
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
    if (
      count !== undefined &&
      !options.failNext &&
      !options.dropAfterProcessing &&
      !options.answerAfterProcessing &&
      !options.misanswer
    ) {
      throw new UsageError(
        '--count goes with --fail-next, --drop-after-processing, --answer-after-processing or --misanswer',
      );
    }
    if (status !== undefined && errorRate === undefined && !options.failNext && !options.answerAfterProcessing) {
      throw new UsageError('--status goes with --error-rate, --fail-next or --answer-after-processing');
    }
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
    if (options.failNext) body.failNext = [{ match: options.failNext, remaining: count ?? 1, status: status ?? 503 }];
    if (options.dropAfterProcessing)
      body.dropAfterProcessing = [{ match: options.dropAfterProcessing, remaining: count ?? 1 }];
    if (options.answerAfterProcessing)
      body.answerAfterProcessing = [
        { match: options.answerAfterProcessing, remaining: count ?? 1, status: status ?? 408 },
      ];
    if (options.misanswer) body.misanswer = [{ match: options.misanswer, remaining: count ?? 1 }];

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
