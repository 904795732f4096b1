// One record shape per resource, the same at every venue (issue 21): the same
// --fields, --query and -o csv commands, run against the sandbox in every
// dialect it speaks (other casings, envelopes, other field names, decoys of the
// wrong type), print the very same bytes. A script written at one venue works
// at every venue.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { dialects } from '../../support/dialects.js';

type Dialect = (typeof dialects)[number];

/** Commands a script would run, by name; each must print the same in every dialect. */
const commands: Record<string, string[]> = {
  'products csv --fields': [
    'inventory',
    'products',
    'list',
    '--page-size',
    '6',
    '-o',
    'csv',
    '--fields',
    'productId,productName,productType,sellPrice,isActive,createdAt',
  ],
  'products --query': [
    'inventory',
    'products',
    'list',
    '--page-size',
    '6',
    '-o',
    'json',
    '--query',
    '[?isActive].{id: productId, name: productName, stock: stockLevels[].quantity, suppliers: suppliers[].supplierId}',
  ],
  'product json --fields (nested)': [
    'inventory',
    'products',
    'get',
    '1001',
    '-o',
    'json',
    '--fields',
    'productId,productName,suppliers',
  ],
  'products ndjson --fields --limit': [
    'inventory',
    'products',
    'list',
    '--page-size',
    '4',
    '--limit',
    '9',
    '-o',
    'ndjson',
    '--fields',
    'productId,productCode',
  ],
  'stock levels csv --fields': [
    'inventory',
    'stock',
    'levels',
    '--warehouse',
    '1',
    '-o',
    'csv',
    '--fields',
    'productId,warehouseId,quantity,productName',
  ],
  'categories csv --fields': ['inventory', 'categories', '-o', 'csv', '--fields', 'categoryId,name'],
  'warehouses --query': ['inventory', 'warehouses', '--query', '[].[warehouseId, name]'],
  'locations json --fields': ['booking', 'locations', '-o', 'json', '--fields', 'locationId,name,city,currency'],
  'experiences csv --fields': [
    'booking',
    'experiences',
    '--location',
    'loc-harbor',
    '-o',
    'csv',
    '--fields',
    'experienceId,name,durationMinutes,price',
  ],
  'sessions csv --fields': [
    'booking',
    'sessions',
    'exp-laser-tag',
    '--date',
    '+1d',
    '-o',
    'csv',
    '--fields',
    'slotId,startTime,endTime,capacity,remaining,price',
  ],
  'sessions --query': [
    'booking',
    'sessions',
    'exp-laser-tag',
    '--date',
    '+1d',
    '--query',
    'length([?remaining > `0`])',
  ],
  'cards csv --fields': ['wallet', 'cards', '-o', 'csv', '--fields', 'cardNumber,status,playUnit,nickname'],
  'balance json --fields': [
    'wallet',
    'balance',
    '6001000000000000001',
    '-o',
    'json',
    '--fields',
    'cardNumber,ticketBalance',
  ],
  'products --fields help': ['inventory', 'products', 'list', '--fields', 'help'],
};

const results = new Map<Dialect, Map<string, { code: number; stdout: string; stderr: string }>>();

describe.each(dialects)('the %s dialect', (dialect) => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
    const login = await sb.run(['wallet', 'login', 'ava@example.com', '--password-stdin'], { input: 'Sandbox123\n' });
    expect(login.code, login.stderr).toBe(0);
    const mine = new Map<string, { code: number; stdout: string; stderr: string }>();
    for (const [name, args] of Object.entries(commands)) mine.set(name, await sb.run(args));
    results.set(dialect, mine);
  }, 120_000);
  afterAll(async () => sb?.stop());

  it('runs every command (exit 0, data printed)', () => {
    const failed = [...results.get(dialect)!]
      .filter(([, r]) => r.code !== 0 || r.stdout.trim() === '')
      .map(([name, r]) => `${name}: exit ${r.code}: ${r.stderr.trim()}`);
    expect(failed).toEqual([]);
  });
});

describe('the same commands print the same at every venue', () => {
  it.each(dialects.filter((d) => d !== 'venue'))('%s prints what the venue dialect prints', (dialect) => {
    const reference = results.get('venue')!;
    const other = results.get(dialect)!;
    expect(reference && other, 'both ran').toBeTruthy();
    for (const name of Object.keys(commands))
      expect(`${name}\n${other.get(name)!.stdout}`).toBe(`${name}\n${reference.get(name)!.stdout}`);
  });

  it("prints venue's names and values read through their types", () => {
    const venue = results.get('venue')!;
    expect(venue.get('products csv --fields')!.stdout.split('\n')[0]).toBe(
      'productId,productName,productType,sellPrice,isActive,createdAt',
    );
    expect(venue.get('sessions csv --fields')!.stdout.split('\n')[0]).toBe(
      'slotId,startTime,endTime,capacity,remaining,price',
    );
    expect(venue.get('cards csv --fields')!.stdout).toMatch(
      /^cardNumber,status,playUnit,nickname\n6001000000000000001,activated,dollars,/,
    );
    const product = JSON.parse(venue.get('product json --fields (nested)')!.stdout) as Record<string, unknown>;
    expect(product).toMatchObject({
      productId: 1001,
      suppliers: [{ supplierId: 1, containerQuantity: 24, preferredSupplier: true }],
    });
    expect(JSON.parse(venue.get('products --query')!.stdout)[0]).toMatchObject({
      id: 1001,
      stock: [expect.any(Number), expect.any(Number)],
      suppliers: [1],
    });
    expect(venue.get('products ndjson --fields --limit')!.stdout.trim().split('\n')).toHaveLength(9);
    expect(venue.get('products --fields help')!.stdout.split('\n').slice(0, 3)).toEqual([
      'productId',
      'productName',
      'productDescription',
    ]);
  });
});
