// The plain dialect: bare arrays (paging in X-Total-Count and Link headers),
// bare records with other field names (synonyms.ts), UPPER_SNAKE enumeration
// values, flat balance figures, and errors { message, code: camelCase,
// errors: [{ field, message }] }.

import {
  camelCase,
  isObject,
  mapEnums,
  pagingOf,
  renameFields,
  screamingSnakeCase,
  venueListOf,
  walk,
  withQuery,
  type Dialect,
  type Json,
  type JsonObject,
  type RecordRewrite,
} from './core.js';
import { classify, shapeOf, withSaleStatus, type ResourceKind } from './resources.js';
import { PLAIN_EXTRA_FIELDS, PLAIN_SYNONYMS } from './synonyms.js';

/** Enumeration fields plain adds by flattening (the unit beside flat figures). */
const PLAIN_ENUMS: Partial<Record<ResourceKind, readonly string[]>> = { walletBalance: ['unit'], walletSale: ['unit'] };

const amountOf = (value: unknown): Json => ((isObject(value) ? value.amount : value) as Json | undefined) ?? null;
const unitOf = (...values: unknown[]): Json =>
  values.map((v) => (isObject(v) ? v.unit : undefined)).find((u) => typeof u === 'string') ?? null;

/** Reshapes in venue's names, before the walk goes deeper. */
function reshape(record: JsonObject, kind: ResourceKind | undefined): JsonObject {
  const sold = withSaleStatus(record, kind);
  switch (kind) {
    case 'walletBalance': {
      // { playBalance: { amount, unit } } → { playBalance: 22.5, …, unit }
      const { playBalance, bonusBalance, ...rest } = sold;
      const { lastSyncedAt, ...head } = rest;
      return {
        ...head,
        playBalance: amountOf(playBalance),
        bonusBalance: amountOf(bonusBalance),
        unit: unitOf(playBalance, bonusBalance),
        lastSyncedAt: lastSyncedAt ?? null,
      };
    }
    case 'walletSale': {
      const { credited, ...rest } = sold;
      const play = isObject(credited) ? credited.play : undefined;
      const bonus = isObject(credited) ? credited.bonus : undefined;
      return { ...rest, creditedPlay: amountOf(play), creditedBonus: amountOf(bonus), unit: unitOf(play, bonus) };
    }
    default: {
      const extra = kind && PLAIN_EXTRA_FIELDS[kind];
      return extra ? { ...sold, ...extra } : sold;
    }
  }
}

const rewrite: RecordRewrite = {
  before: reshape,
  after(record, kind) {
    if (!kind) return record;
    const enums = [...(shapeOf(kind).enums ?? []), ...(PLAIN_ENUMS[kind] ?? [])];
    return renameFields(mapEnums(record, enums, screamingSnakeCase), PLAIN_SYNONYMS[kind]);
  },
};

function tokenBody(body: JsonObject): JsonObject | undefined {
  switch (classify(body)) {
    case 'walletAdminToken':
      return { access_token: body.accessToken! };
    case 'walletGuestTokens':
      return { access_token: body.accessToken!, refresh_token: body.refreshToken! };
    case 'bookingToken':
      return { access_token: body.accessToken!, token_type: 'bearer', expires_in: body.expiresIn! };
    case 'inventoryToken':
      return { jwt: body.token! };
    default:
      return undefined;
  }
}

export const plainDialect: Dialect = {
  name: 'plain',
  summary:
    'bare arrays paged in X-Total-Count and Link headers, bare records with other field names, UPPER_SNAKE enumeration values',

  success(body, exchange) {
    const token = isObject(body) ? tokenBody(body) : undefined;
    if (token) return { body: token };
    const list = venueListOf(body);
    if (!list) return { body: walk(body, rewrite) };
    const paging = pagingOf(list);
    const headers: Record<string, string> = { 'x-total-count': String(paging.totalItems) };
    if (paging.page < paging.totalPages) {
      headers.link = `<${withQuery(exchange.url, exchange.origin, 'page', String(paging.page + 1))}>; rel="next"`;
    }
    return { body: walk(list.items, rewrite), headers };
  },

  error(error) {
    return {
      body: {
        message: error.message,
        code: camelCase(error.code),
        ...(error.details.length ? { errors: error.details.map(({ field, rule }) => ({ field, message: rule })) } : {}),
      },
    };
  },
};
