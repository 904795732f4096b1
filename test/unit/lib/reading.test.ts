// The reading layer (src/lib/reading.ts): every envelope, casing, synonym,
// paging shape and error body the clients rely on, and every refusal.

import { describe, expect, it } from 'vitest';
import {
  AnswerMismatchError,
  ImpossibleValuesError,
  RecordReader,
  UnreadableAnswerError,
  accepts,
  asWord,
  isRecord,
  checkSame,
  field,
  fieldTables,
  impossibleValues,
  sameId,
  wordField,
  asBoolean,
  asEnum,
  asNumber,
  asText,
  fieldKey,
  findKey,
  hasNextPage,
  readErrorBody,
  readList,
  parseLinkHeader,
  readPageInfo,
  readRecord,
  readRecordList,
  readRecords,
  sameWord,
  sourceOf,
  valueOf,
  withSource,
} from '../../../src/lib/reading.js';

const source = { service: 'booking', operation: 'hold the slot' };

/** The error a thunk throws, for looking at its parts. */
function thrown(run: () => unknown): UnreadableAnswerError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    return error as UnreadableAnswerError;
  }
  throw new Error('expected an UnreadableAnswerError, nothing was thrown');
}

describe('field lookup', () => {
  it('fieldKey drops case and separators', () => {
    for (const name of [
      'cardNumber',
      'CardNumber',
      'card_number',
      'card-number',
      'CARD_NUMBER',
      'card number',
      'Card.Number',
    ]) {
      expect(fieldKey(name)).toBe('cardnumber');
    }
    expect(fieldKey('@odata.nextLink')).toBe('odatanextlink');
  });

  it.each([['cardNumber'], ['CardNumber'], ['card_number'], ['card-number'], ['CARD_NUMBER'], ['CARDNUMBER']])(
    'findKey finds %s for cardNumber',
    (key) => {
      const record = { [key]: '6001', other: 1 };
      expect(findKey(record, ['cardNumber'])).toBe(key);
      expect(valueOf(record, ['cardNumber'])).toBe('6001');
    },
  );

  it('the exact spelling wins over a tolerant match', () => {
    expect(findKey({ card_number: 'snake', cardNumber: 'camel' }, ['cardNumber'])).toBe('cardNumber');
    expect(findKey({ cardNumber: 'camel', card_number: 'snake' }, ['card_number'])).toBe('card_number');
  });

  it('the names are tried in order: a synonym is used only when the canonical name is absent in every spelling', () => {
    const names = ['cardNumber', 'number', 'id'];
    expect(valueOf({ number: 'n', id: 'i' }, names)).toBe('n');
    expect(valueOf({ id: 'i' }, names)).toBe('i');
    // A snake_case service sends its own id beside the card number: the card number is still the card number.
    expect(valueOf({ card_number: '6001000000000000001', id: 17 }, names)).toBe('6001000000000000001');
    expect(valueOf({ Id: 17, CardNumber: '6001' }, names)).toBe('6001');
  });

  it('null and undefined count as absent, so another spelling or synonym is used', () => {
    expect(findKey({ cardNumber: null, card_number: '6001' }, ['cardNumber'])).toBe('card_number');
    expect(valueOf({ cardNumber: null, number: '42' }, ['cardNumber', 'number'])).toBe('42');
    expect(findKey({ cardNumber: null }, ['cardNumber'])).toBeUndefined();
    expect(findKey({ cardNumber: undefined }, ['cardNumber'])).toBeUndefined();
    expect(valueOf({}, ['cardNumber'])).toBeUndefined();
  });

  it('falsy values that are values are kept', () => {
    expect(valueOf({ tickets: 0 }, ['tickets'])).toBe(0);
    expect(valueOf({ active: false }, ['active'])).toBe(false);
    expect(valueOf({ note: '' }, ['note'])).toBe('');
  });

  it('sameWord compares codes and words without regard to case or separator', () => {
    expect(sameWord('CARD_NOT_ACTIVATED', 'card_not_activated')).toBe(true);
    expect(sameWord('CardNotActivated', 'card-not-activated')).toBe(true);
    expect(sameWord('card_registered', 'card_not_activated')).toBe(false);
    expect(sameWord(42, '42')).toBe(false);
    expect(sameWord(undefined, '')).toBe(false);
  });
});

describe('isRecord', () => {
  it('is a JSON object: not null, a list, a Buffer or other bytes', () => {
    [{}, { a: 1 }, Object.create(null), new Date(0)].forEach((value, i) =>
      expect(isRecord(value), `record ${i}`).toBe(true),
    );
    [
      null,
      undefined,
      [],
      [{}],
      Buffer.from('{}'),
      new Uint8Array(2),
      new DataView(new ArrayBuffer(2)),
      'x',
      1,
      true,
    ].forEach((value, i) => expect(isRecord(value), `not a record ${i}`).toBe(false));
  });
});

describe('scalars', () => {
  it.each([
    [12.5, 12.5],
    [' 12.50 ', 12.5],
    ['1e3', 1000],
    ['-3', -3],
    ['+4', 4],
    ['.5', 0.5],
    ['0', 0],
    [0, 0],
  ])('asNumber(%j) is %j', (value, expected) => {
    expect(asNumber(value)).toBe(expected);
  });

  it.each([
    ['12abc'],
    [''],
    ['  '],
    [NaN],
    [Infinity],
    [true],
    [false],
    [null],
    [undefined],
    [{}],
    [[1]],
    ['1,234.50'],
    ['0x10'],
    ['Infinity'],
    ['NaN'],
  ])('asNumber(%j) refuses', (value) => {
    expect(asNumber(value)).toBeUndefined();
  });

  it('asText keeps ids exactly as sent', () => {
    expect(asText('00042')).toBe('00042');
    expect(asText('  padded ')).toBe('  padded ');
    expect(asText(42)).toBe('42');
    expect(asText(12.5)).toBe('12.5');
    expect(asText(0)).toBe('0');
    expect(asText(12345678901234567890n)).toBe('12345678901234567890');
    expect(asText('6001000000000000001')).toBe('6001000000000000001');
  });

  it('asText: empty text, booleans, objects and non-finite numbers are absent', () => {
    for (const value of ['', true, false, null, undefined, {}, [], NaN, Infinity])
      expect(asText(value)).toBeUndefined();
  });

  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['TRUE', true],
    [' Yes ', true],
    ['y', true],
    ['1', true],
    ['false', false],
    ['No', false],
    ['n', false],
    ['0', false],
  ])('asBoolean(%j) is %j', (value, expected) => {
    expect(asBoolean(value)).toBe(expected);
  });

  it.each([[2], [-1], ['maybe'], [''], [null], [undefined], [{}]])('asBoolean(%j) refuses', (value) => {
    expect(asBoolean(value)).toBeUndefined();
  });
});

describe('enumerations', () => {
  const units = { dollars: ['dollar', 'usd'], tokens: ['token'] } as const;
  const kinds = {
    reload: ['topUp'],
    'game-play': ['gamePlay', 'game'],
    'ticket-win': ['ticketWin'],
    redemption: ['redeem'],
  } as const;

  it.each([['TOKENS'], ['tokens'], ['Tokens'], ['token'], ['TOKEN']])('%s is tokens', (value) => {
    expect(asEnum(value, units)).toBe('tokens');
  });

  it.each([['Redemption'], ['redemption'], ['REDEMPTION'], ['redeem'], ['REDEEM']])('%s is redemption', (value) => {
    expect(asEnum(value, kinds)).toBe('redemption');
  });

  it.each([['GAME_PLAY'], ['GamePlay'], ['game-play'], ['game play'], ['gameplay'], ['Game']])(
    '%s is game-play',
    (value) => {
      expect(asEnum(value, kinds)).toBe('game-play');
    },
  );

  it('a value that matches no word is returned as sent, never a default', () => {
    expect(asEnum('Transfer', kinds)).toBe('Transfer');
    expect(asEnum('EUR', units)).toBe('EUR');
    expect(asEnum(7, units)).toBe('7');
  });

  it('an absent value stays absent', () => {
    expect(asEnum(undefined, units)).toBeUndefined();
    expect(asEnum(null, units)).toBeUndefined();
    expect(asEnum('', units)).toBeUndefined();
  });
});

describe('RecordReader', () => {
  const reader = new RecordReader(
    {
      Reservation_ID: '00042',
      QTY: ' 4 ',
      is_paid: 'yes',
      STATUS: 'HELD',
      holder: { FullName: 'Ava' },
      Tags: ['a'],
      blank: '  ',
      price: 'abc',
    },
    source,
    'reservation',
  );

  it('reads text, numbers, booleans, enumerations, nested records and lists in any casing', () => {
    expect(reader.text(['reservationId', 'id'])).toBe('00042');
    expect(reader.number(['quantity', 'qty'])).toBe(4);
    expect(reader.boolean(['isPaid', 'paid'])).toBe(true);
    expect(reader.enumeration(['status'], { held: ['onHold'], released: [] })).toBe('held');
    expect(reader.record(['holder'])?.text(['fullName'])).toBe('Ava');
    expect(reader.record(['holder'])?.source).toBe(source);
    expect(reader.list(['tags'])).toEqual(['a']);
    expect(reader.has(['reservationId'])).toBe(true);
    expect(reader.has(['orderId'])).toBe(false);
    expect(reader.record(['status'])).toBeUndefined();
    expect(reader.list(['status'])).toBeUndefined();
  });

  it('need* fail naming the service, the operation, the record, the label and the names looked for', () => {
    const error = thrown(() => reader.needText(['orderId', 'order'], 'order id'));
    expect(error.message).toBe(
      'the booking service\'s answer to "hold the slot" has no reservation order id (looked for orderId, order)',
    );
    expect(error.exitCode).toBe(6);
    expect(error.body).toBe(reader.raw);
    expect(error.hint).toMatch(/--verbose/);
  });

  it('a field that is there but unusable is named with its value', () => {
    expect(thrown(() => reader.needNumber(['price'])).message).toContain('"abc" is not usable');
    expect(thrown(() => reader.needText(['blank'])).message).toContain('has no reservation blank');
    expect(thrown(() => reader.needEnum(['missingKind'], { a: [] })).message).toContain('looked for missingKind');
    expect(reader.needText(['reservationId'])).toBe('00042');
    expect(reader.needNumber(['qty'])).toBe(4);
    expect(reader.needEnum(['status'], { held: [] })).toBe('held');
  });
});

describe('readRecord', () => {
  const record = { reservationId: 'r-1', quantity: 2 };

  it.each([
    ['bare', record],
    ['data', { data: record }],
    ['result', { result: record }],
    ['Result', { Result: record }],
    ['value', { value: record }],
    ['payload', { payload: record }],
    ['response', { response: record }],
    ['item', { item: record }],
    ['body', { body: record }],
    ['data with meta', { data: record, meta: { requestId: 'x' } }],
    ['data with links, status and success', { data: record, links: { self: '/x' }, status: 'ok', success: true }],
    ['data beside null fields', { data: record, extra: null }],
    ['nested data.result', { data: { result: record } }],
    ['nested result.data.value', { result: { data: { value: record } } }],
    ['a resource key', { reservation: record }],
    ['a resource key in another casing', { Reservation: record }],
    ['a resource key inside data', { data: { reservation: record } }],
  ])('reads the record %s', (_, body) => {
    expect(readRecord(body, source, 'reservation', ['reservation']).raw).toEqual(record);
  });

  it('does not unwrap a field of the record itself', () => {
    const withData = { reservationId: 'r-1', data: { note: 'kept' } };
    expect(readRecord(withData, source, 'reservation').raw).toBe(withData);
    const resourceBeside = { reservation: { id: 'inner' }, orderId: 'o-1' };
    expect(readRecord(resourceBeside, source, 'order', ['reservation']).raw).toBe(resourceBeside);
  });

  it('keeps the source and what on the reader', () => {
    const reader = readRecord({ data: record }, source, 'reservation');
    expect(reader.source).toBe(source);
    expect(reader.what).toBe('reservation');
  });

  it.each([
    ['a list', [record], /is a list of 1 where a reservation was due/],
    ['an empty list', [], /is a list of 0 where a reservation was due/],
    ['a list inside data', { data: [record] }, /is a list of 1 where a reservation was due/],
    ['a list under the resource key', { reservation: [record] }, /is a list of 1 where a reservation was due/],
    [
      'invalid JSON (kept as text by the HTTP layer)',
      '{"reservationId": ',
      /is text that is not JSON \("\{\\"reservationId\\":"\) where a reservation was due/,
    ],
    [
      'HTML',
      '<!DOCTYPE html><html><body>Bad gateway</body></html>',
      /is an HTML or XML page \(not JSON\) where a reservation was due/,
    ],
    ['XML', '<?xml version="1.0"?><reservation/>', /HTML or XML page/],
    ['an empty body', '', /is an empty body where a reservation was due/],
    ['no body', undefined, /is an empty body where a reservation was due/],
    ['null', null, /is an empty body where a reservation was due/],
    ['a number', 42, /is a number where a reservation was due/],
    ['a boolean', true, /is a boolean where a reservation was due/],
    ['bytes', Buffer.from('abc'), /is 3 bytes of binary data where a reservation was due/],
  ])('refuses %s', (_, body, message) => {
    const error = thrown(() => readRecord(body, source, 'reservation', ['reservation']));
    expect(error.message).toMatch(/^the booking service's answer to "hold the slot" /);
    expect(error.message).toMatch(message);
    expect(error.exitCode).toBe(6);
    expect(error.body).toBe(body);
  });

  it('says "an" before a vowel', () => {
    expect(thrown(() => readRecord('', source, 'adjustment')).message).toMatch(
      /is an empty body where an adjustment was due$/,
    );
    expect(thrown(() => readRecord('', source, 'order')).message).toMatch(/where an order was due$/);
    expect(thrown(() => readRecord('', source, 'card balance')).message).toMatch(/where a card balance was due$/);
  });

  it('clips long text in the message', () => {
    const error = thrown(() => readRecord('x'.repeat(200), source, 'reservation'));
    expect(error.message).toContain(`"${'x'.repeat(40)}"…`);
    expect(error.message.length).toBeLessThan(200);
  });
});

describe('readList', () => {
  const items = [{ id: 1 }, { id: 2 }];

  it.each([
    ['a bare array', items],
    ['items', { items }],
    ['Items', { Items: items, Count: 2 }],
    ['ITEMS', { ITEMS: items }],
    ['data', { data: items }],
    ['results', { results: items }],
    ['result', { result: items }],
    ['records', { records: items }],
    ['content (with Spring page fields)', { content: items, totalElements: 2, number: 0, size: 20 }],
    ['value (OData)', { value: items, '@odata.count': 2 }],
    ['rows', { rows: items }],
    ['list', { list: items }],
    ['entries', { entries: items }],
    ['elements', { elements: items }],
    ['data.items', { data: { items, total: 2 } }],
    ['data.results', { data: { results: items } }],
    ['result.data.rows', { result: { data: { rows: items } } }],
    ['a resource key', { locations: items }],
    ['a resource key in another casing', { Locations: items, total: 2 }],
    ['a resource key with meta', { locations: items, meta: { page: 1 } }],
    ['the single array field', { cardList: items, total: 2 }],
    ['the single array field beside a non-list envelope', { data: 'see cards', cards: items }],
  ])('reads the list %s', (_, body) => {
    expect(readList(body, source, 'locations', ['locations'])).toEqual(items);
  });

  it('an empty list is a list', () => {
    expect(readList({ items: [] }, source, 'locations')).toEqual([]);
    expect(readList([], source, 'locations')).toEqual([]);
  });

  it.each([
    ['items that are not a list', { items: 'nope' }, /is a record \(fields: items\) where a list of locations was due/],
    ['a record', { id: 1, name: 'Downtown' }, /is a record \(fields: id, name\) where a list of locations was due/],
    ['two array fields and no envelope', { open: items, closed: items }, /where a list of locations was due/],
    ['invalid JSON', '[{"id":1},', /is text that is not JSON .* where a list of locations was due/],
    [
      'HTML',
      '<html><body>Login</body></html>',
      /is an HTML or XML page \(not JSON\) where a list of locations was due/,
    ],
    ['an empty body', '', /is an empty body where a list of locations was due/],
    ['no body', undefined, /is an empty body where a list of locations was due/],
    ['a number', 3, /is a number where a list of locations was due/],
    ['an empty record', {}, /is an empty record where a list of locations was due/],
    [
      'a wide record',
      { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 },
      /is a record \(fields: a, b, c, d, e, f, …\) where/,
    ],
  ])('refuses %s', (_, body, message) => {
    const error = thrown(() => readList(body, source, 'locations'));
    expect(error.message).toMatch(/^the booking service's answer to "hold the slot" /);
    expect(error.message).toMatch(message);
    expect(error.body).toBe(body);
  });
});

describe('readRecords', () => {
  it('gives a reader per item', () => {
    const readers = readRecords({ Items: [{ Name: 'a' }, { name: 'b' }] }, source, 'location');
    expect(readers.map((r) => r.text(['name']))).toEqual(['a', 'b']);
    expect(readers[0]!.source).toBe(source);
    expect(readers[0]!.what).toBe('location');
  });

  it.each([
    ['a string', ['x'], /has text \("x"\) as item 1 of the location list/],
    ['a number', [{ id: 1 }, 7], /has a number as item 2 of the location list/],
    ['null', [null], /has null as item 1 of the location list/],
    ['a list', [[{ id: 1 }]], /has a list of 1 as item 1 of the location list/],
  ])('refuses an item that is %s', (_, body, message) => {
    expect(thrown(() => readRecords(body, source, 'location')).message).toMatch(message);
  });
});

describe('readPageInfo', () => {
  it('reads the body fields', () => {
    expect(readPageInfo({ items: [], page: 2, pageSize: 50, totalCount: 120, totalPages: 3, hasMore: true })).toEqual({
      page: 2,
      pageSize: 50,
      totalItems: 120,
      totalPages: 3,
      hasMore: true,
    });
  });

  it.each([
    [{ totalItems: 7 }, 7],
    [{ totalCount: '7' }, 7],
    [{ total: 7 }, 7],
    [{ TotalCount: 7 }, 7],
    [{ total_count: 7 }, 7],
    [{ totalElements: 7 }, 7],
    [{ totalRecords: 7 }, 7],
    [{ '@odata.count': 7 }, 7],
    [{ meta: { total: 7 } }, 7],
    [{ pagination: { totalItems: 7 } }, 7],
    [{ paging: { total_count: 7 } }, 7],
    [{ metadata: { TotalCount: 7 } }, 7],
    [{ page: { totalElements: 7, number: 0, size: 20 } }, 7],
  ])('total items from %j', (body, total) => {
    expect(readPageInfo(body).totalItems).toBe(total);
  });

  it('reads page metadata from meta and pagination objects', () => {
    expect(readPageInfo({ data: [], meta: { page: 3, per_page: 25, total_pages: 9, has_more: 'true' } })).toMatchObject(
      { page: 3, pageSize: 25, totalPages: 9, hasMore: true },
    );
    expect(
      readPageInfo({ data: [], pagination: { currentPage: 1, limit: 10, pageCount: 4, hasNextPage: false } }),
    ).toMatchObject({
      page: 1,
      pageSize: 10,
      totalPages: 4,
      hasMore: false,
    });
  });

  it('takes count for the total only when it is larger than the page', () => {
    expect(readPageInfo({ items: [1, 2], count: 2 }, {}, 2).totalItems).toBeUndefined();
    expect(readPageInfo({ items: [1, 2], count: 40 }, {}, 2).totalItems).toBe(40);
    expect(readPageInfo({ items: [1, 2], count: 40 }).totalItems).toBeUndefined(); // page length unknown: count says nothing sure
    expect(readPageInfo({ items: [1, 2], count: 40, total: 41 }, {}, 2).totalItems).toBe(41);
  });

  it.each([
    [{ next: 'https://x/items?page=3' }],
    [{ nextLink: 'https://x/items?page=3' }],
    [{ next_page_url: 'https://x/items?page=3' }],
    [{ '@odata.nextLink': 'https://x/items?page=3' }],
    [{ links: { next: 'https://x/items?page=3' } }],
    [{ links: { next: { href: 'https://x/items?page=3' } } }],
    [{ _links: { next: { href: 'https://x/items?page=3' } } }],
    [{ meta: { next: 'https://x/items?page=3' } }],
    [{ pagination: { links: { next: 'https://x/items?page=3' } } }],
  ])('the next link from %j', (body) => {
    expect(readPageInfo(body).next).toBe('https://x/items?page=3');
  });

  it('a null or empty next link is no next link', () => {
    expect(readPageInfo({ next: null, links: { next: null } }).next).toBeUndefined();
    expect(readPageInfo({ next: '' }).next).toBeUndefined();
  });

  it('reads the headers X-Total-Count, X-Total-Pages, X-Page, X-Per-Page and Link rel=next', () => {
    const info = readPageInfo([], {
      'x-total-count': '230',
      'x-total-pages': '5',
      'x-page': '2',
      'x-per-page': '50',
      link: '<https://x/items?page=1>; rel="prev", <https://x/items?page=3>; rel="next", <https://x/items?page=5>; rel="last"',
    });
    expect(info).toEqual({ totalItems: 230, totalPages: 5, page: 2, pageSize: 50, next: 'https://x/items?page=3' });
    expect(readPageInfo([], { link: '<https://x/items?page=3>; rel=next' }).next).toBe('https://x/items?page=3');
    expect(readPageInfo([], { link: '<https://x/items?page=1>; rel="prev"' }).next).toBeUndefined();
    expect(readPageInfo([], { 'x-total': '9' }).totalItems).toBe(9);
  });

  it('the body wins over the headers', () => {
    expect(
      readPageInfo({ total: 10, next: 'body' }, { 'x-total-count': '99', link: '<header>; rel="next"' }),
    ).toMatchObject({ totalItems: 10, next: 'body' });
  });

  it('says nothing of what it was not told', () => {
    expect(readPageInfo([{ id: 1 }])).toEqual({});
    expect(readPageInfo({ items: [] })).toEqual({});
    expect(readPageInfo(undefined)).toEqual({});
    expect(readPageInfo('<html>')).toEqual({});
  });
});

describe('hasNextPage', () => {
  it("the service's hasMore wins", () => {
    expect(hasNextPage({ hasMore: true }, 1, 50, 3)).toBe(true);
    expect(hasNextPage({ hasMore: false, totalPages: 9 }, 1, 50, 50)).toBe(false);
  });
  it('then totalPages', () => {
    expect(hasNextPage({ totalPages: 3 }, 2, 50, 50)).toBe(true);
    expect(hasNextPage({ totalPages: 3 }, 3, 50, 50)).toBe(false);
  });
  it('then totalItems', () => {
    expect(hasNextPage({ totalItems: 120 }, 2, 50, 50)).toBe(true);
    expect(hasNextPage({ totalItems: 100 }, 2, 50, 50)).toBe(false);
  });
  it('then a next link', () => {
    expect(hasNextPage({ next: '/items?page=2' }, 1, 50, 10)).toBe(true);
  });
  it('with no word from the service: a full page may have a successor, a short one has not', () => {
    expect(hasNextPage({}, 1, 50, 50)).toBe(true);
    expect(hasNextPage({}, 1, 50, 49)).toBe(false);
  });
  it('an empty page ends the listing whatever was said', () => {
    expect(hasNextPage({ hasMore: true, next: '/more' }, 1, 50, 0)).toBe(false);
  });
});

describe('lists in the envelopes faithful servers use', () => {
  const items = [{ id: 1 }, { id: 2 }];
  const links = { self: { href: 'https://x/api/locations?page=1' } };

  it.each([
    ['HAL, under the resource name', { _embedded: { locations: items }, _links: links, page: { size: 20 } }],
    ['HAL, the one array under another name', { _embedded: { locationList: items }, _links: links }],
    ['HAL, the array named for the resource among others', { _embedded: { tags: [{ t: 1 }], Locations: items } }],
    ['HAL, with the list answer’s other fields beside it', { _embedded: { rows: items }, fromDate: 'd', totals: {} }],
    ['HAL inside a data envelope', { data: { _embedded: { locations: items } } }],
    ['OData', { '@odata.context': '$metadata#Locations', value: items, '@odata.nextLink': 'x', '@odata.count': 9 }],
    ['OData v3 (odata.* names)', { 'odata.metadata': 'm', value: items, 'odata.nextLink': 'x' }],
    ['JSON:API (as sent, before flattening)', { data: items, links: { next: 'x' }, meta: { total: 2 }, jsonapi: {} }],
  ])('%s', (_, body) => {
    expect(readList(body, source, 'locations', ['locations'])).toEqual(items);
  });

  it('a HAL collection that embeds nothing is empty only when its page says so', () => {
    expect(
      readList({ _links: links, page: { size: 20, totalElements: 0, totalPages: 0, number: 0 } }, source, 'x'),
    ).toEqual([]);
    expect(readList({ _links: links, page: { totalPages: 0 } }, source, 'x')).toEqual([]);
    // A HAL document with links and nothing saying it is an empty list (an API root, a record) is not read as one.
    expect(() => readList({ _links: { products: { href: '/products' } } }, source, 'x')).toThrow(UnreadableAnswerError);
    expect(() => readList({ _links: links, page: { totalElements: 3 } }, source, 'x')).toThrow(UnreadableAnswerError);
    expect(() =>
      readList({ _links: links, name: 'Main', page: { totalElements: 0 }, _embedded: {} }, source, 'x'),
    ).toThrow(UnreadableAnswerError);
  });

  it('refuses HAL with several arrays none of which is named for the resource or an envelope', () => {
    expect(() => readList({ _embedded: { open: items, closed: items } }, source, 'locations', ['locations'])).toThrow(
      /where a list of locations was due/,
    );
  });

  it('reads JSON:API resources as the records they stand for: id, attributes, relationships; the type left out', () => {
    const body = {
      data: [
        {
          type: 'products',
          id: '1001',
          attributes: { productName: 'Gummy', type: 'candy' },
          relationships: {
            category: { data: { type: 'categories', id: 'SNACKS' }, links: { related: '/c' } },
            suppliers: { data: [{ type: 'suppliers', id: '3' }] },
            warehouse: { data: null },
            notLoaded: { links: { related: '/n' } },
          },
          links: { self: '/products/1001' },
        },
        { type: 'products', id: '1002', attributes: { productName: 'Cola' } },
      ],
      included: [{ type: 'categories', id: 'SNACKS', attributes: { name: 'Snacks' } }],
      links: { next: '/products?page[number]=2' },
      meta: { page: { total: 40 } },
    };
    expect(readRecordList(body, source, 'product', ['products'])).toEqual([
      {
        id: '1001',
        productName: 'Gummy',
        type: 'candy',
        category: { type: 'categories', id: 'SNACKS' },
        suppliers: [{ type: 'suppliers', id: '3' }],
        warehouse: null,
        links: { self: '/products/1001' },
      },
      { id: '1002', productName: 'Cola' },
    ]);
    // A reader finds a field through them as through any record.
    const [first] = readRecords(body, source, 'product', ['products']);
    // A text id where a numeric one is due is unreadable; as an id, the reference's id is read.
    expect(() => first!.get(field('ref', 'categoryId', 'category'))).toThrow(/"SNACKS".*which is not a numeric id/);
    expect(first!.get(field('id', 'categoryId', 'category'))).toBe('SNACKS');
    expect(first!.text(['productName'])).toBe('Gummy');
    expect(readPageInfo(body).totalItems).toBe(40);
    expect(readPageInfo(body).next).toBe('/products?page[number]=2');
    // A record with a `type` and `attributes` beside other fields is no resource object: read as it is.
    const odd = { type: 'x', attributes: { a: 1 }, name: 'kept' };
    expect(readRecordList([odd], source, 'thing')[0]).toBe(odd);
    // Records that are no resources are the very records sent (no copy).
    const plain = [{ id: 1 }];
    expect(readRecordList(plain, source, 'thing')).toBe(plain);
  });

  it('reads a JSON:API single resource, its included resources beside it', () => {
    // A "__proto__" attribute (JSON text can hold one) stays a field of the record, never its prototype.
    const body = JSON.parse(
      '{"jsonapi": {"version": "1.1"}, "data": {"type": "products", "id": "7", "attributes": {"__proto__": "kept", "productName": "Plush"}},' +
        ' "included": [{"type": "categories", "id": "X", "attributes": {}}], "links": {"self": "/products/7"}}',
    );
    const reader = readRecord(body, source, 'product', ['product']);
    expect(reader.raw).toMatchObject({ id: '7', productName: 'Plush' });
    expect(Object.getPrototypeOf(reader.raw)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(reader.raw, '__proto__')?.value).toBe('kept');
  });
});

describe('paging in the body and the Link header', () => {
  it('reads HAL paging: the page object and _links.next.href', () => {
    const body = {
      _embedded: { products: [{ id: 1 }] },
      _links: {
        self: { href: 'https://x/products?page=2' },
        next: { href: 'https://x/products?page=3' },
        last: { href: 'https://x/products?page=9' },
      },
      page: { size: 20, totalElements: 170, totalPages: 9, number: 1 },
    };
    expect(readPageInfo(body)).toEqual({
      page: 1,
      pageSize: 20,
      totalItems: 170,
      totalPages: 9,
      next: 'https://x/products?page=3',
    });
  });

  it('reads paging one level inside a meta object (JSON:API’s meta.page)', () => {
    expect(readPageInfo({ data: [], meta: { page: { currentPage: 2, perPage: 10, total: 41, lastPage: 5 } } })).toEqual(
      {
        page: 2,
        pageSize: 10,
        totalItems: 41,
        totalPages: 5,
      },
    );
  });

  it('resolves a relative next link against the URL the page was asked at, from the body or the header', () => {
    const asked = 'https://shop.example.com/api/v2/products?page=1&pageSize=50';
    expect(readPageInfo({ _links: { next: { href: '/api/v2/products?page=2' } } }, {}, 1, asked).next).toBe(
      'https://shop.example.com/api/v2/products?page=2',
    );
    expect(readPageInfo({ next: '?page=2&pageSize=50' }, {}, 1, asked).next).toBe(
      'https://shop.example.com/api/v2/products?page=2&pageSize=50',
    );
    expect(readPageInfo([], { link: '<products?cursor=abc>; rel="next"' }, 1, asked).next).toBe(
      'https://shop.example.com/api/v2/products?cursor=abc',
    );
    // Without the request's URL the link is as given.
    expect(readPageInfo([], { link: '<products?cursor=abc>; rel="next"' }).next).toBe('products?cursor=abc');
  });

  it('reads the headers in any casing', () => {
    expect(readPageInfo([], { 'X-Total-Count': '12', Link: '<https://x/p?page=2>; rel=next' })).toEqual({
      totalItems: 12,
      next: 'https://x/p?page=2',
    });
  });

  it.each([
    ['one link', '<https://x/p?page=2>; rel="next"', 'https://x/p?page=2'],
    ['unquoted rel', '<https://x/p?page=2>; rel=next', 'https://x/p?page=2'],
    ['rel in capitals', '<https://x/p?page=2>; REL="NEXT"', 'https://x/p?page=2'],
    ['several relation types in one rel', '<https://x/p?page=2>; rel="next last"', 'https://x/p?page=2'],
    [
      'several links, next not first',
      '<https://x/p?page=1>; rel="first", <https://x/p?page=2>; rel="next"',
      'https://x/p?page=2',
    ],
    ['no spaces', '<https://x/p?page=1>;rel=prev,<https://x/p?page=3>;rel=next', 'https://x/p?page=3'],
    [
      'other parameters first',
      '<https://x/p?page=2>; title="Next, please; now"; type="application/json"; rel="next"',
      'https://x/p?page=2',
    ],
    ['a comma inside the URL', '<https://x/p?ids=1,2&page=2>; rel="next"', 'https://x/p?ids=1,2&page=2'],
    [
      'an escaped quote in a title',
      '<https://x/p?page=1>; title="say \\"hi\\", ok"; rel="prev", <https://x/p?page=2>; rel="next"',
      'https://x/p?page=2',
    ],
    [
      'an extension relation beside next',
      '<https://x/p?page=2>; rel="https://example.com/rels/more next"',
      'https://x/p?page=2',
    ],
    ['a broken part before it', 'garbage; rel="next", <https://x/p?page=2>; rel="next"', 'https://x/p?page=2'],
  ])('the next link of a Link header: %s', (_, link, next) => {
    expect(readPageInfo([], { link }).next).toBe(next);
  });

  it.each([
    ['only prev', '<https://x/p?page=1>; rel="prev"'],
    ['a rel that only contains the word', '<https://x/p?page=2>; rel="nextish"'],
    ['next only in a title', '<https://x/p?page=2>; title="next"; rel="alternate"'],
    ['rel given twice (the first counts)', '<https://x/p?page=2>; rel="last"; rel="next"'],
    ['empty', ''],
  ])('no next link in a Link header with %s', (_, link) => {
    expect(readPageInfo([], { link }).next).toBeUndefined();
  });

  it('parses every link of a Link header with its relations and parameters, resolved against a base', () => {
    expect(
      parseLinkHeader(
        '<p?page=2>; rel="next last"; title="Two, too", </p?page=1>;rel=first;hreflang=en',
        'https://x/api/q?page=1',
      ),
    ).toEqual([
      { href: 'https://x/api/p?page=2', rels: ['next', 'last'], params: { title: 'Two, too' } },
      { href: 'https://x/p?page=1', rels: ['first'], params: { hreflang: 'en' } },
    ]);
  });
});

describe('readErrorBody', () => {
  it('{error: {code, message, details: [{field, rule}]}}', () => {
    expect(
      readErrorBody({
        error: {
          code: 'validation_failed',
          message: 'The request is invalid',
          details: [
            { field: 'cardBarcode', rule: 'must be 10 digits' },
            { field: 'cvv', rule: 'must be 3 digits' },
          ],
        },
      }),
    ).toEqual({
      code: 'validation_failed',
      message: 'The request is invalid',
      details: ['cardBarcode: must be 10 digits', 'cvv: must be 3 digits'],
      fields: ['cardBarcode', 'cvv'],
    });
  });

  it('problem+json {type, title, status, detail, errors: {Field: [...]}}', () => {
    expect(
      readErrorBody({
        type: 'https://example.com/problems/validation-error',
        title: 'One or more validation errors occurred.',
        status: 400,
        detail: 'See the errors.',
        errors: { Quantity: ['must be positive', 'must be whole'], SlotId: ['is required'] },
      }),
    ).toEqual({
      code: 'validation-error',
      message: 'One or more validation errors occurred.: See the errors.',
      details: ['Quantity: must be positive, must be whole', 'SlotId: is required'],
      fields: ['Quantity', 'SlotId'],
    });
  });

  it('problem+json with about:blank and no detail gives the title and no code', () => {
    expect(readErrorBody({ type: 'about:blank', title: 'Not Found', status: 404 })).toEqual({
      message: 'Not Found',
      details: [],
      fields: [],
    });
  });

  it('a detail that already says the title is not repeated', () => {
    expect(readErrorBody({ title: 'Conflict', detail: 'Conflict: slot is full' }).message).toBe(
      'Conflict: slot is full',
    );
  });

  it('{message, code, errors: [{field, message}]}', () => {
    expect(
      readErrorBody({
        message: 'Validation failed',
        code: 'INVALID',
        errors: [{ field: 'email', message: 'is not an email' }],
      }),
    ).toEqual({
      code: 'INVALID',
      message: 'Validation failed',
      details: ['email: is not an email'],
      fields: ['email'],
    });
  });

  it('{errors: [{code, message}]} gives the first code and the messages', () => {
    expect(
      readErrorBody({
        errors: [
          { code: 'slot_full', message: 'The slot is full' },
          { code: 'other', message: 'Also this' },
        ],
      }),
    ).toEqual({
      code: 'slot_full',
      message: 'The slot is full',
      details: ['The slot is full', 'Also this'],
      fields: [],
    });
  });

  it('{error: "invalid_grant", error_description} (OAuth)', () => {
    expect(readErrorBody({ error: 'invalid_grant', error_description: 'The refresh token has expired' })).toEqual({
      code: 'invalid_grant',
      message: 'The refresh token has expired',
      details: [],
      fields: [],
    });
  });

  it('{error: "a sentence"} is a message, not a code', () => {
    expect(readErrorBody({ error: 'Something went wrong' })).toEqual({
      message: 'Something went wrong',
      details: [],
      fields: [],
    });
  });

  it('PascalCase and snake_case bodies', () => {
    expect(readErrorBody({ Error: { Code: 'CardNotActivated', Message: 'Card is not activated' } })).toMatchObject({
      code: 'CardNotActivated',
      message: 'Card is not activated',
    });
    expect(readErrorBody({ error_code: 'card_registered', error_message: 'Taken' })).toMatchObject({
      code: 'card_registered',
      message: 'Taken',
    });
  });

  it('a numeric code is kept as its digits', () => {
    expect(readErrorBody({ code: 1042, message: 'Nope' }).code).toBe('1042');
  });

  it('plain text is the message', () => {
    expect(readErrorBody('  maintenance window  ')).toEqual({ message: 'maintenance window', details: [], fields: [] });
  });

  it('vnd.error (HAL): its problems under _embedded.errors', () => {
    const info = readErrorBody({
      message: 'Validation failed',
      code: 'validation_failed',
      logref: 'req-5',
      path: '/inventory/stock-adjustments',
      _links: { self: { href: 'https://x/inventory/stock-adjustments' } },
      _embedded: { errors: [{ message: 'is required', path: 'comment' }] },
    });
    expect(info).toEqual({
      code: 'validation_failed',
      message: 'Validation failed',
      details: ['comment: is required'],
      fields: ['comment'],
    });
  });

  it('an HTML page says nothing', () => {
    expect(readErrorBody('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>')).toEqual({
      details: [],
      fields: [],
    });
    expect(readErrorBody('<html>x</html>')).toEqual({ details: [], fields: [] });
    expect(readErrorBody(Buffer.from('<html>x</html>'))).toEqual({ details: [], fields: [] });
  });

  it('bytes and JSON text are read as JSON', () => {
    expect(readErrorBody(Buffer.from('{"error":{"code":"x","message":"from bytes"}}'))).toEqual({
      code: 'x',
      message: 'from bytes',
      details: [],
      fields: [],
    });
    expect(readErrorBody('{"title":"from text"}')).toEqual({ message: 'from text', details: [], fields: [] });
  });

  it('a list of problems', () => {
    expect(readErrorBody([{ field: 'a', message: 'bad' }, 'worse'])).toEqual({
      message: 'a: bad',
      details: ['worse'],
      fields: [],
    });
  });

  it('nothing, empty text and empty records say nothing', () => {
    expect(readErrorBody(undefined)).toEqual({ details: [], fields: [] });
    expect(readErrorBody(null)).toEqual({ details: [], fields: [] });
    expect(readErrorBody('')).toEqual({ details: [], fields: [] });
    expect(readErrorBody({})).toEqual({ details: [], fields: [] });
  });

  it('details only: the first is the message', () => {
    expect(readErrorBody({ errors: { email: 'is taken' } })).toEqual({
      message: 'email: is taken',
      details: ['email: is taken'],
      fields: ['email'],
    });
  });

  it('a detail with no words is shown as JSON, and long text is clipped', () => {
    expect(readErrorBody({ message: 'x', errors: [{ limit: 5 }] }).details).toEqual(['{"limit":5}']);
    expect(readErrorBody('y'.repeat(500)).message).toBe(`${'y'.repeat(300)}…`);
  });
});

describe('withSource / sourceOf', () => {
  const raw = { Card_Number: '6001', extra: { deep: true } };

  it('keeps the service record behind a view, through spreads', () => {
    const view = withSource({ cardNumber: '6001' }, raw);
    expect(sourceOf(view)).toBe(raw);
    expect(sourceOf({ ...view })).toBe(raw);
    expect(sourceOf({ ...view, more: 1 })).toBe(raw);
    expect(sourceOf(Object.assign({}, view))).toBe(raw);
  });

  it("is absent from JSON and from the view's keys", () => {
    const view = withSource({ cardNumber: '6001' }, raw);
    expect(JSON.stringify(view)).toBe('{"cardNumber":"6001"}');
    expect(Object.keys(view)).toEqual(['cardNumber']);
    expect(Object.entries({ ...view })).toEqual([['cardNumber', '6001']]);
  });

  it('a plain object, null and scalars have none', () => {
    expect(sourceOf({ cardNumber: '6001' })).toBeUndefined();
    expect(sourceOf(null)).toBeUndefined();
    expect(sourceOf(undefined)).toBeUndefined();
    expect(sourceOf('text')).toBeUndefined();
  });

  it('can be set again', () => {
    const view = withSource({ a: 1 }, raw);
    withSource(view, { other: true });
    expect(sourceOf(view)).toEqual({ other: true });
  });
});

describe('an unreadable answer to an accepted write', () => {
  it('says the change was most likely applied and not to run it again, where a read says nothing was assumed', () => {
    const write = (() => {
      try {
        readRecord(
          '<html>ok</html>',
          { service: 'inventory', operation: 'adjust the stock', accepted: true },
          'adjustment',
        );
      } catch (error) {
        return error as UnreadableAnswerError;
      }
    })()!;
    expect(write.details.join(' ')).toMatch(/accepted this change: it was most likely applied/);
    expect(write.hint).toMatch(/Do not run it again before checking/);
    const read = (() => {
      try {
        readRecord('<html>ok</html>', { service: 'inventory', operation: 'read product 1' }, 'product');
      } catch (error) {
        return error as UnreadableAnswerError;
      }
    })()!;
    expect(read.details).toEqual([]);
    expect(read.hint).toMatch(/Nothing was assumed/);
  });
});

describe('fields by name and type', () => {
  const day = (raw: Record<string, unknown>) => new RecordReader(raw, source, 'availability day');
  const remaining = field('integer', 'remaining', 'available', 'remainingCapacity');

  it('skips a candidate of the wrong type and takes the next name of the right one', () => {
    expect(day({ available: true, remainingCapacity: 5 }).get(remaining)).toBe(5);
    expect(day({ Available: 'yes', remaining_capacity: '7' }).get(remaining)).toBe(7);
    expect(day({ remaining: 2.5, available: 3 }).get(remaining)).toBe(3);
    const productId = field('ref', 'productId', 'id');
    expect(new RecordReader({ productId: 'P-1', id: 1001 }, source, 'product').get(productId)).toBe(1001);
    expect(new RecordReader({ productId: { id: 7, name: 'x' } }, source, 'product').get(productId)).toBe(7);
    const status = wordField({ activated: ['active'] }, 'status', 'cardStatus');
    expect(new RecordReader({ status: 1, cardStatus: 'ACTIVE' }, source, 'card').get(status)).toBe('activated');
    const name = field('text', 'nickname', 'name');
    expect(new RecordReader({ nickname: { en: 'x' }, name: 'Ava' }, source, 'card').get(name)).toBe('Ava');
  });

  it('the untyped readers skip the wrong type too: a number is no boolean `available`', () => {
    expect(day({ available: true, remainingCapacity: 5 }).number(['remaining', 'available', 'remainingCapacity'])).toBe(
      5,
    );
    expect(day({ note: { a: 1 }, text: 'hi' }).text(['note', 'text'])).toBe('hi');
  });

  it('with no candidate of the right type: unreadable, named with its value, optional or required', () => {
    for (const read of [
      () => day({ available: true }).get(remaining),
      () => day({ available: true }).need(remaining),
    ]) {
      const error = thrown(read);
      expect(error).toBeInstanceOf(UnreadableAnswerError);
      expect(error.message).toContain(
        'has availability day remaining (as available) true, which is not a whole number (looked for remaining, available, remainingCapacity)',
      );
    }
    // Numbers written as words, an id of the wrong kind: the same.
    const productId = field('ref', 'productId', 'product');
    expect(() => new RecordReader({ productId: 'abc' }, source, 'adjustment').get(productId)).toThrow(
      /has adjustment productId "abc", which is not a numeric id/,
    );
    expect(() => day({ remaining: 'fifty' }).get(remaining)).toThrow(/remaining "fifty", which is not a whole number/);
    // A decimal written as text is a number.
    expect(new RecordReader({ price: '3.50' }, source, 'slot').get(field('money', 'price'))).toBe(3.5);
  });

  it("a value of another type that another field of the table reads is that field's, not an unreadable one", () => {
    const table = { name: field('text', 'locationName', 'location'), location: field('record', 'location', 'site') };
    fieldTables({ card: table });
    const card = new RecordReader({ location: { name: 'Downtown' } }, source, 'card');
    expect(card.get(table.name)).toBeUndefined();
    expect(card.get(table.location)?.raw).toEqual({ name: 'Downtown' });
  });

  it('a field the service sends as null is null: no later name is tried', () => {
    expect(day({ remaining: null, available: 5 }).get(remaining)).toBeUndefined();
    // A decoy of another type before it is skipped; the null after it still decides.
    expect(day({ remaining: 'x', available: null, remainingCapacity: 5 }).get(remaining)).toBeUndefined();
  });

  it('an earlier name of the right type still wins over a later one, in any casing', () => {
    expect(day({ REMAINING: 1, remainingCapacity: 5 }).get(remaining)).toBe(1);
  });

  it('types take what they say', () => {
    const yes = (type: Parameters<typeof field>[0], value: unknown) => accepts(field(type, 'x'), value);
    expect([yes('id', 'A-1'), yes('id', 42), yes('id', 4.2), yes('id', true), yes('id', {})]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([yes('integer', '12'), yes('integer', 12.5), yes('integer', 'P-1'), yes('integer', true)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([
      yes('money', '12.50'),
      yes('money', { amount: 3, currency: 'USD' }),
      yes('money', { currency: 'USD' }),
      yes('money', '$12'),
    ]).toEqual([true, true, false, false]);
    expect([yes('boolean', 'yes'), yes('boolean', 1), yes('boolean', 'P-1')]).toEqual([true, true, false]);
    expect([
      yes('datetime', '2026-11-22T10:00:00Z'),
      yes('datetime', 1_700_000_000_000),
      yes('datetime', true),
      yes('date', 'soon'),
    ]).toEqual([true, true, false, false]);
    expect([yes('texts', 'a,b'), yes('texts', ['a']), yes('texts', 3)]).toEqual([true, true, false]);
    expect([accepts(wordField({ '2': ['stock'] }, 'x'), 2), accepts(wordField({ held: [] }, 'x'), 2)]).toEqual([
      true,
      false,
    ]);
  });

  it('records of one shape share a key index; a record of another shape gets its own', () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ Remaining_Capacity: i, available: i > 0 }));
    expect(rows.map((r) => day(r).get(remaining))).toEqual([0, 1, 2]);
    expect(day({ available: false, free: 4, remaining_capacity: 9 }).get(remaining)).toBe(9);
  });
});

describe('words for logic and for people', () => {
  const table = { activated: ['active', 'enabled'], 'not-activated': ['inactive'] };
  it("venue's word for logic; the service's own word for people, in venue's spelling when it is venue's word", () => {
    expect(asWord('active', table)).toEqual({ value: 'activated', said: 'active' });
    expect(asWord('ACTIVATED', table)).toEqual({ value: 'activated', said: 'activated' });
    expect(asWord('Not_Activated', table)).toEqual({ value: 'not-activated', said: 'not-activated' });
    expect(asWord('frozen', table)).toEqual({ value: 'frozen', said: 'frozen' });
    expect(asWord('  ', table)).toBeUndefined();
  });
});

describe('answers checked against what was asked', () => {
  it('sameId: text as sent, digits as numbers, masked card numbers by their last digits', () => {
    expect(sameId('ord-1', ' ord-1 ')).toBe(true);
    expect(sameId('ord-1', 'ORD-1')).toBe(false);
    expect(sameId('0042', 42)).toBe(true);
    expect(sameId('9007199254740993', '9007199254740993')).toBe(true);
    expect(sameId('9007199254740993', '9007199254740992')).toBe(false);
    expect(sameId('6001000000000000001', '•••• 0001')).toBe(true);
    expect(sameId('6001000000000000001', '************0002')).toBe(false);
  });

  it('checkSame names the field, what was asked and what came back; an answer that names none is not checked', () => {
    expect(() => checkSame(source, 'cardNumber', '6001', undefined)).not.toThrow();
    let error: unknown;
    try {
      checkSame(
        { service: 'wallet', operation: 'read the card balance' },
        'cardNumber',
        '6001000000000000001',
        '6001000000000000009',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AnswerMismatchError);
    expect((error as AnswerMismatchError).exitCode).toBe(6);
    expect((error as AnswerMismatchError).message).toBe(
      'the wallet service\'s answer to "read the card balance" gives cardNumber 6001000000000000009 where cardNumber 6001000000000000001 was asked for',
    );
    expect((error as AnswerMismatchError).details).toEqual([
      'asked:    cardNumber 6001000000000000001',
      'answered: cardNumber 6001000000000000009',
    ]);
  });

  it('impossible values: nothing when none, else one error (exit 6) naming each record', () => {
    expect(impossibleValues(source, [])).toBeUndefined();
    const error = impossibleValues({ service: 'booking', operation: 'list sessions' }, [
      'session s-1 ends (11:00) before it starts (12:00)',
    ]);
    expect(error).toBeInstanceOf(ImpossibleValuesError);
    expect(error!.exitCode).toBe(6);
    expect(error!.message).toBe(
      'the booking service\'s answer to "list sessions" has a record with values that cannot be true',
    );
    expect(error!.details).toEqual(['session s-1 ends (11:00) before it starts (12:00)']);
  });
});
