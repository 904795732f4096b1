// The inventory emulator's state: plain JSON (the core persists it), plus an
// index kept beside it (never persisted) so a page of 200 out of 100,000
// products is a slice, not a scan or a deep copy.

import { padId } from '../rules/inventory.js';

export interface StoredSupplierLink {
  supplierId: number;
  containerPrice?: number;
  containerQuantity?: number;
  containerId?: number;
  productSupplierCode?: string;
  preferredSupplier?: boolean;
  isActive: boolean;
}

export interface StoredProduct {
  productId: number;
  productName: string;
  productDescription: string;
  categoryId: string;
  classId?: string;
  taxGroup: string;
  productType: number;
  saleType: number;
  orderPrinter: number;
  secondaryProductName?: string;
  ticketValue?: number;
  sellPrice?: number;
  vendingPrice?: number;
  isPriceExTax: boolean;
  productCode?: string;
  barcodes: string[];
  reorderLevelMin: number;
  reorderLevelMax: number;
  suppliers: StoredSupplierLink[];
  /** Quantity by warehouse id (as a JSON key). */
  stock: Record<string, number>;
  averageUnitCost: number | null;
  lastPurchasePrice: number | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface StoredSupplier {
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  supplierAddress: string;
  supplierTown?: string;
  supplierState?: string;
  supplierPostcode?: string;
  supplierPhone?: string;
  supplierEmail?: string;
  supplierContact?: string;
  supplierDescription?: string;
  supplierAccountNo?: string;
  supplierType: number;
  paymentTerms: number;
  isActive: boolean;
  createdAt: string;
}

export interface StockMovement {
  movementId: number;
  /** "sale" is a counter sale of the in-venue activity (./activity.ts); the API never makes one. */
  kind: 'stock-take' | 'receipt' | 'adjustment' | 'sale';
  /** "api" for calls through the interface, "venue" for in-venue simulation. */
  source: 'api' | 'venue';
  warehouseId: number;
  userId: number;
  createdAt: string;
  /** How each product's stock moved, so a test can add up every change to a level (absent in state saved before it was kept). */
  changes?: Array<{ productId: number; delta: number }>;
  /**
   * The Idempotency-Key header of the API request that made it (null without
   * one). Recorded, never honoured: the sandbox applies every request it is
   * sent, so a test counting receipts by key sees a client's duplicates.
   */
  idempotencyKey?: string | null;
  body: Record<string, unknown>;
}

export interface InventoryState {
  localLocationId: number;
  nextProductId: number;
  nextSupplierId: number;
  nextMovementId: number;
  categories: Array<{ categoryId: string; name: string }>;
  classes: Array<{ classId: string; categoryId: string; name: string }>;
  warehouses: Array<{ warehouseId: number; name: string; locationId: number }>;
  taxGroups: Array<{ taxGroup: string; name: string; rate: number }>;
  containers: Array<{ containerId: number; name: string; units: number }>;
  users: Array<{ userId: number; name: string }>;
  suppliers: StoredSupplier[];
  /** Sorted by productId (ids only grow). */
  products: StoredProduct[];
  movements: StockMovement[];
}

export const DEMO_TIME = '2026-01-05T09:00:00Z';

const categories = [
  ['SNACKS', 'Snacks'],
  ['DRINKS', 'Drinks'],
  ['PRIZES', 'Redemption prizes'],
  ['MERCH', 'Merchandise'],
  ['PARTY', 'Party supplies'],
  ['MODIFIERS', 'Modifiers'],
] as const;

const classes = [
  ['CANDY', 'SNACKS', 'Candy'],
  ['CHIPS', 'SNACKS', 'Chips'],
  ['SODA', 'DRINKS', 'Soda'],
  ['WATER', 'DRINKS', 'Water'],
  ['PLUSH', 'PRIZES', 'Plush toys'],
  ['SMALLPRIZE', 'PRIZES', 'Small prizes'],
  ['APPAREL', 'MERCH', 'Apparel'],
  ['BALLOONS', 'PARTY', 'Balloons'],
  ['EXTRAS', 'MODIFIERS', 'Extras'],
] as const;

/** Deterministic catalogue items: [name, category, class, saleType, sell, vending, tickets]. */
const demoCatalogue: Array<[string, string, string, number, number | null, number | null, number | null]> = [
  ['Gummy Bears 100g', 'SNACKS', 'CANDY', 2, 3.5, null, null],
  ['Sour Worms 100g', 'SNACKS', 'CANDY', 6, 3.5, 3.0, null],
  ['Chocolate Bar', 'SNACKS', 'CANDY', 7, 2.5, 2.25, 150],
  ['Lollipop', 'SNACKS', 'CANDY', 3, 1.0, null, 40],
  ['Potato Chips Salted', 'SNACKS', 'CHIPS', 6, 2.95, 2.5, null],
  ['Potato Chips BBQ', 'SNACKS', 'CHIPS', 6, 2.95, 2.5, null],
  ['Corn Chips', 'SNACKS', 'CHIPS', 2, 3.2, null, null],
  ['Popcorn Large', 'SNACKS', 'CHIPS', 2, 6.0, null, null],
  ['Cola 600ml', 'DRINKS', 'SODA', 6, 4.0, 3.5, null],
  ['Lemonade 600ml', 'DRINKS', 'SODA', 6, 4.0, 3.5, null],
  ['Orange Soda 375ml', 'DRINKS', 'SODA', 4, null, 2.8, null],
  ['Spring Water 600ml', 'DRINKS', 'WATER', 6, 3.0, 2.5, null],
  ['Sparkling Water', 'DRINKS', 'WATER', 2, 3.5, null, null],
  ['Sports Drink', 'DRINKS', 'SODA', 2, 4.5, null, null],
  ['Giant Teddy Bear', 'PRIZES', 'PLUSH', 1, null, null, 12000],
  ['Plush Unicorn', 'PRIZES', 'PLUSH', 1, null, null, 4500],
  ['Plush Dinosaur', 'PRIZES', 'PLUSH', 1, null, null, 4000],
  ['Mini Plush Keyring', 'PRIZES', 'PLUSH', 1, null, null, 600],
  ['Bouncy Ball', 'PRIZES', 'SMALLPRIZE', 1, null, null, 50],
  ['Sticky Hand', 'PRIZES', 'SMALLPRIZE', 1, null, null, 30],
  ['Slap Bracelet', 'PRIZES', 'SMALLPRIZE', 1, null, null, 80],
  ['Finger Skateboard', 'PRIZES', 'SMALLPRIZE', 1, null, null, 350],
  ['Glow Stick', 'PRIZES', 'SMALLPRIZE', 3, 1.5, null, 60],
  ['Temporary Tattoo', 'PRIZES', 'SMALLPRIZE', 1, null, null, 20],
  ['Whoopee Cushion', 'PRIZES', 'SMALLPRIZE', 1, null, null, 250],
  ['Headphones', 'PRIZES', 'SMALLPRIZE', 1, null, null, 9000],
  ['Venue T-Shirt Kids', 'MERCH', 'APPAREL', 2, 19.95, null, null],
  ['Venue T-Shirt Adult', 'MERCH', 'APPAREL', 3, 24.95, null, 20000],
  ['Venue Cap', 'MERCH', 'APPAREL', 2, 14.95, null, null],
  ['Grip Socks', 'MERCH', 'APPAREL', 2, 4.5, null, null],
  ['Foil Balloon', 'PARTY', 'BALLOONS', 2, 6.5, null, null],
  ['Latex Balloons 10pk', 'PARTY', 'BALLOONS', 2, 5.0, null, null],
  ['Party Hats 8pk', 'PARTY', 'BALLOONS', 2, 4.0, null, null],
  ['Birthday Candles', 'PARTY', 'BALLOONS', 2, 3.0, null, null],
  ['Party Bag', 'PARTY', 'BALLOONS', 3, 7.5, null, 900],
  ['Extra Cheese', 'MODIFIERS', 'EXTRAS', 2, 1.0, null, null],
  ['Extra Sauce', 'MODIFIERS', 'EXTRAS', 2, 0.5, null, null],
  ['Large Upgrade', 'MODIFIERS', 'EXTRAS', 2, 1.5, null, null],
  ['No Ice', 'MODIFIERS', 'EXTRAS', 2, 0, null, null],
  ['Gift Wrap', 'MODIFIERS', 'EXTRAS', 2, 2.0, null, null],
];

const taxGroupFor = (category: string) => (category === 'PRIZES' ? 'EXEMPT' : category === 'MODIFIERS' ? 'GST' : 'GST');

export function demoInventoryState(): InventoryState {
  const suppliers: StoredSupplier[] = [
    ['SWEETCO', 'Sweet Co Wholesale', '12 Candy Lane', 5],
    ['BEVDIST', 'Beverage Distributors', '4 Fizz Street', 3],
    ['PRIZEWORLD', 'Prize World Imports', '88 Plush Road', 6],
    ['PARTYPRO', 'Party Pro Supplies', '21 Balloon Ave', 4],
    ['MERCHHOUSE', 'Merch House', '7 Thread Way', 1],
  ].map(([code, name, address, terms], index) => ({
    supplierId: index + 1,
    supplierCode: code as string,
    supplierName: name as string,
    supplierAddress: address as string,
    supplierTown: 'Springfield',
    supplierType: 0,
    paymentTerms: terms as number,
    isActive: true,
    createdAt: DEMO_TIME,
  }));
  const supplierForCategory: Record<string, number> = { SNACKS: 1, DRINKS: 2, PRIZES: 3, PARTY: 4, MERCH: 5 };

  const products: StoredProduct[] = demoCatalogue.map(
    ([name, category, cls, saleType, sell, vending, tickets], index) => {
      const productId = 1001 + index;
      const isModifier = category === 'MODIFIERS';
      const supplierId = supplierForCategory[category];
      const quantity = isModifier ? undefined : 10 + ((index * 37) % 140);
      const cost = sell ?? vending ?? (tickets ? tickets / 1000 : 1);
      const product: StoredProduct = {
        productId,
        productName: name,
        productDescription: name,
        categoryId: padId(category),
        classId: padId(cls),
        taxGroup: padId(taxGroupFor(category)),
        productType: isModifier ? 3 : 2,
        saleType,
        orderPrinter: isModifier ? 1 : 0,
        isPriceExTax: false,
        barcodes: index % 3 === 2 ? [] : [`9300000${String(100000 + index * 7).padStart(6, '0')}`],
        reorderLevelMin: isModifier ? 0 : 10,
        reorderLevelMax: isModifier ? 0 : 100,
        suppliers: supplierId
          ? [
              {
                supplierId,
                containerId: 2,
                containerQuantity: 24,
                containerPrice: Math.round(cost * 24 * 45) / 100,
                preferredSupplier: true,
                isActive: true,
              },
            ]
          : [],
        stock: quantity === undefined ? {} : { '1': quantity, ...(index % 4 === 0 ? { '2': 5 + (index % 9) } : {}) },
        averageUnitCost: quantity === undefined ? null : Math.round(cost * 45) / 100,
        lastPurchasePrice: quantity === undefined ? null : Math.round(cost * 45) / 100,
        isActive: index !== demoCatalogue.length - 1,
        createdAt: DEMO_TIME,
        updatedAt: DEMO_TIME,
      };
      if (index % 2 === 0) product.productCode = `SKU-${productId}`;
      if (sell !== null) product.sellPrice = sell;
      if (vending !== null) product.vendingPrice = vending;
      if (tickets !== null) product.ticketValue = tickets;
      if (index % 5 === 1) product.secondaryProductName = `${name.slice(0, 28)} (alt)`;
      return product;
    },
  );

  return {
    localLocationId: 1,
    nextProductId: 1001 + products.length,
    nextSupplierId: suppliers.length + 1,
    nextMovementId: 1,
    categories: categories.map(([id, name]) => ({ categoryId: padId(id), name })),
    classes: classes.map(([id, category, name]) => ({ classId: padId(id), categoryId: padId(category), name })),
    warehouses: [
      { warehouseId: 1, name: 'Main store room', locationId: 1 },
      { warehouseId: 2, name: 'Prize counter', locationId: 1 },
      { warehouseId: 3, name: 'Second venue store room', locationId: 2 },
    ],
    taxGroups: [
      { taxGroup: padId('GST'), name: 'GST 10%', rate: 10 },
      { taxGroup: padId('EXEMPT'), name: 'Tax exempt', rate: 0 },
      { taxGroup: padId('REDUCED'), name: 'Reduced rate 5%', rate: 5 },
    ],
    containers: [
      { containerId: 1, name: 'Each', units: 1 },
      { containerId: 2, name: 'Carton', units: 24 },
      { containerId: 3, name: 'Case', units: 12 },
      { containerId: 4, name: 'Pallet', units: 480 },
    ],
    users: [
      { userId: 1, name: 'Integration user' },
      { userId: 2, name: 'Store manager' },
    ],
    suppliers,
    products,
    movements: [],
  };
}

// ---------------------------------------------------------------- the index

export interface InventoryIndex {
  products: StoredProduct[];
  byId: Map<number, StoredProduct>;
  byBarcode: Map<string, StoredProduct>;
  /** Bumped on every change: filtered-list caches compare it. */
  version: number;
  filtered: Map<string, { version: number; items: StoredProduct[] }>;
}

const indexes = new WeakMap<InventoryState, InventoryIndex>();

export function indexOf(state: InventoryState): InventoryIndex {
  let index = indexes.get(state);
  if (!index || index.products !== state.products) {
    index = { products: state.products, byId: new Map(), byBarcode: new Map(), version: 0, filtered: new Map() };
    for (const product of state.products) addToIndex(index, product);
    indexes.set(state, index);
  }
  return index;
}

function addToIndex(index: InventoryIndex, product: StoredProduct): void {
  index.byId.set(product.productId, product);
  for (const barcode of product.barcodes) index.byBarcode.set(barcode, product);
}

/** After any change to products or stock: drops cached filtered lists. */
export function touched(state: InventoryState, product?: StoredProduct): void {
  const index = indexOf(state);
  index.version++;
  index.filtered.clear();
  if (product) addToIndex(index, product);
}

// ---------------------------------------------------------------- generated catalogue

/** Appends count generated products; deterministic for a given starting state. */
export function seedProducts(state: InventoryState, count: number, at: string): { first: number; last: number } {
  const first = state.nextProductId;
  const cats = state.categories.filter((c) => c.categoryId.trim() !== 'MODIFIERS');
  const index = indexOf(state);
  for (let i = 0; i < count; i++) {
    const productId = state.nextProductId++;
    const category = cats[productId % cats.length]!;
    const cls = state.classes.find((c) => c.categoryId === category.categoryId);
    const saleType = (productId % 7) + 1;
    const product: StoredProduct = {
      productId,
      productName: `Generated product ${productId}`,
      productDescription: `Generated for load tests`,
      categoryId: category.categoryId,
      classId: cls?.classId,
      taxGroup: state.taxGroups[productId % state.taxGroups.length]!.taxGroup,
      productType: 2,
      saleType,
      orderPrinter: 0,
      isPriceExTax: false,
      barcodes: [`GEN${String(productId).padStart(10, '0')}`],
      productCode: `GEN-${productId}`,
      reorderLevelMin: 0,
      reorderLevelMax: 0,
      suppliers: [],
      stock: { '1': productId % 50 },
      averageUnitCost: null,
      lastPurchasePrice: null,
      isActive: true,
      createdAt: at,
      updatedAt: at,
    };
    if (saleType & 1) product.ticketValue = 100 + (productId % 900);
    if (saleType & 2) product.sellPrice = 1 + (productId % 20);
    if (saleType & 4) product.vendingPrice = 1 + (productId % 10);
    state.products.push(product);
    addToIndex(index, product);
  }
  touched(state);
  return { first, last: state.nextProductId - 1 };
}
