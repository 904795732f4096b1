// Output and the service's own record: views read with withSource print the
// record as the service sent it in machine formats, and the view in tables;
// --fields answers to the service's names in any case and to the table's
// columns; a column no row provides is left out of the table.

import { describe, expect, it } from 'vitest';
import { Output, type OutputFormat, type RenderOptions, type Row } from '../../../src/lib/output.js';
import { withSource } from '../../../src/lib/reading.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

// Two cards as a PascalCase service sends them, and the views the client builds.
const rawCards = [
  {
    CardNumber: '6001000000000000001',
    Card_Type: 'Gold',
    Nick_Name: 'Ava',
    Status: 'ACTIVE',
    Location: { Id: 7, Name: 'Downtown' },
  },
  {
    CardNumber: '6001000000000000002',
    Card_Type: 'Standard',
    Nick_Name: null,
    Status: 'INACTIVE',
    Location: { Id: 7, Name: 'Downtown' },
  },
];
const cardViews = () =>
  rawCards.map((raw) =>
    withSource(
      {
        cardNumber: raw.CardNumber,
        cardType: raw.Card_Type,
        nickname: raw.Nick_Name ?? undefined,
        status: raw.Status.toLowerCase(),
        locationName: raw.Location.Name,
      },
      raw,
    ),
  );
const cardColumns: RenderOptions = {
  columns: ['cardNumber', 'cardType', 'nickname', 'status', { key: 'locationName', header: 'Location' }],
};

async function renderList(format: OutputFormat, rows: Row[], options: RenderOptions = cardColumns, fields?: string[]) {
  const fake = fakeTerminal();
  await new Output(fake.terminal, { format, fields }).list(rows, options);
  return fake.stdout();
}

async function renderRecord(format: OutputFormat, row: Row, options: RenderOptions = cardColumns, fields?: string[]) {
  const fake = fakeTerminal();
  await new Output(fake.terminal, { format, fields }).record(row, options);
  return fake.stdout();
}

async function renderStream(
  format: OutputFormat,
  rows: Row[],
  options: RenderOptions = cardColumns,
  fields?: string[],
) {
  const fake = fakeTerminal();
  async function* pages() {
    yield rows.slice(0, 1);
    yield rows.slice(1);
  }
  const count = await new Output(fake.terminal, { format, fields }).stream(pages(), options);
  return { count, text: fake.stdout() };
}

describe('machine formats print the service record', () => {
  it('json: the list as the service sent it, nothing renamed or dropped', async () => {
    expect(JSON.parse(await renderList('json', cardViews()))).toEqual(rawCards);
  });

  it('ndjson: one service record a line', async () => {
    const lines = (await renderList('ndjson', cardViews())).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(rawCards);
  });

  it('csv: the service fields as columns, nested ones kept as JSON, null as empty', async () => {
    expect(await renderList('csv', cardViews())).toBe(
      'CardNumber,Card_Type,Nick_Name,Status,Location\n' +
        '6001000000000000001,Gold,Ava,ACTIVE,"{""Id"":7,""Name"":""Downtown""}"\n' +
        '6001000000000000002,Standard,,INACTIVE,"{""Id"":7,""Name"":""Downtown""}"\n',
    );
  });

  it('a single record in json, ndjson and csv', async () => {
    const [view] = cardViews();
    expect(JSON.parse(await renderRecord('json', view!))).toEqual(rawCards[0]);
    expect(JSON.parse(await renderRecord('ndjson', view!))).toEqual(rawCards[0]);
    expect((await renderRecord('csv', view!)).split('\n')[0]).toBe('CardNumber,Card_Type,Nick_Name,Status,Location');
  });

  it('a view spread into a new object keeps its record', async () => {
    const [view] = cardViews();
    expect(JSON.parse(await renderRecord('json', { ...view!, extra: 'view only' }))).toEqual(rawCards[0]);
  });

  it('streams print the service records too', async () => {
    const ndjson = await renderStream('ndjson', cardViews());
    expect(ndjson.count).toBe(2);
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(rawCards);
    const csv = await renderStream('csv', cardViews());
    expect(csv.text.split('\n')[0]).toBe('CardNumber,Card_Type,Nick_Name,Status,Location');
    expect(csv.text.trim().split('\n')).toHaveLength(3);
  });

  it('a row with no record behind it prints itself', async () => {
    const rows = [{ cardNumber: '1', status: 'active' }];
    expect(JSON.parse(await renderList('json', rows))).toEqual(rows);
  });
});

describe('tables print the view', () => {
  it("the view's columns and values, not the service's", async () => {
    const text = await renderList('table', cardViews());
    expect(text).toMatch(/CARD NUMBER\s+CARD TYPE\s+NICKNAME\s+STATUS\s+LOCATION/);
    expect(text).toMatch(/6001000000000000001\s+Gold\s+Ava\s+active\s+Downtown/);
    expect(text).not.toContain('ACTIVE');
    expect(text).not.toContain('Card_Type');
  });

  it('a record as a key/value table of the view', async () => {
    const text = await renderRecord('table', cardViews()[0]!);
    expect(text).toMatch(/Card Number\s+6001000000000000001/);
    expect(text).toMatch(/Location\s+Downtown/);
  });
});

describe('--fields', () => {
  it.each([['CardNumber'], ['cardNumber'], ['card_number'], ['CARD-NUMBER']])(
    'json: %s picks the service field under its own name',
    async (field) => {
      expect(JSON.parse(await renderList('json', cardViews(), cardColumns, [field, 'status']))).toEqual([
        { CardNumber: '6001000000000000001', Status: 'ACTIVE' },
        { CardNumber: '6001000000000000002', Status: 'INACTIVE' },
      ]);
    },
  );

  it("a table column's header or key that the service does not name is read from the view", async () => {
    // "Location" is a service field (the nested record); "locationName" is only a column of the view.
    expect(JSON.parse(await renderList('json', cardViews(), cardColumns, ['locationName']))).toEqual([
      { locationName: 'Downtown' },
      { locationName: 'Downtown' },
    ]);
    expect(JSON.parse(await renderRecord('json', cardViews()[0]!, cardColumns, ['Location']))).toEqual({
      Location: { Id: 7, Name: 'Downtown' },
    });
    const views = cardViews().map((v) => withSource({ ...v, balanceShown: '$5.00' }, { CardNumber: v.cardNumber }));
    const options = { columns: ['cardNumber', { key: 'balanceShown', header: 'Play Balance' }] };
    expect(JSON.parse(await renderList('json', views, options, ['play balance']))).toEqual([
      { 'play balance': '$5.00' },
      { 'play balance': '$5.00' },
    ]);
    expect(JSON.parse(await renderList('json', views, options, ['PLAY_BALANCE']))).toEqual([
      { PLAY_BALANCE: '$5.00' },
      { PLAY_BALANCE: '$5.00' },
    ]);
  });

  it('csv and ndjson under --fields', async () => {
    expect(await renderList('csv', cardViews(), cardColumns, ['card_type', 'CardNumber'])).toBe(
      'Card_Type,CardNumber\nGold,6001000000000000001\nStandard,6001000000000000002\n',
    );
    expect(JSON.parse((await renderList('ndjson', cardViews(), cardColumns, ['nick_name'])).split('\n')[0]!)).toEqual({
      Nick_Name: 'Ava',
    });
  });

  it('a dotted path reaches into the service record', async () => {
    expect(JSON.parse(await renderRecord('json', cardViews()[0]!, cardColumns, ['Location.Name']))).toEqual({
      'Location.Name': 'Downtown',
    });
  });

  it("tables take the command's columns by key or header in any case, and service fields by their names; the headers are the names as given", async () => {
    const text = await renderList('table', cardViews(), cardColumns, ['LOCATION', 'card_number', 'Card_Type']);
    const [head, first] = text.split('\n');
    expect(head).toMatch(/^LOCATION\s+card_number\s+Card_Type$/);
    expect(first).toMatch(/^Downtown\s+6001000000000000001\s+Gold\s*$/);
  });

  it('a table field that is no column comes from the service record', async () => {
    const views = rawCards.map((raw, i) =>
      withSource(
        { cardNumber: raw.CardNumber, status: raw.Status.toLowerCase() },
        { ...raw, Registered_At: `2026-0${i + 1}-01` },
      ),
    );
    const text = await renderList('table', views, cardColumns, ['cardNumber', 'STATUS', 'registered_at']);
    // STATUS is a column (the view's lower-case word); registered_at is only the service's field.
    expect(text).toMatch(/^cardNumber\s+STATUS\s+registered_at$/m);
    expect(text).toMatch(/6001000000000000001\s+active\s+2026-01-01/);
    expect(text).toMatch(/6001000000000000002\s+inactive\s+2026-02-01/);
  });
});

describe('columns no row provides', () => {
  it('are left out of a table', async () => {
    const views = rawCards.map((raw) =>
      withSource({ cardNumber: raw.CardNumber, cardType: raw.Card_Type, status: raw.Status }, raw),
    );
    const text = await renderList('table', views);
    expect(text).not.toContain('NICKNAME');
    expect(text).not.toContain('LOCATION');
    expect(text).toMatch(/CARD NUMBER\s+CARD TYPE\s+STATUS/);
  });

  it('a column one row provides stays, blank in the others', async () => {
    const text = await renderList('table', cardViews());
    expect(text).toContain('NICKNAME');
  });

  it('an always column stays even when empty', async () => {
    const rows = [{ cardNumber: '1' }];
    const text = await renderList('table', rows, { columns: ['cardNumber', { key: 'tickets', always: true }] });
    expect(text).toMatch(/CARD NUMBER\s+TICKETS/);
  });

  it('are left out of a record table too', async () => {
    const view = withSource({ cardNumber: '1', nickname: undefined, status: '' }, { CardNumber: '1' });
    const text = await renderRecord('table', view);
    expect(text).toContain('Card Number');
    expect(text).not.toContain('Nickname');
    expect(text).not.toContain('Status');
  });

  it('machine formats are not trimmed: they print the service record whole', async () => {
    const views = rawCards.map((raw) => withSource({ cardNumber: raw.CardNumber }, raw));
    expect(JSON.parse(await renderList('json', views))).toEqual(rawCards);
  });
});
