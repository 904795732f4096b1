// The small core every dialect is built from: word casing, a walk over a JSON
// answer that lets a dialect reshape each record by its resource kind, the
// venue error and list models the dialects start from, and the seam (Dialect)
// the server's hooks call. Nothing here knows a particular dialect.

import { classify, type ResourceKind } from './resources.js';
import type { DialectName } from '../types.js';

import { isObject, type Json, type JsonObject } from './json.js';

export { isObject, type Json, type JsonObject };

// ---------------------------------------------------------------- casing

/** "card_not_activated", "game-play", "cardNumber", "CardNumber", "PONumber" → ["card", "not", "activated"] etc. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** cardNumber → CardNumber; game-play → GamePlay. */
export const pascalCase = (name: string) => words(name).map(capital).join('');
/** card_not_activated → cardNotActivated. */
export const camelCase = (name: string) =>
  words(name)
    .map((w, i) => (i === 0 ? w : capital(w)))
    .join('');
/** card_not_activated → CARD_NOT_ACTIVATED; game-play → GAME_PLAY. */
export const screamingSnakeCase = (name: string) => words(name).join('_').toUpperCase();
/** game-play → game_play. */
export const snakeCase = (name: string) => words(name).join('_');

/** Every key of value, at every depth, through rename. */
export function renameKeysDeep(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeysDeep(item, rename));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[rename(key)] = renameKeysDeep(child, rename);
  return out;
}

// ---------------------------------------------------------------- the walk

export interface RecordRewrite {
  /** Before the record's children are walked, with venue's field names: reshape (flatten, add, drop). */
  before?(record: JsonObject, kind: ResourceKind | undefined): JsonObject;
  /** After its children are walked: rename fields and map enumeration values. */
  after(record: JsonObject, kind: ResourceKind | undefined): JsonObject;
}

/**
 * Walks a venue answer top-down: each object is classified by its fields
 * (resources.ts) while it still has venue's names, reshaped, its children
 * walked, then renamed. Arrays are walked item by item.
 */
export function walk(value: unknown, rewrite: RecordRewrite): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, rewrite));
  if (!isObject(value)) return value;
  const kind = classify(value);
  const record = rewrite.before ? rewrite.before(value, kind) : value;
  const children: JsonObject = {};
  for (const [key, child] of Object.entries(record)) children[key] = walk(child, rewrite) as Json;
  return rewrite.after(children, kind);
}

/** Renames the fields of record by table (fields it does not name keep theirs), keeping their order. */
export function renameFields(record: JsonObject, table: Readonly<Record<string, string>> | undefined): JsonObject {
  if (!table) return record;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) out[table[key] ?? key] = value;
  return out;
}

/** Maps the values of the record's enumeration fields (named in venue's names) through cast. */
export function mapEnums(
  record: JsonObject,
  enumFields: readonly string[] | undefined,
  cast: (value: string) => string,
): JsonObject {
  if (!enumFields?.length) return record;
  const out: JsonObject = { ...record };
  for (const field of enumFields) {
    const value = out[field];
    if (typeof value === 'string') out[field] = cast(value);
  }
  return out;
}

// ---------------------------------------------------------------- venue's models

export interface VenueErrorDetail {
  field: string;
  rule: string;
}

/** docs/api-conventions.md's error body, as every emulator and the core produce it. */
export interface VenueError {
  status: number;
  code: string;
  message: string;
  details: VenueErrorDetail[];
}

export function venueErrorOf(body: unknown, status: number): VenueError | undefined {
  const error = isObject(body) ? body.error : undefined;
  if (!isObject(error) || typeof error.code !== 'string') return undefined;
  const details = Array.isArray(error.details)
    ? error.details.filter(isObject).map((d) => ({ field: String(d.field ?? ''), rule: String(d.rule ?? '') }))
    : [];
  return {
    status: typeof error.status === 'number' ? error.status : status,
    code: error.code,
    message: String(error.message ?? ''),
    details,
  };
}

/** A venue list answer: `{ items, page?, pageSize?, totalItems?, totalPages?, …context }`. */
export interface VenueList {
  items: Json[];
  paging?: { page: number; pageSize: number; totalItems: number; totalPages: number };
  /** The other top-level fields (experienceId, fromDate, totals…), venue-named. */
  context: JsonObject;
}

export function venueListOf(body: unknown): VenueList | undefined {
  if (!isObject(body) || !Array.isArray(body.items) || classify(body) !== undefined) return undefined;
  const { items, page, pageSize, totalItems, totalPages, ...context } = body;
  const paging =
    typeof page === 'number' &&
    typeof pageSize === 'number' &&
    typeof totalItems === 'number' &&
    typeof totalPages === 'number'
      ? { page, pageSize, totalItems, totalPages }
      : undefined;
  return { items: items as Json[], paging, context };
}

/** Paging of any list: an unpaged list is one page holding everything. */
export function pagingOf(list: VenueList): { page: number; pageSize: number; totalItems: number; totalPages: number } {
  return (
    list.paging ?? {
      page: 1,
      pageSize: list.items.length,
      totalItems: list.items.length,
      totalPages: list.items.length ? 1 : 0,
    }
  );
}

// ---------------------------------------------------------------- the seam

export type ServiceName = 'wallet' | 'booking' | 'inventory';

/** What a dialect knows of the exchange when it rewrites an answer. */
export interface Exchange {
  service: ServiceName | undefined;
  method: string;
  /** The URL as the client sent it (path and query), for paging links. */
  url: string;
  /** scheme://host the client used. */
  origin: string;
  status: number;
  now: Date;
  requestId: string;
}

export interface DialectAnswer {
  body: unknown;
  /** Headers to set on the answer (Content-Type included when it changes). */
  headers?: Record<string, string>;
}

export interface Dialect {
  name: DialectName;
  /** One line for help and docs. */
  summary: string;
  /** A venue success body (JSON) in this dialect. */
  success(body: unknown, exchange: Exchange): DialectAnswer;
  /** A venue error in this dialect. */
  error(error: VenueError, exchange: Exchange): DialectAnswer;
  /** Request body and query, as the client sent them, into venue's canonical names (pascal binds case-insensitively). */
  request?(input: { body: unknown; query: unknown }): { body: unknown; query: unknown };
}

/** ISO timestamp → seconds from now (never below 0). */
export function secondsUntil(timestamp: unknown, now: Date): number | undefined {
  if (typeof timestamp !== 'string') return undefined;
  const at = Date.parse(timestamp);
  return Number.isFinite(at) ? Math.max(0, Math.round((at - now.getTime()) / 1000)) : undefined;
}

/** The URL with its query parameter `name` set to value. */
export function withQuery(url: string, origin: string, name: string, value: string): string {
  const parsed = new URL(url, origin);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
