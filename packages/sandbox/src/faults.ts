// Faults for reliability tests: random 5xx, 429 with Retry-After, added
// latency, a count of requests failed before processing, a count of requests
// whose answer is dropped after processing (the client cannot know whether
// its call was applied), a count answered with an error status after
// processing (a proxy's 408, a gateway's 502/504: applied, but the answer
// says otherwise), and a count answered wrongly: processed exactly as asked,
// then answered with every value the request sent changed in the answer
// (another id, count or quantity), and a count answered in the wrong types:
// processed exactly as asked, then answered with every number written in words
// ("fifty") and every yes/no as a word that is neither. Control routes
// (/_sandbox/*) are never faulted.

import { SandboxHttpError } from './http-error.js';

export interface FaultRule {
  /** "POST /inventory/stock-receipts"; "*" in the path matches any characters, a missing method any method. */
  match: string;
  remaining: number;
  status?: number;
}

export interface FaultConfig {
  /** Share of matching requests (0–1) answered with errorStatus before processing. */
  errorRate: number;
  errorStatus: number;
  errorMatch?: string;
  /** Share of matching requests (0–1) answered 429 with Retry-After. */
  rateLimitRate: number;
  retryAfterSeconds: number;
  rateLimitMatch?: string;
  /** Added to every matching request before processing. */
  latencyMs: number;
  latencyMatch?: string;
  /** The next N matching requests fail with status before processing. */
  failNext: FaultRule[];
  /** The next N matching requests are processed, then the socket is destroyed unanswered. */
  dropAfterProcessing: FaultRule[];
  /** The next N matching requests are processed (applied as asked), then answered with status (408, 500, 502, 504…). */
  answerAfterProcessing: FaultRule[];
  /**
   * The next N matching requests are processed exactly as asked, then
   * answered with each value the request sent changed where the answer
   * repeats it (numbers ×1000+7, text suffixed "-x"): another id, count or quantity.
   */
  misanswer: FaultRule[];
  /**
   * The next N matching requests are processed exactly as asked, then
   * answered with every number of the answer (at any depth) written in
   * English words (50 → "fifty", 1001 → "one thousand and one", 3.5 →
   * "three point five") and every true/false as "unsure": a server whose
   * values are of the wrong types.
   */
  mistype: FaultRule[];
}

export const noFaults = (): FaultConfig => ({
  errorRate: 0,
  errorStatus: 503,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  latencyMs: 0,
  failNext: [],
  dropAfterProcessing: [],
  answerAfterProcessing: [],
  misanswer: [],
  mistype: [],
});

interface CompiledPattern {
  method?: string;
  path: RegExp;
}

const compiled = new Map<string, CompiledPattern>();

export function parsePattern(pattern: string): CompiledPattern {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const parts = pattern.trim().split(/\s+/);
  if (parts.length > 2 || parts.length === 0 || !parts[parts.length - 1]!.startsWith('/')) {
    throw new SandboxHttpError(400, 'validation_failed', `bad request pattern "${pattern}"`, [
      { field: 'match', rule: 'must be "METHOD /path" or "/path" ("*" matches any characters)' },
    ]);
  }
  const method = parts.length === 2 ? parts[0]!.toUpperCase() : undefined;
  const path = parts[parts.length - 1]!;
  const source = path
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const result = { method: method === '*' ? undefined : method, path: new RegExp(`^${source}/?$`) };
  compiled.set(pattern, result);
  return result;
}

export function matches(pattern: string | undefined, method: string, path: string): boolean {
  if (pattern === undefined || pattern === '') return true;
  const compiledPattern = parsePattern(pattern);
  return (!compiledPattern.method || compiledPattern.method === method) && compiledPattern.path.test(path);
}

const isRate = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
const isStatus = (v: unknown) => Number.isInteger(v) && (v as number) >= 400 && (v as number) <= 599;
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;

/** Checks a POST /_sandbox/faults body and merges it into config: given fields replace, rules are added. */
export function applyFaultUpdate(config: FaultConfig, body: unknown): FaultConfig {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new SandboxHttpError(400, 'validation_failed', 'the body must be a JSON object');
  }
  const b = body as Record<string, unknown>;
  const details: { field: string; rule: string }[] = [];
  const check = (field: string, ok: (v: unknown) => boolean, rule: string) => {
    if (b[field] !== undefined && !ok(b[field])) details.push({ field, rule });
  };
  const isPattern = (v: unknown) => {
    if (typeof v !== 'string') return false;
    if (v === '') return true; // clears the scope: every path
    try {
      parsePattern(v);
      return true;
    } catch {
      return false;
    }
  };
  check('errorRate', isRate, 'must be a number from 0 to 1');
  check('errorStatus', isStatus, 'must be an HTTP status from 400 to 599');
  check('errorMatch', isPattern, 'must be "METHOD /path"');
  check('rateLimitRate', isRate, 'must be a number from 0 to 1');
  check('retryAfterSeconds', (v) => Number.isInteger(v) && (v as number) >= 0, 'must be a whole number of seconds');
  check('rateLimitMatch', isPattern, 'must be "METHOD /path"');
  check('latencyMs', (v) => typeof v === 'number' && v >= 0 && v <= 60_000, 'must be from 0 to 60000');
  check('latencyMatch', isPattern, 'must be "METHOD /path"');
  const rules = (
    field: 'failNext' | 'dropAfterProcessing' | 'answerAfterProcessing' | 'misanswer' | 'mistype',
  ): FaultRule[] => {
    const value = b[field];
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    const out: FaultRule[] = [];
    list.forEach((raw, i) => {
      const rule = raw as Partial<FaultRule>;
      const at = `${field}[${i}]`;
      if (!rule || typeof rule !== 'object' || !isPattern(rule.match) || rule.match === '')
        details.push({ field: `${at}.match`, rule: 'must be "METHOD /path"' });
      else if (rule.remaining !== undefined && !isCount(rule.remaining))
        details.push({ field: `${at}.remaining`, rule: 'must be a whole number of at least 1' });
      else if (
        (field === 'failNext' || field === 'answerAfterProcessing') &&
        rule.status !== undefined &&
        !isStatus(rule.status)
      )
        details.push({ field: `${at}.status`, rule: 'must be an HTTP status from 400 to 599' });
      else {
        const status =
          field === 'failNext'
            ? { status: rule.status ?? 503 }
            : field === 'answerAfterProcessing'
              ? { status: rule.status ?? 408 }
              : {};
        out.push({ match: rule.match!, remaining: rule.remaining ?? 1, ...status });
      }
    });
    return out;
  };
  const failNext = rules('failNext');
  const drop = rules('dropAfterProcessing');
  const answerAfter = rules('answerAfterProcessing');
  const misanswer = rules('misanswer');
  const mistype = rules('mistype');
  if (details.length) throw new SandboxHttpError(400, 'validation_failed', 'invalid fault settings', details);
  const next: FaultConfig = {
    ...config,
    failNext: [...config.failNext, ...failNext],
    dropAfterProcessing: [...config.dropAfterProcessing, ...drop],
    answerAfterProcessing: [...(config.answerAfterProcessing ?? []), ...answerAfter],
    misanswer: [...(config.misanswer ?? []), ...misanswer],
    mistype: [...(config.mistype ?? []), ...mistype],
  };
  for (const key of [
    'errorRate',
    'errorStatus',
    'errorMatch',
    'rateLimitRate',
    'retryAfterSeconds',
    'rateLimitMatch',
    'latencyMs',
    'latencyMatch',
  ] as const) {
    if (b[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = b[key] === '' ? undefined : b[key];
  }
  return next;
}

/** What happens to a request's answer once it has been processed. */
export type AfterProcessing =
  { kind: 'drop' } | { kind: 'answer'; error: SandboxHttpError } | { kind: 'misanswer' } | { kind: 'mistype' };

export type FaultDecision =
  | { kind: 'none'; latencyMs: number; after?: AfterProcessing }
  | { kind: 'fail'; latencyMs: number; error: SandboxHttpError };

/** The faults for one request; counts are consumed here. */
export class FaultInjector {
  config: FaultConfig = noFaults();
  constructor(private readonly random: () => number = Math.random) {}

  get active(): boolean {
    const c = this.config;
    return (
      c.errorRate > 0 ||
      c.rateLimitRate > 0 ||
      c.latencyMs > 0 ||
      c.failNext.length > 0 ||
      c.dropAfterProcessing.length > 0 ||
      c.answerAfterProcessing.length > 0 ||
      c.misanswer.length > 0 ||
      c.mistype.length > 0
    );
  }

  set(body: unknown): FaultConfig {
    this.config = applyFaultUpdate(this.config, body);
    return this.config;
  }

  clear(): void {
    this.config = noFaults();
  }

  decide(method: string, path: string): FaultDecision {
    const c = this.config;
    const latencyMs = c.latencyMs > 0 && matches(c.latencyMatch, method, path) ? c.latencyMs : 0;
    const failRule = take(c.failNext, method, path);
    if (failRule) {
      c.failNext = c.failNext.filter((r) => r.remaining > 0);
      return { kind: 'fail', latencyMs, error: injected(failRule.status ?? 503) };
    }
    if (c.rateLimitRate > 0 && matches(c.rateLimitMatch, method, path) && this.random() < c.rateLimitRate) {
      return {
        kind: 'fail',
        latencyMs,
        error: new SandboxHttpError(429, 'rate_limited', 'too many requests (sandbox fault)', [], {
          'Retry-After': String(c.retryAfterSeconds),
        }),
      };
    }
    if (c.errorRate > 0 && matches(c.errorMatch, method, path) && this.random() < c.errorRate) {
      return { kind: 'fail', latencyMs, error: injected(c.errorStatus) };
    }
    const dropRule = take(c.dropAfterProcessing, method, path);
    if (dropRule) {
      c.dropAfterProcessing = c.dropAfterProcessing.filter((r) => r.remaining > 0);
      return { kind: 'none', latencyMs, after: { kind: 'drop' } };
    }
    const answerRule = take(c.answerAfterProcessing, method, path);
    if (answerRule) {
      c.answerAfterProcessing = c.answerAfterProcessing.filter((r) => r.remaining > 0);
      const status = answerRule.status ?? 408;
      const error = new SandboxHttpError(
        status,
        status === 408 ? 'request_timeout' : status >= 500 ? 'internal' : 'injected_fault',
        `injected fault: ${status} after processing (sandbox faults are on; clear them with \`venue sandbox faults --clear\`)`,
      );
      return { kind: 'none', latencyMs, after: { kind: 'answer', error } };
    }
    const wrongRule = take(c.misanswer, method, path);
    if (wrongRule) {
      c.misanswer = c.misanswer.filter((r) => r.remaining > 0);
      return { kind: 'none', latencyMs, after: { kind: 'misanswer' } };
    }
    const typeRule = take(c.mistype, method, path);
    if (typeRule) {
      c.mistype = c.mistype.filter((r) => r.remaining > 0);
      return { kind: 'none', latencyMs, after: { kind: 'mistype' } };
    }
    return { kind: 'none', latencyMs };
  }
}

function take(rules: FaultRule[], method: string, path: string): FaultRule | undefined {
  const rule = rules.find((r) => r.remaining > 0 && matches(r.match, method, path));
  if (rule) rule.remaining--;
  return rule;
}

function injected(status: number): SandboxHttpError {
  const code = status === 429 ? 'rate_limited' : status >= 500 ? 'internal' : 'injected_fault';
  return new SandboxHttpError(
    status,
    code,
    `injected fault: ${status} (sandbox faults are on; clear them with \`venue sandbox faults --clear\`)`,
  );
}

/** A value the request sent, changed: numbers ×1000+7 (0 becomes 1000), text suffixed "-x". */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 1000 : value * 1000 + 7;
  if (typeof value === 'string' && value !== '') return `${value}-x`;
  return value;
}

/**
 * The answer with every value the request sent changed where the answer
 * repeats it at the same place (the same key, the same index in a list, at
 * any depth): the write was applied as asked, the answer says otherwise.
 */
export function misanswer(request: unknown, answer: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(request) && Array.isArray(answer))
    return answer.map((item, i) => (i < request.length ? misanswer(request[i], item) : item));
  if (isObject(request) && isObject(answer)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(answer))
      out[key] = key in request ? misanswer(request[key], value) : value;
    return out;
  }
  if ((typeof request === 'number' || typeof request === 'string') && request === answer) return changed(answer);
  return answer;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

/** A whole number below 1000 in words: 101 → "one hundred and one". */
function hundreds(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
  return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${hundreds(n % 100)}` : ''}`;
}

/** A number in English words: 50 → "fifty", -3 → "minus three", 3.5 → "three point five". */
export function inWords(value: number): string {
  if (!Number.isFinite(value)) return 'a lot';
  if (value < 0) return `minus ${inWords(-value)}`;
  const whole = Math.floor(value);
  const fraction = String(value).split('.')[1];
  let rest = whole;
  const parts: string[] = [];
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${inWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(parts.length && rest < 100 ? `and ${hundreds(rest)}` : hundreds(rest));
  const words = parts.join(' ');
  return fraction ? `${words} point ${[...fraction].map((d) => ONES[Number(d)]).join(' ')}` : words;
}

/**
 * The answer with every number (at any depth) written in words and every
 * true/false as "unsure": the write was applied as asked, the answer's
 * values are of the wrong types.
 */
export function mistype(answer: unknown): unknown {
  if (typeof answer === 'number') return inWords(answer);
  if (typeof answer === 'boolean') return 'unsure';
  if (Array.isArray(answer)) return answer.map(mistype);
  if (typeof answer === 'object' && answer !== null)
    return Object.fromEntries(Object.entries(answer).map(([key, value]) => [key, mistype(value)]));
  return answer;
}
