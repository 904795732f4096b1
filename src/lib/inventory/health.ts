// The inventory service's health report, read tolerantly and judged: its own
// words for the status and the database are kept for display, and mapped to
// healthy, degraded or unhealthy. Read in venue's shape ({status, database,
// time}), ASP.NET's HealthChecks ({status, totalDuration, entries: {db:
// {status}}}), Spring Actuator's ({status: "UP", components: {db: {status}}})
// and the health+json draft ({status: "pass", checks: {"db": [{status}]}}).
// A 503 (or other 5xx) carrying a report is the report of an unhealthy
// service, not a failure to hide it behind.

import { asText, fieldKey, isRecord, readRecord, withSource, type AnswerSource, type RawRecord } from '../reading.js';
import { healthFields } from './fields.js';
import type { HealthStatus } from './types.js';

export type HealthVerdict = 'healthy' | 'degraded' | 'unhealthy';

/** Status words as services send them (compared without case or separators). */
const verdictWords: Record<HealthVerdict, readonly string[]> = {
  healthy: [
    'healthy',
    'ok',
    'up',
    'pass',
    'passed',
    'passing',
    'green',
    'good',
    'available',
    'running',
    'online',
    'operational',
    'alive',
    'ready',
    'connected',
    'true',
  ],
  degraded: [
    'degraded',
    'warn',
    'warning',
    'warnings',
    'partial',
    'partiallyAvailable',
    'yellow',
    'limited',
    'impaired',
  ],
  unhealthy: [
    'unhealthy',
    'down',
    'fail',
    'failed',
    'failing',
    'error',
    'critical',
    'red',
    'unavailable',
    'offline',
    'outOfService',
    'dead',
    'notReady',
    'disconnected',
    'false',
  ],
};

const severity: Record<HealthVerdict, number> = { healthy: 0, degraded: 1, unhealthy: 2 };

/** A check of the report that is the database (ASP.NET entries, Spring components). */
const DATABASE_CHECK =
  /^(db|database|databases|sql|sqlserver|postgres(ql)?|mysql|mariadb|mongo(db)?|oracle|sqlite|dbcontext|.*dbcontext|.*database)$/i;

export function verdictOf(word: unknown): HealthVerdict | undefined {
  const text = typeof word === 'boolean' ? String(word) : asText(word);
  if (text === undefined) return undefined;
  const key = fieldKey(text);
  return (Object.keys(verdictWords) as HealthVerdict[]).find((v) => verdictWords[v].some((w) => fieldKey(w) === key));
}

const worst = (verdicts: Array<HealthVerdict | undefined>): HealthVerdict | undefined =>
  verdicts.filter((v): v is HealthVerdict => v !== undefined).sort((a, b) => severity[b] - severity[a])[0];

/** A status given as a word, a boolean, or a record holding one ({status: "Healthy"}). */
function statusWord(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  // A word: a number (RFC 7807's status: 503 in an error body) is no health status.
  if (typeof value === 'string') return value.trim() === '' || /^\d+$/.test(value.trim()) ? undefined : value;
  if (isRecord(value)) {
    const key = Object.keys(value).find((k) => healthFields.status.names.some((n) => fieldKey(n) === fieldKey(k)));
    return key === undefined ? undefined : statusWord(value[key]);
  }
  if (Array.isArray(value)) return statusWord(value[0]); // health+json: "checks": {"db": [{status}]}
  return undefined;
}

/** The named checks of the report: ASP.NET entries, Spring components, health+json checks. */
function checksOf(record: RawRecord): Array<{ name: string; status: string }> {
  const key = Object.keys(record).find((k) => healthFields.checks.names.some((n) => fieldKey(n) === fieldKey(k)));
  const checks = key === undefined ? undefined : record[key];
  if (!isRecord(checks)) return [];
  return Object.entries(checks)
    .map(([name, value]) => ({ name, status: statusWord(value) }))
    .filter((c): c is { name: string; status: string } => c.status !== undefined);
}

export interface HealthReading {
  /** The service's words for display; its own record behind them for -o json. */
  view: HealthStatus;
  /** undefined: the status word is one venue cannot judge (and nothing else says unhealthy). */
  verdict: HealthVerdict | undefined;
  /** The HTTP status the report came with. */
  httpStatus: number;
}

/** Whether an error answer's body is a health report (a status venue can find), to be read rather than reported as a failure. */
export function isHealthReport(body: unknown): boolean {
  if (!isRecord(body)) return false;
  try {
    return (
      statusWord(
        readRecord(body, { service: 'inventory', operation: 'health' }, 'health status').value(healthFields.status),
      ) !== undefined
    );
  } catch {
    return false;
  }
}

/** Reads and judges a health report; a report without a status is unreadable (exit 6), never taken as healthy. */
export function readHealth(body: unknown, httpStatus: number, source: AnswerSource): HealthReading {
  const reader = readRecord(body, source, 'health status');
  const status = statusWord(reader.value(healthFields.status));
  if (status === undefined) throw reader.missing('status', healthFields.status);
  const checks = checksOf(reader.raw);
  const databaseCheck = checks.find((c) => DATABASE_CHECK.test(c.name));
  const given = reader.value(healthFields.database);
  // A database given as a boolean says connected or not.
  const database =
    typeof given === 'boolean' ? (given ? 'connected' : 'disconnected') : (statusWord(given) ?? databaseCheck?.status);
  const said = verdictOf(status);
  const verdict = worst([
    said,
    verdictOf(database),
    ...checks.map((c) => verdictOf(c.status)),
    httpStatus >= 500 ? 'unhealthy' : undefined,
  ]);
  const view: HealthStatus = withSource(
    compact({
      status,
      database,
      checks: checks.length ? checks.map((c) => `${c.name}: ${c.status}`).join('; ') : undefined,
      time: reader.text(healthFields.time),
    }),
    reader.raw,
  );
  // A word venue cannot judge is not taken as healthy; anything worse still counts.
  return { view, verdict: said === undefined && verdict !== 'unhealthy' ? undefined : verdict, httpStatus };
}

function compact<T extends Record<string, unknown>>(view: T): T {
  for (const key of Object.keys(view)) if (view[key] === undefined) delete view[key];
  return view;
}
