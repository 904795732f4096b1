// The hal dialect: a server that keeps to venue's records (names, values,
// requests) but answers as a HAL (JSON Hypertext Application Language) service
// built on Spring HATEOAS does. Every list is a collection resource:
// { _embedded: { <name>: [ … ] }, _links: { self, first, prev, next, last },
// page: { size, totalElements, totalPages, number } }, with the list's other
// fields beside them and a `Link` header (RFC 8288) and `X-Total-Count`. The
// embedded list is named after the route's last word (`products`,
// `stockLevels`, `card`, `quickreload`), not after venue's words, and an empty
// list embeds nothing (Spring leaves `_embedded` out). `page.number` counts
// from 0 whatever the `page` parameter counts from (Spring's one-indexed
// parameters leave it so). Every record of a list and every record answer
// carries `_links.self`. Errors are vnd.error: { message, code, logref, path,
// _links, _embedded: { errors: [{ message, path }] } }.

import {
  camelCase,
  isObject,
  pagingOf,
  venueListOf,
  type Dialect,
  type Exchange,
  type Json,
  type JsonObject,
} from './core.js';
import { classify, TOKEN_KINDS } from './resources.js';

const HAL_JSON = 'application/hal+json';

/** The URL of the exchange with its query parameter `page` set to n (other parameters kept). */
function pageUrl(exchange: Exchange, page: number): string {
  const url = new URL(exchange.url, exchange.origin);
  url.searchParams.set('page', String(page));
  return url.href;
}

/** The collection's URL without its query: the base of its records' own links. */
function collectionUrl(exchange: Exchange): string {
  const url = new URL(exchange.url, exchange.origin);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The name the embedded list goes under: the route's last word that is no id, camelCased ("stock-levels" → "stockLevels"). */
export function embeddedName(exchange: Exchange): string {
  const segments = new URL(exchange.url, exchange.origin).pathname.split('/').filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = decodeURIComponent(segments[i]!);
    // Ids (1001, 6001000000000000001, exp-laser-tag's own records) are not a collection's name: words without digits are.
    if (/^[A-Za-z][A-Za-z_-]*$/.test(segment)) return camelCase(segment);
  }
  return 'items';
}

/** A record's id for its self link: the first field that is `id` or ends in `Id`, holding text or a number. */
function idOf(record: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(record))
    if ((key === 'id' || key.endsWith('Id')) && (typeof value === 'string' || typeof value === 'number'))
      return String(value);
  return undefined;
}

/** The record with its self link last, as Spring writes it. */
function withSelf(record: JsonObject, href: string | undefined): JsonObject {
  return href === undefined ? record : { ...record, _links: { self: { href } } };
}

function link(href: string): JsonObject {
  return { href };
}

export const halDialect: Dialect = {
  name: 'hal',
  summary:
    "venue's records as a HAL service answers them: lists under _embedded.<name> with _links (self, first, prev, next, last), a page object (number from 0) and Link and X-Total-Count headers; records with _links; vnd.error errors",

  success(body, exchange) {
    const kind = isObject(body) ? classify(body) : undefined;
    if (TOKEN_KINDS.has(kind)) return { body };
    const list = venueListOf(body);
    if (!list) {
      if (!isObject(body)) return { body };
      const self = new URL(exchange.url, exchange.origin).href;
      return { body: withSelf(body, self), headers: { 'content-type': `${HAL_JSON}; charset=utf-8` } };
    }
    const paging = pagingOf(list);
    const base = collectionUrl(exchange);
    const items = list.items.map((item) => {
      if (!isObject(item)) return item;
      const id = idOf(item);
      return withSelf(item, id === undefined ? undefined : `${base}/${encodeURIComponent(id.trim())}`);
    });
    const links: Record<string, string> = { self: new URL(exchange.url, exchange.origin).href };
    if (paging.totalPages > 0) links.first = pageUrl(exchange, 1);
    if (paging.page > 1 && paging.page <= paging.totalPages) links.prev = pageUrl(exchange, paging.page - 1);
    if (paging.page < paging.totalPages) links.next = pageUrl(exchange, paging.page + 1);
    if (paging.totalPages > 0) links.last = pageUrl(exchange, paging.totalPages);
    const answer: JsonObject = {};
    // Spring leaves _embedded out of a collection that holds nothing.
    if (items.length) answer._embedded = { [embeddedName(exchange)]: items as Json[] };
    answer._links = Object.fromEntries(Object.entries(links).map(([rel, href]) => [rel, link(href)]));
    answer.page = {
      size: paging.pageSize,
      totalElements: paging.totalItems,
      totalPages: paging.totalPages,
      number: Math.max(0, paging.page - 1),
    };
    Object.assign(answer, list.context);
    const header = Object.entries(links)
      .filter(([rel]) => rel !== 'self')
      .map(([rel, href]) => `<${href}>; rel="${rel}"`)
      .join(', ');
    return {
      body: answer,
      headers: {
        'content-type': `${HAL_JSON}; charset=utf-8`,
        'x-total-count': String(paging.totalItems),
        ...(header ? { link: header } : {}),
      },
    };
  },

  error(error, exchange) {
    const path = new URL(exchange.url, exchange.origin).pathname;
    return {
      body: {
        message: error.message,
        code: error.code,
        logref: exchange.requestId,
        path,
        _links: { self: { href: new URL(exchange.url, exchange.origin).href } },
        ...(error.details.length
          ? { _embedded: { errors: error.details.map(({ field, rule }) => ({ message: rule, path: field })) } }
          : {}),
      },
      headers: { 'content-type': 'application/vnd.error+json; charset=utf-8' },
    };
  },
};
