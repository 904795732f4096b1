// Every operation's answer records, read from generated shapes: venue's
// canonical answer in other casings (Pascal, snake, UPPER), in envelopes,
// with UPPER enumeration words, and with each real field under a later
// synonym and decoys of the wrong type under the names a reader tries first
// (a boolean `available` beside the count, a string id beside the number, an
// object where text is due…). The views must be the same as venue's own.

import { describe, expect, it } from 'vitest';
import { orderAndSale } from '../../../src/lib/booking/client.js';
import {
  AVAILABILITY_DAY,
  EXPERIENCE,
  GUEST,
  LOCATION,
  ORDER,
  REPORT_ROW,
  RESERVATION,
  SALE,
  SLOT,
  WRAPPERS,
} from '../../../src/lib/booking/fields.js';
import { readSalesReport } from '../../../src/lib/booking/report.js';
import {
  toAvailabilityDay,
  toExperience,
  toLocation,
  toOrder,
  toReservation,
  toSlot,
} from '../../../src/lib/booking/shapes.js';
import {
  adjustmentFields,
  categoryFields,
  classFields,
  containerFields,
  healthFields,
  productFields as inventoryProductFields,
  productStockFields,
  productSupplierFields,
  receiptFields,
  receiptLineFields,
  resourceKeys,
  stockLevelFields,
  stockTakeFields,
  stockTakeLineFields,
  supplierFields,
  taxGroupFields,
  warehouseFields,
} from '../../../src/lib/inventory/fields.js';
import {
  adjustmentView,
  categoryView,
  classView,
  containerView,
  productView as inventoryProductView,
  receiptView,
  stockLevelView,
  stockTakeView,
  supplierView,
  taxGroupView,
  warehouseView,
} from '../../../src/lib/inventory/views.js';
import { readHealth } from '../../../src/lib/inventory/health.js';
import { readRecord, readRecords, readShape, type FieldTable } from '../../../src/lib/reading.js';
import {
  activityView,
  balanceView,
  cardView,
  passLinkView,
  productView as walletProductView,
  saleView,
} from '../../../src/lib/wallet/client.js';
import {
  activityFields,
  amountFields,
  balanceFields,
  cardFields,
  passFields,
  productFields as walletProductFields,
  saleFields,
  signupFields,
  tokenFields,
} from '../../../src/lib/wallet/fields.js';
import { subscriberView } from '../../../src/lib/webhooks/client.js';
import { subscriberFields, subscriberResourceKeys } from '../../../src/lib/webhooks/fields.js';
import {
  listEnvelopes,
  recordEnvelopes,
  recordVariants,
  withDecoys,
  type Json,
  type JsonRecord,
  type Nested,
} from '../../support/generated-shapes.js';

const source = (service: string) => ({ service, operation: 'a generated answer' });
const CARD = '6001000000000000002';

interface Case {
  /** The operation, in words. */
  name: string;
  /** venue's canonical answer record(s): one for a record answer, several for a list. */
  records: JsonRecord[];
  table: FieldTable;
  nested?: Nested;
  list: boolean;
  resourceKey?: string;
  /** The body read into views, as the client reads it. */
  read(body: unknown): unknown;
}

/** Views without the service record they carry (a symbol) or undefined fields. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

const cases: Case[] = [
  // ---------------------------------------------------------------- wallet
  {
    name: 'wallet: log in (tokens)',
    records: [{ accessToken: 'a.b.c', refreshToken: 'd.e.f' }],
    table: tokenFields,
    list: false,
    read: (body) => {
      const r = readRecord(body, source('wallet'), 'login answer', ['tokens', 'session', 'auth']);
      return [r.needText(tokenFields.accessToken), r.needText(tokenFields.refreshToken)];
    },
  },
  {
    name: 'wallet: sign up (message)',
    records: [{ message: 'Account created' }],
    table: signupFields,
    list: false,
    read: (body) => readRecord(body, source('wallet'), 'sign-up answer').get(signupFields.message),
  },
  {
    name: 'wallet: cards',
    records: [
      {
        cardNumber: '6001000000000000001',
        cardType: 'Standard',
        nickname: 'Ava main',
        status: 'activated',
        locationId: 'LOC-DOWNTOWN',
        locationName: 'Downtown',
        playUnit: 'dollars',
      },
      {
        cardNumber: CARD,
        cardType: 'Premium',
        nickname: 'Riverside tokens',
        status: 'not-activated',
        locationId: 'LOC-RIVERSIDE',
        locationName: 'Riverside',
        playUnit: 'tokens',
      },
    ],
    table: cardFields,
    list: true,
    resourceKey: 'cards',
    read: (body) => readRecords(body, source('wallet'), 'card', ['cards', 'gameCards']).map(cardView),
  },
  {
    name: 'wallet: balance',
    records: [
      {
        cardNumber: CARD,
        playBalance: { amount: 120, unit: 'tokens' },
        bonusBalance: { amount: 0, unit: 'tokens' },
        ticketBalance: 55,
        lastSyncedAt: '2026-11-22T10:00:00Z',
      },
    ],
    table: balanceFields,
    nested: { playBalance: amountFields, bonusBalance: amountFields },
    list: false,
    resourceKey: 'balance',
    read: (body) => balanceView(readRecord(body, source('wallet'), 'balance', ['balance', 'balances', 'card']), CARD),
  },
  {
    name: 'wallet: activity',
    records: [
      {
        activityId: 'ACT-1',
        kind: 'game-play',
        occurredAt: '2026-11-22T10:00:00Z',
        description: 'Air Hockey',
        playAmount: -1,
        bonusAmount: 0,
        tickets: 12,
        unit: 'dollars',
      },
      {
        activityId: 'ACT-2',
        kind: 'reload',
        occurredAt: '2026-11-21T10:00:00Z',
        description: 'Online reload',
        playAmount: 10,
        bonusAmount: 5,
        tickets: 0,
        unit: 'dollars',
        paymentReference: 'PAY-1',
      },
    ],
    table: activityFields,
    list: true,
    resourceKey: 'activity',
    read: (body) =>
      readRecords(body, source('wallet'), 'activity entry', ['activity', 'activities', 'transactions', 'entries']).map(
        (r) => activityView(r, CARD),
      ),
  },
  {
    name: 'wallet: reload products',
    records: [
      { productId: 'RL-10', name: '$10 play', price: 10, playValue: 10, bonusValue: 0, displayOrder: 1 },
      { productId: 'RL-25', name: '$25 play + $5 bonus', price: 25, playValue: 25, bonusValue: 5, displayOrder: 2 },
    ],
    table: walletProductFields,
    list: true,
    resourceKey: 'products',
    read: (body) =>
      readRecords(body, source('wallet'), 'reload product', ['products', 'quickReload', 'quickReloads']).map(
        walletProductView,
      ),
  },
  {
    name: 'wallet: reload sale',
    records: [
      {
        saleId: 'SALE-1',
        cardNumber: CARD,
        productId: 'RL-10',
        paymentReference: 'pay-1',
        amount: 10,
        credited: { play: { amount: 40, unit: 'tokens' }, bonus: { amount: 0, unit: 'tokens' } },
      },
    ],
    table: saleFields,
    list: false,
    resourceKey: 'sale',
    read: (body) => saleView(readRecord(body, source('wallet'), 'sale', ['sale'])),
  },
  {
    name: 'wallet: walletB pass link',
    records: [
      {
        platform: 'walletB',
        cardNumber: CARD,
        saveUrl: 'https://pay.example/save/1',
        expiresAt: '2026-11-23T10:00:00Z',
      },
    ],
    table: passFields,
    list: false,
    resourceKey: 'pass',
    read: (body) => passLinkView(readRecord(body, source('wallet'), 'wallet pass', ['pass'])),
  },
  // ---------------------------------------------------------------- booking
  {
    name: 'booking: locations',
    records: [
      { id: 'loc-riverside', name: 'Riverside', city: 'Springfield', currency: 'USD' },
      { id: 'loc-harbor', name: 'Harbor', city: 'Shelbyville', currency: 'USD' },
    ],
    table: LOCATION,
    list: true,
    resourceKey: 'locations',
    read: (body) => readRecords(body, source('booking'), 'location', WRAPPERS.location).map(toLocation),
  },
  {
    name: 'booking: experiences',
    records: [
      {
        id: 'exp-laser-tag',
        locationId: 'loc-harbor',
        name: 'Laser tag',
        description: 'Two teams',
        durationMinutes: 30,
        price: 15,
      },
    ],
    table: EXPERIENCE,
    list: true,
    resourceKey: 'experiences',
    read: (body) => readRecords(body, source('booking'), 'experience', WRAPPERS.experience).map(toExperience),
  },
  {
    name: 'booking: availability',
    records: [
      { date: '2026-11-22', experienceId: 'exp-laser-tag', sessions: 11, capacity: 220, remaining: 5 },
      { date: '2026-11-23', experienceId: 'exp-laser-tag', sessions: 11, capacity: 220, remaining: 0 },
    ],
    table: AVAILABILITY_DAY,
    list: true,
    resourceKey: 'days',
    read: (body) =>
      readRecords(body, source('booking'), 'availability day', WRAPPERS.availability).map(toAvailabilityDay),
  },
  {
    name: 'booking: sessions',
    records: [
      {
        slotId: 'exp-laser-tag.20261122.1000',
        experienceId: 'exp-laser-tag',
        date: '2026-11-22',
        startTime: '2026-11-22T10:00:00Z',
        endTime: '2026-11-22T10:30:00Z',
        capacity: 20,
        remaining: 3,
        price: 15,
      },
      {
        slotId: 'exp-laser-tag.20261122.1100',
        experienceId: 'exp-laser-tag',
        date: '2026-11-22',
        startTime: '2026-11-22T11:00:00Z',
        endTime: '2026-11-22T11:30:00Z',
        capacity: 20,
        remaining: 0,
        price: 15,
      },
    ],
    table: SLOT,
    list: true,
    resourceKey: 'sessions',
    read: (body) => readRecords(body, source('booking'), 'session slot', WRAPPERS.slot).map(toSlot),
  },
  {
    name: 'booking: reserve / release (reservation)',
    records: [
      {
        reservationId: 'res-1',
        slotId: 's-1',
        experienceId: 'exp-laser-tag',
        quantity: 2,
        unitPrice: 15,
        amount: 30,
        status: 'held',
        startTime: '2026-11-22T10:00:00Z',
        expiresAt: '2026-11-22T09:10:00Z',
        orderId: null,
      },
    ],
    table: RESERVATION,
    list: false,
    resourceKey: 'reservation',
    read: (body) => toReservation(readRecord(body, source('booking'), 'reservation', WRAPPERS.reservation)),
  },
  {
    name: 'booking: order create / show / cancel (order)',
    records: [
      {
        orderId: 'ord-1',
        status: 'confirmed',
        reservationIds: ['res-1'],
        reservations: [{ reservationId: 'res-1', slotId: 's-1', quantity: 2, amount: 30, status: 'confirmed' }],
        guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        total: 30,
        currency: 'USD',
        expiresAt: '2026-11-22T09:30:00Z',
        sale: { saleId: 'sale-1', amount: 30, paymentReference: 'PSP-1', recordedAt: '2026-11-22T09:05:00Z' },
      },
    ],
    table: ORDER,
    nested: { reservations: RESERVATION, guest: GUEST, sale: SALE },
    list: false,
    resourceKey: 'order',
    read: (body) => toOrder(readRecord(body, source('booking'), 'order', WRAPPERS.order)),
  },
  {
    name: 'booking: order pay (the sale and its order)',
    records: [
      {
        saleId: 'sale-1',
        orderId: 'ord-1',
        status: 'confirmed',
        amount: 30,
        paymentReference: 'PSP-1',
        recordedAt: '2026-11-22T09:05:00Z',
        order: {
          orderId: 'ord-1',
          status: 'confirmed',
          reservationIds: ['res-1'],
          reservations: [{ reservationId: 'res-1', slotId: 's-1', quantity: 2 }],
          guest: { firstName: 'Ada', lastName: 'L', email: 'a@b.co' },
          total: 30,
        },
      },
    ],
    table: SALE,
    nested: { order: ORDER },
    list: false,
    resourceKey: 'sale',
    read: (body) => orderAndSale(readRecord(body, source('booking'), 'sale', WRAPPERS.sale), 'ord-1'),
  },
  {
    name: 'booking: order pay (the sale alone, the order said beside it)',
    records: [
      {
        saleId: 'sale-1',
        orderId: 'ord-1',
        orderStatus: 'confirmed',
        reservationIds: ['res-1', 'res-2'],
        amount: 30,
        paymentReference: 'PSP-1',
        recordedAt: '2026-11-22T09:05:00Z',
      },
    ],
    table: SALE,
    list: false,
    resourceKey: 'sale',
    read: (body) => orderAndSale(readRecord(body, source('booking'), 'sale', WRAPPERS.sale), 'ord-1'),
  },
  {
    name: 'booking: report rows',
    records: [
      {
        date: '2026-11-22',
        locationId: 'loc-harbor',
        experienceId: 'exp-laser-tag',
        experienceName: 'Laser tag',
        orders: 2,
        quantity: 4,
        revenue: 60,
      },
      {
        date: '2026-11-23',
        locationId: 'loc-harbor',
        experienceId: 'exp-escape-room',
        experienceName: 'Escape room',
        orders: 1,
        quantity: 2,
        revenue: 56,
      },
    ],
    table: REPORT_ROW,
    list: true,
    resourceKey: 'rows',
    read: (body) => readSalesReport(body, source('booking')),
  },
  // ---------------------------------------------------------------- inventory
  {
    name: 'inventory: products list / get / create / update',
    records: [
      {
        productId: 1001,
        productName: 'Gummy Bears 100g',
        productDescription: 'Gummy Bears',
        categoryId: 'SNACKS',
        classId: 'CANDY',
        taxGroup: 'GST',
        productType: 2,
        saleType: 2,
        orderPrinter: 0,
        secondaryProductName: 'Oursons',
        ticketValue: 0,
        sellPrice: 2.5,
        vendingPrice: 0,
        isPriceExTax: false,
        productCode: 'GB100',
        barcodes: ['9300000000001'],
        reorderLevelMin: 10,
        reorderLevelMax: 100,
        stockLevels: [
          { warehouseId: 1, quantity: 40 },
          { warehouseId: 2, quantity: 0 },
        ],
        suppliers: [
          {
            supplierId: 1,
            containerPrice: 24,
            containerQuantity: 12,
            containerId: 2,
            productSupplierCode: 'GB-12',
            preferredSupplier: true,
            isActive: true,
          },
        ],
        averageUnitCost: 1.1,
        lastPurchasePrice: 1.2,
        isActive: true,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-02-01T00:00:00Z',
      },
    ],
    table: inventoryProductFields,
    nested: { stockLevels: productStockFields, suppliers: productSupplierFields },
    list: true,
    resourceKey: 'products',
    read: (body) => readRecords(body, source('inventory'), 'product', resourceKeys.products).map(inventoryProductView),
  },
  {
    name: 'inventory: categories',
    records: [
      { categoryId: 'SNACKS', name: 'Snacks' },
      { categoryId: 'DRINKS', name: 'Drinks' },
    ],
    table: categoryFields,
    list: true,
    resourceKey: 'categories',
    read: (body) => readRecords(body, source('inventory'), 'category', resourceKeys.categories).map(categoryView),
  },
  {
    name: 'inventory: classes',
    records: [{ classId: 'CANDY', categoryId: 'SNACKS', name: 'Candy' }],
    table: classFields,
    list: true,
    resourceKey: 'classes',
    read: (body) => readRecords(body, source('inventory'), 'class', resourceKeys.classes).map(classView),
  },
  {
    name: 'inventory: warehouses',
    records: [
      { warehouseId: 1, name: 'Main', locationId: 1 },
      { warehouseId: 2, name: 'Kiosk', locationId: 1 },
    ],
    table: warehouseFields,
    list: true,
    resourceKey: 'warehouses',
    read: (body) => readRecords(body, source('inventory'), 'warehouse', resourceKeys.warehouses).map(warehouseView),
  },
  {
    name: 'inventory: tax groups',
    records: [
      { taxGroup: 'GST', name: 'Goods and services', rate: 10 },
      { taxGroup: 'FREE', name: 'Exempt', rate: 0 },
    ],
    table: taxGroupFields,
    list: true,
    resourceKey: 'taxGroups',
    read: (body) => readRecords(body, source('inventory'), 'tax group', resourceKeys.taxGroups).map(taxGroupView),
  },
  {
    name: 'inventory: containers',
    records: [
      { containerId: 1, name: 'Each', units: 1 },
      { containerId: 2, name: 'Carton', units: 24 },
    ],
    table: containerFields,
    list: true,
    resourceKey: 'containers',
    read: (body) =>
      readRecords(body, source('inventory'), 'container type', resourceKeys.containers).map(containerView),
  },
  {
    name: 'inventory: suppliers list / create',
    records: [
      {
        supplierId: 1,
        supplierCode: 'ACME',
        supplierName: 'Acme',
        supplierAddress: '1 Road',
        supplierTown: 'Town',
        supplierType: 1,
        paymentTerms: 2,
        isActive: true,
      },
    ],
    table: supplierFields,
    list: true,
    resourceKey: 'suppliers',
    read: (body) => readRecords(body, source('inventory'), 'supplier', resourceKeys.suppliers).map(supplierView),
  },
  {
    name: 'inventory: stock levels',
    records: [
      {
        productId: 1001,
        warehouseId: 1,
        quantity: 40,
        productName: 'Gummy Bears 100g',
        productCode: 'GB100',
        averageUnitCost: 1.1,
        lastPurchasePrice: 1.2,
      },
      {
        productId: 1002,
        warehouseId: 1,
        quantity: 0,
        productName: 'Cola',
        productCode: 'COLA',
        averageUnitCost: 0.8,
        lastPurchasePrice: 0.9,
      },
    ],
    table: stockLevelFields,
    list: true,
    resourceKey: 'stockLevels',
    read: (body) => readRecords(body, source('inventory'), 'stock level', resourceKeys.stockLevels).map(stockLevelView),
  },
  {
    name: 'inventory: stock take',
    records: [
      {
        stockTakeId: 'ST-1',
        warehouseId: 1,
        items: [{ productId: 1001, previousQuantity: 38, countedQuantity: 40, variance: 2 }],
        totalVariance: 2,
        createdAt: '2026-11-22T10:00:00Z',
      },
    ],
    table: stockTakeFields,
    nested: { items: stockTakeLineFields },
    list: false,
    resourceKey: 'stockTake',
    read: (body) => stockTakeView(readRecord(body, source('inventory'), 'stock take', resourceKeys.stockTake)),
  },
  {
    name: 'inventory: stock receipt',
    records: [
      {
        receiptId: 'RC-1',
        items: [{ productId: 1010, quantity: 12, newQuantity: 52 }],
        createdAt: '2026-11-22T10:00:00Z',
      },
    ],
    table: receiptFields,
    nested: { items: receiptLineFields },
    list: false,
    resourceKey: 'receipt',
    read: (body) => receiptView(readRecord(body, source('inventory'), 'receipt', resourceKeys.receipt)),
  },
  {
    name: 'inventory: stock adjustment',
    records: [
      {
        adjustmentId: 'ADJ-1',
        productId: 1006,
        warehouseId: 1,
        adjustmentQuantity: -1,
        previousQuantity: 10,
        newQuantity: 9,
        userId: 1,
        comment: 'breakage',
        createdAt: '2026-11-22T10:00:00Z',
      },
    ],
    table: adjustmentFields,
    list: false,
    resourceKey: 'adjustment',
    read: (body) => adjustmentView(readRecord(body, source('inventory'), 'adjustment', resourceKeys.adjustment)),
  },
  {
    name: 'inventory: health',
    records: [{ status: 'Healthy', database: 'Connected', time: '2026-11-22T10:00:00Z' }],
    table: healthFields,
    list: false,
    read: (body) => {
      const { view, verdict } = readHealth(body, 200, source('inventory'));
      return { view, verdict };
    },
  },
  // ---------------------------------------------------------------- webhooks
  {
    name: 'webhooks: list / create / update (subscriber)',
    records: [
      {
        id: 'wh-1',
        url: 'https://erp.example.com/hooks',
        eventTypes: ['stock.received', 'stock.adjusted'],
        isActive: true,
        createdAt: '2026-11-22T10:00:00Z',
        updatedAt: '2026-11-22T11:00:00Z',
      },
    ],
    table: subscriberFields,
    list: true,
    resourceKey: subscriberResourceKeys.list[0],
    read: (body) =>
      readRecords(body, source('inventory'), 'webhook subscriber', subscriberResourceKeys.list).map(subscriberView),
  },
];

/** Every body of a case: each record variant in each envelope. */
function bodies(c: Case): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  const variantsOf = c.records.map((r) => recordVariants(r, c.table, c.nested));
  for (const variant of Object.keys(variantsOf[0]!)) {
    const records = variantsOf.map((v) => v[variant]!);
    const envelopes = c.list ? listEnvelopes(records, c.resourceKey) : recordEnvelopes(records[0]!, c.resourceKey);
    for (const [envelope, body] of Object.entries(envelopes)) out.push([`${variant}, ${envelope}`, body]);
  }
  return out;
}

describe.each(cases)('$name', (c) => {
  const canonical = c.list ? c.records : c.records[0]!;
  const expected = plain(c.read(canonical));

  it("reads venue's own answer", () => {
    expect(expected).not.toBeNull();
  });

  it.each(bodies(c))('the same views from %s', (_variant, body) => {
    expect(plain(c.read(body))).toEqual(expected);
  });
});

describe('the generator', () => {
  it('puts decoys of the wrong type where a reader looks first, and moves the real field', () => {
    const day = withDecoys({ date: '2026-11-22', sessions: 11, capacity: 220, remaining: 5 }, AVAILABILITY_DAY);
    // remaining moved to its last name; `remaining` and `available` (the names tried first) hold no whole count.
    expect(day.free).toBe(5);
    for (const name of ['remaining', 'available', 'remainingCapacity'])
      expect(Number.isInteger(day[name]), name).toBe(false);
    expect(day).not.toHaveProperty('Remaining');
    const product = withDecoys({ productId: 1001, productName: 'x' }, inventoryProductFields);
    expect(product.productKey).toBe(1001);
    expect(typeof product.productId === 'number').toBe(false);
    expect(product.productId).toBeDefined();
  });
});

describe('readShape', () => {
  it("gives a record in venue's names from any server's record", () => {
    const record = withDecoys({ date: '2026-11-22', sessions: 11, capacity: 220, remaining: 5 }, AVAILABILITY_DAY);
    const reader = readRecords([record], source('booking'), 'availability day')[0]!;
    expect(readShape(reader, AVAILABILITY_DAY)).toEqual({
      date: '2026-11-22',
      sessions: 11,
      capacity: 220,
      remaining: 5,
    });
    const card = readRecords(
      [{ CardNo: '6001', CardStatus: 'ACTIVE', Location: { Name: 'Downtown' } }],
      source('wallet'),
      'card',
    )[0]!;
    expect(readShape(card, cardFields)).toEqual({
      cardNumber: '6001',
      status: 'activated',
      location: { Name: 'Downtown' },
    });
  });
});
