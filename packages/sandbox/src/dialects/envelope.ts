// The envelope dialect: every success answer wrapped { data, meta }, lists
// with their paging in meta, errors { error: { code: SCREAMING_SNAKE, message,
// details: [{ field, message }] } }, enumeration values snake_case.

import {
  isObject,
  mapEnums,
  pagingOf,
  screamingSnakeCase,
  snakeCase,
  venueListOf,
  walk,
  type Dialect,
  type JsonObject,
  type RecordRewrite,
} from './core.js';
import { classify, shapeOf, withSaleStatus } from './resources.js';

const rewrite: RecordRewrite = {
  before: withSaleStatus,
  after: (record, kind) => (kind ? mapEnums(record, shapeOf(kind).enums, snakeCase) : record),
};

/** Token answers: the fields an envelope server of each kind names them by. */
function tokenData(body: JsonObject): JsonObject | undefined {
  switch (classify(body)) {
    case 'walletAdminToken':
    case 'walletGuestTokens':
      return body;
    case 'bookingToken':
      return { token: body.accessToken!, tokenType: body.tokenType!, expiresIn: body.expiresIn! };
    case 'inventoryToken':
      return { accessToken: body.token!, expiresAt: body.expiresAt! };
    default:
      return undefined;
  }
}

export const envelopeDialect: Dialect = {
  name: 'envelope',
  summary:
    'every answer wrapped { data, meta }, lists paged in meta, errors { error: { code: SCREAMING_SNAKE, details: [{ field, message }] } }',

  success(body, exchange) {
    if (isObject(body)) {
      const token = tokenData(body);
      if (token) return { body: { data: token, meta: { requestId: exchange.requestId } } };
      // The answer to a sale is the order it confirmed, its sale inside: the order's status and the sale's stay apart.
      if (classify(body) === 'bookingSaleResult' && isObject(body.order)) {
        return { body: { data: walk(body.order, rewrite), meta: { requestId: exchange.requestId } } };
      }
    }
    const list = venueListOf(body);
    if (!list) return { body: { data: walk(body, rewrite), meta: { requestId: exchange.requestId } } };
    const paging = pagingOf(list);
    return {
      body: {
        data: walk(list.items, rewrite),
        meta: {
          page: paging.page,
          pageSize: paging.pageSize,
          total: paging.totalItems,
          totalPages: paging.totalPages,
          hasMore: paging.page < paging.totalPages,
          ...(walk(list.context, rewrite) as JsonObject),
        },
      },
    };
  },

  error(error) {
    return {
      body: {
        error: {
          code: screamingSnakeCase(error.code),
          message: error.message,
          ...(error.details.length
            ? { details: error.details.map(({ field, rule }) => ({ field, message: rule })) }
            : {}),
        },
      },
    };
  },
};
