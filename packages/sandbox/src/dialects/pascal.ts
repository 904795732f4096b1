// The pascal dialect: what an ASP.NET Core service answers. PascalCase keys at
// every depth, PascalCase enumeration values, lists as
// { Items, Page, PageSize, TotalCount, TotalPages }, errors as RFC 7807
// problem details, and request names bound case-insensitively.

import { STATUS_CODES } from 'node:http';
import {
  isObject,
  mapEnums,
  pagingOf,
  pascalCase,
  renameKeysDeep,
  secondsUntil,
  venueListOf,
  walk,
  type Dialect,
  type Exchange,
  type JsonObject,
  type RecordRewrite,
  type VenueError,
} from './core.js';
import { canonicalRequestName } from './request-names.js';
import { classify, shapeOf, withSaleStatus } from './resources.js';

const rewrite: RecordRewrite = {
  before: withSaleStatus,
  after(record, kind) {
    const values = kind ? mapEnums(record, shapeOf(kind).enums, pascalCase) : record;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(values)) out[pascalCase(key)] = value;
    return out;
  },
};

/** RFC 9110 sections, as ASP.NET Core's ProblemDetails names them in `type`. */
const PROBLEM_SECTIONS: Record<number, string> = {
  400: '15.5.1',
  401: '15.5.2',
  403: '15.5.4',
  404: '15.5.5',
  405: '15.5.6',
  408: '15.5.9',
  409: '15.5.10',
  413: '15.5.14',
  415: '15.5.16',
  422: '15.5.21',
  431: '15.5.22',
  500: '15.6.1',
  502: '15.6.3',
  503: '15.6.4',
  504: '15.6.5',
};

function problemType(status: number): string {
  if (status === 429) return 'https://tools.ietf.org/html/rfc6585#section-4';
  const section = PROBLEM_SECTIONS[status];
  return section ? `https://tools.ietf.org/html/rfc9110#section-${section}` : 'about:blank';
}

/** "items.0.quantity" or "items[0].quantity" → "Items[0].Quantity"; the whole body is "$" (as System.Text.Json says). */
export function pascalFieldPath(field: string): string {
  if (field === '' || field === '(body)') return '$';
  const parts: string[] = [];
  for (const segment of field.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (segment === '') continue;
    if (/^\d+$/.test(segment) && parts.length) parts[parts.length - 1] += `[${segment}]`;
    else parts.push(pascalCase(segment));
  }
  return parts.join('.');
}

function problem(error: VenueError, exchange: Exchange) {
  const errors: Record<string, string[]> = {};
  for (const detail of error.details) (errors[pascalFieldPath(detail.field)] ??= []).push(detail.rule);
  return {
    type: problemType(error.status),
    title:
      error.code === 'validation_failed'
        ? 'One or more validation errors occurred.'
        : (STATUS_CODES[error.status] ?? 'Error'),
    status: error.status,
    detail: error.message,
    ...(error.details.length ? { errors } : {}),
    code: pascalCase(error.code),
    traceId: exchange.requestId,
  };
}

export const pascalDialect: Dialect = {
  name: 'pascal',
  summary:
    'an ASP.NET Core service: PascalCase keys and enumeration values, { Items, Page, PageSize, TotalCount, TotalPages }, RFC 7807 problem details',

  success(body, exchange) {
    if (isObject(body) && classify(body) === 'inventoryToken') {
      return { body: { AccessToken: body.token, ExpiresIn: secondsUntil(body.expiresAt, exchange.now) ?? 3600 } };
    }
    const list = venueListOf(body);
    if (!list) return { body: walk(body, rewrite) };
    const paging = pagingOf(list);
    return {
      body: {
        Items: walk(list.items, rewrite),
        Page: paging.page,
        PageSize: paging.pageSize,
        TotalCount: paging.totalItems,
        TotalPages: paging.totalPages,
        ...(walk(list.context, rewrite) as JsonObject),
      },
    };
  },

  error(error, exchange) {
    return { body: problem(error, exchange), headers: { 'content-type': 'application/problem+json; charset=utf-8' } };
  },

  request({ body, query }) {
    return { body: renameKeysDeep(body, canonicalRequestName), query: renameKeysDeep(query, canonicalRequestName) };
  },
};
