// The oracle of the list matrix (lists.test.ts): what a list command should
// print, worked out from the sandbox's own state (read through its control
// API, never through the CLI) for the resources whose listing is a plain
// selection of that state, and what each declared filter means for a record.
// A resource not read here is checked against the command's own complete
// answer instead (the matrix then proves that paging, formats and venue modes
// never change what a filter selects).

import type { FilterSpec } from '../../src/commands/define.js';

export type Row = Record<string, unknown>;

/** The sandbox's state, per service, as GET /_sandbox/<service>/state gives it. */
export interface States {
  inventory: {
    localLocationId: number;
    products: Array<Row & { productId: number; stock: Record<string, number> }>;
    categories: Row[];
    classes: Row[];
    warehouses: Row[];
    taxGroups: Row[];
    containers: Row[];
    suppliers: Array<Row & { isActive: boolean }>;
  };
  booking: { locations: Array<Row & { id: string }>; experiences: Array<Row & { id: string }> };
  webhooks: { subscribers: Array<Row & { isActive: boolean; deletedAt?: string }> };
}

/** A filter as asked in one run: its declaration and the value given (undefined for a flag). */
export interface Asked {
  filter: FilterSpec;
  value?: string;
}

/** The fields that tell a record of each resource apart (its key); a resource not here is told by its first field. */
export const KEYS: Record<string, string[]> = {
  product: ['productId'],
  'stock level': ['productId', 'warehouseId'],
  supplier: ['supplierId'],
  category: ['categoryId'],
  class: ['classId'],
  warehouse: ['warehouseId'],
  'tax group': ['taxGroup'],
  'container type': ['containerId'],
  location: ['locationId'],
  experience: ['experienceId'],
  'webhook subscriber': ['id'],
  'availability day': ['date'],
  slot: ['slotId'],
  'report row': ['date', 'experienceId'],
  'activity entry': ['activityId'],
  'reload product': ['productId'],
  card: ['cardNumber'],
};

/** A value as every format prints it: text, trimmed (ids are padded), a table's yes/no as true/false. */
export function plain(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value ?? null);
  return text === 'yes' ? 'true' : text === 'no' ? 'false' : text.replace(/^"(.*)"$/, '$1');
}

export function keyOf(record: Row, fields: readonly string[]): string {
  return fields.map((f) => plain(record[f])).join('|');
}

const day = (value: unknown) => plain(value).slice(0, 10);

/** Whether a record's field meets a filter as asked; `from` is the day a `days` filter counts from. */
export function meets(record: Row, asked: Asked, from?: string): boolean {
  const { filter, value } = asked;
  const field = record[filter.field];
  switch (filter.how) {
    case 'one-of': {
      const allowed = value === undefined ? (filter.value as unknown[]).map(plain) : value.split(',').map(plain);
      return allowed.includes(plain(field));
    }
    case 'equals':
      return plain(field) === plain(value === undefined ? filter.value : value);
    case 'any-bit':
      return (Number(field) & Number(value)) !== 0;
    case 'from':
      return day(field) >= value!;
    case 'to':
      return day(field) <= value!;
    case 'on':
      return day(field) === value;
    case 'days': {
      if (from === undefined) return true;
      const last = new Date(Date.parse(`${from}T00:00:00Z`) + (Number(value) - 1) * 86_400_000).toISOString();
      return day(field) >= from && day(field) <= last.slice(0, 10);
    }
    case 'lifts':
      return true;
  }
}

/**
 * What the sandbox lists of a resource, from its state, in venue's names, as
 * the service selects it for the filters asked (a default it applies when a
 * filter is not asked: the warehouses of its own location). Undefined for a
 * resource not read here.
 */
export function fromState(resource: string, states: States, asked: Asked[]): Row[] | undefined {
  const inventory = states.inventory;
  const given = (field: string) => asked.find((a) => a.filter.field === field && a.filter.how !== 'lifts');
  switch (resource) {
    case 'product':
      return inventory.products;
    case 'stock level': {
      // One row a stock record; products asked by id have a row in the warehouse asked even without one (0 there).
      const warehouse = given('warehouseId')?.value;
      const ids = given('productId')?.value?.split(',').map(Number);
      const products = ids ? inventory.products.filter((p) => ids.includes(p.productId)) : inventory.products;
      return products.flatMap((p) => {
        const warehouses =
          warehouse !== undefined && (ids || p.stock[warehouse] !== undefined)
            ? [warehouse]
            : warehouse !== undefined
              ? []
              : Object.keys(p.stock);
        return warehouses.map((w) => ({ productId: p.productId, warehouseId: Number(w), quantity: p.stock[w] ?? 0 }));
      });
    }
    case 'supplier':
      return inventory.suppliers.filter((s) => s.isActive);
    case 'category':
      return inventory.categories;
    case 'class':
      return inventory.classes;
    case 'warehouse':
      return given('locationId')
        ? inventory.warehouses
        : inventory.warehouses.filter((w) => w.locationId === inventory.localLocationId);
    case 'tax group':
      return inventory.taxGroups;
    case 'container type':
      return inventory.containers;
    case 'location':
      return states.booking.locations.map(({ id, ...rest }) => ({ locationId: id, ...rest }));
    case 'experience':
      return states.booking.experiences.map(({ id, ...rest }) => ({ experienceId: id, ...rest }));
    case 'webhook subscriber':
      return states.webhooks.subscribers.filter((s) => s.isActive && !s.deletedAt);
    default:
      return undefined;
  }
}
