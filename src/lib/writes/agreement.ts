// After every write, the answer is compared with what was sent: ids,
// quantities, line counts, card, warehouse, amounts, currency, places. An
// answer that states one of them differently is not a success, whatever its
// status: venue cannot tell what was applied (the rule, rule.ts: unknown), so
// the command exits 6 naming the field, what was sent and what came back, and
// the write is journalled unknown for a person to settle. An answer that
// simply does not state a field is no disagreement.

import { ServerError } from '../errors.js';
import { isRecord, RecordReader, type FieldSpec, type FieldType } from '../reading.js';

export interface Disagreement {
  /** As a person reads it: "quantity", "items[1016].quantity", "card". */
  field: string;
  sent: string;
  got: string;
}

/**
 * What an answer's record (the service's own, as sent) states for a field, of
 * the field's type (a decoy of another type is passed over); undefined when
 * it does not state it, which is no disagreement.
 */
export function stated<T extends FieldType>(raw: unknown, spec: FieldSpec<T>): unknown {
  if (!isRecord(raw)) return undefined;
  return new RecordReader(raw, { service: 'answer', operation: 'compare it with the request' }, 'answer').get(spec);
}

const show = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** Collects the disagreements between a request and its answer. */
export class AnswerCheck {
  readonly found: Disagreement[] = [];

  private add(field: string, sent: unknown, got: unknown): void {
    this.found.push({ field, sent: show(sent), got: show(got) });
  }

  /** An id or code: compared as text (17 and "17" agree), trimmed, case kept. */
  id(field: string, sent: string | number | bigint | undefined, got: unknown): this {
    if (sent === undefined || got === undefined || got === null) return this;
    if (typeof got !== 'string' && typeof got !== 'number' && typeof got !== 'bigint') return this;
    // A number past 2^53 read as a double cannot hold every digit: compare it as the double the sent id would be.
    if (typeof got === 'number' && !Number.isSafeInteger(got)) {
      if (Number(String(sent).trim()) !== got) this.add(field, sent, got);
      return this;
    }
    if (String(sent).trim() !== String(got).trim()) this.add(field, sent, got);
    return this;
  }

  /** Text the service echoes (a reference, an email): compared without regard to case or surrounding space. */
  text(field: string, sent: string | undefined, got: unknown): this {
    if (sent === undefined || typeof got !== 'string') return this;
    if (sent.trim().toLowerCase() !== got.trim().toLowerCase()) this.add(field, sent, got);
    return this;
  }

  /** A count or quantity: exactly equal. */
  number(field: string, sent: number | undefined, got: unknown): this {
    if (sent === undefined || typeof got !== 'number' || !Number.isFinite(got)) return this;
    if (sent !== got) this.add(field, sent, got);
    return this;
  }

  /** Money: equal to the cent. */
  amount(field: string, sent: number | undefined, got: unknown): this {
    if (sent === undefined || typeof got !== 'number' || !Number.isFinite(got)) return this;
    if (Math.round(sent * 100) !== Math.round(got * 100))
      this.found.push({ field, sent: sent.toFixed(2), got: got.toFixed(2) });
    return this;
  }

  /** A set of ids (reservations of an order, event types): the same members, in any order. */
  set(field: string, sent: readonly string[] | undefined, got: readonly unknown[] | undefined): this {
    if (sent === undefined || got === undefined) return this;
    const a = [...new Set(sent.map((s) => String(s).trim()))].sort();
    const b = [...new Set(got.map((s) => String(s).trim()))].sort();
    if (a.length !== b.length || a.some((v, i) => v !== b[i]))
      this.found.push({ field, sent: a.join(','), got: b.join(',') });
    return this;
  }

  /** A rule of its own, said in words ("ends before it starts"). */
  impossible(field: string, what: string, got: unknown): this {
    this.found.push({ field, sent: what, got: typeof got === 'string' ? got : show(got) });
    return this;
  }

  get agrees(): boolean {
    return this.found.length === 0;
  }
}

/** One line per disagreement: "quantity: sent 2, came back 18009567". */
export function describeDisagreements(found: readonly Disagreement[]): string[] {
  return found.map((d) => `${d.field}: sent ${d.sent}, came back ${d.got}`);
}

/**
 * The answer to a write disagrees with what was sent (exit 6). Nothing is
 * claimed; the write is journalled unknown (where it has a journal) and the
 * hint says how to check and settle it.
 */
export class DisagreeingAnswerError extends ServerError {
  constructor(
    what: string,
    readonly disagreements: readonly Disagreement[],
    options: { hint: string; details?: string[] },
  ) {
    const first = disagreements[0]!;
    super(
      `the service's answer to ${what} disagrees with what was sent: ${first.field} sent ${first.sent}, came back ${first.got}`,
      {
        details: [...describeDisagreements(disagreements.slice(1)), ...(options.details ?? [])],
        hint: options.hint,
      },
    );
    this.name = 'DisagreeingAnswerError';
  }
}
