// The inventory service client: every inventory call the commands make, on the
// shared HTTP layer. Knows nothing of the terminal or of zod: callers validate
// bodies with ./schemas.ts before handing them here.

import type { ServiceDeps } from '../context.js';
import { ApiError, NotFoundError } from '../errors.js';
import { listFrom, recordFrom, type RequestOptions } from '../http.js';
import type {
  Category,
  ContainerType,
  HealthStatus,
  Page,
  Product,
  ProductClass,
  StockAdjustmentResult,
  StockLevel,
  StockReceiptResult,
  StockTakeResult,
  Supplier,
  TaxGroup,
  Warehouse,
} from './types.js';

/** Query of GET /products, already checked (productListQuerySchema). */
export interface ProductQuery {
  productType?: number;
  saleType?: number;
  /** Space-padded to 10 characters. */
  categoryId?: string;
  isActive?: boolean;
  page?: number;
  pageSize?: number;
}

export interface StockLevelsQuery {
  warehouseId?: number;
  productIds?: number[];
  page?: number;
  pageSize?: number;
}

export interface PageInfo {
  page: number;
  /** Items on this page. */
  count: number;
  totalItems?: number;
  totalPages?: number;
}

export interface IterateOptions {
  /** Pages in flight at once (default 4). At most this many pages are held. */
  concurrency?: number;
  /** Items per page (default and maximum 200). */
  pageSize?: number;
  /** Called as each page is handed on, in page order: progress reporting. */
  onPage?: (info: PageInfo) => void;
}

/** One line of a stock file: whichever of the three the user gave. */
export interface ProductRef {
  productId?: number;
  barcode?: string;
  productCode?: string;
}

export interface ResolvedProductRef {
  ref: ProductRef;
  /** Set when exactly one product matched. */
  productId?: number;
  productName?: string;
  isActive?: boolean;
  /** Why it did not resolve: "no product has barcode 123", "… matches products 4 and 9". */
  problem?: string;
}

const MAX_PAGE_SIZE = 200;
const IDS_PER_LEVELS_REQUEST = 200;

type Query = RequestOptions['query'];

/** A paged answer, whether or not the service sent the page metadata. */
export function pageFrom<T>(body: unknown, requestedPage: number, requestedPageSize: number, ...keys: string[]): Page<T> {
  const items = listFrom<T>(body, ...keys);
  const meta = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const num = (...names: string[]) => {
    for (const name of names) {
      const value = meta[name];
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
    }
    return undefined;
  };
  const page = num('page', 'pageNumber', 'currentPage') ?? requestedPage;
  const pageSize = num('pageSize', 'perPage', 'limit') ?? requestedPageSize;
  const totalItems = num('totalItems', 'total', 'totalCount', 'count');
  const totalPages = num('totalPages', 'pageCount') ?? (totalItems !== undefined && pageSize > 0 ? Math.ceil(totalItems / pageSize) : undefined);
  return { items, page, pageSize, totalItems, totalPages };
}

/** Fills the arrays a product answer may leave out, so callers need no guards. */
export function normalizeProduct(raw: unknown): Product {
  // In place: the answer was parsed for us alone, and copying 100,000 products costs.
  const product = (raw && typeof raw === 'object' ? raw : {}) as Product;
  product.productId = Number(product.productId ?? (product as Record<string, unknown>).id);
  product.barcodes = Array.isArray(product.barcodes) ? product.barcodes : [];
  product.stockLevels = Array.isArray(product.stockLevels) ? product.stockLevels : [];
  product.suppliers = Array.isArray(product.suppliers) ? product.suppliers : [];
  product.isActive = product.isActive !== false;
  return product;
}

/**
 * Pages in order with at most `concurrency` requests in flight. The first page
 * tells how many there are; without totals it walks on until a short page.
 * Yields whole pages: a consumer that writes a page at a time (the bulk
 * output) saves a promise turn per item, which at 100,000 items is most of
 * the cost of listing.
 */
export async function* pagesInOrder<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: { concurrency?: number; onPage?: (info: PageInfo) => void } = {},
): AsyncGenerator<T[]> {
  const concurrency = Math.max(1, Math.min(16, options.concurrency ?? 4));
  const report = (page: Page<T>) =>
    options.onPage?.({ page: page.page, count: page.items.length, totalItems: page.totalItems, totalPages: page.totalPages });

  const first = await fetchPage(1);
  report(first);
  const totalPages = first.totalPages;
  const pageSize = first.pageSize;
  yield first.items;

  if (totalPages === undefined) {
    let previous = first;
    for (let page = 2; previous.items.length > 0 && previous.items.length >= pageSize; page++) {
      previous = await fetchPage(page);
      report(previous);
      yield previous.items;
    }
    return;
  }

  let next = 2;
  const inFlight: Array<Promise<Page<T>>> = [];
  const launch = () => {
    const promise = fetchPage(next++);
    // A page the consumer never reaches (it stopped, or an earlier one failed) must not crash the process.
    promise.catch(() => undefined);
    inFlight.push(promise);
  };
  while (next <= totalPages && inFlight.length < concurrency) launch();
  while (inFlight.length > 0) {
    const page = await inFlight.shift()!;
    if (next <= totalPages) launch();
    report(page);
    yield page.items;
  }
}

/** The same, an item at a time. */
export async function* iteratePages<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: { concurrency?: number; onPage?: (info: PageInfo) => void } = {},
): AsyncGenerator<T> {
  for await (const items of pagesInOrder(fetchPage, options)) yield* items;
}

export class InventoryClient {
  constructor(protected readonly deps: ServiceDeps) {}

  private async call<T>(options: Omit<RequestOptions, 'auth'> & { auth?: false }): Promise<T> {
    const { auth, ...rest } = options;
    const response = await this.deps.http.request<T>({ ...rest, auth: auth === false ? undefined : this.deps.token });
    return response.data;
  }

  /** Re-raises a 404 with a message naming the thing that is missing. */
  private async naming404<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new NotFoundError(`${what} does not exist${error.info.serverMessage ? ` (${error.info.serverMessage})` : ''}`, { cause: error });
      }
      throw error;
    }
  }

  async health(): Promise<HealthStatus> {
    const data = await this.call<unknown>({ method: 'GET', path: '/health', auth: false, operation: 'check the inventory service health' });
    return recordFrom<HealthStatus>(data);
  }

  // ---------------------------------------------------------------- products

  async listProducts(query: ProductQuery = {}): Promise<Page<Product>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const data = await this.call<unknown>({
      method: 'GET',
      path: '/products',
      query: { ...query, page, pageSize } as Query,
      operation: 'list products',
    });
    const result = pageFrom<unknown>(data, page, pageSize, 'products');
    return { ...result, items: result.items.map(normalizeProduct) };
  }

  iterateProducts(query: Omit<ProductQuery, 'page' | 'pageSize'> = {}, options: IterateOptions = {}): AsyncGenerator<Product> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return iteratePages((page) => this.listProducts({ ...query, page, pageSize }), options);
  }

  /** Every page of products, a page at a time (for streaming output). */
  productPages(query: Omit<ProductQuery, 'page' | 'pageSize'> = {}, options: IterateOptions = {}): AsyncGenerator<Product[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return pagesInOrder((page) => this.listProducts({ ...query, page, pageSize }), options);
  }

  async getProduct(productId: number): Promise<Product> {
    return this.naming404(`product ${productId}`, async () =>
      normalizeProduct(recordFrom(await this.call<unknown>({ method: 'GET', path: `/products/${productId}`, operation: `read product ${productId}` }), 'product')),
    );
  }

  /** Not idempotent: a lost answer is an UnknownOutcomeError (exit 7), never resent. */
  async createProduct(body: Record<string, unknown>): Promise<Product> {
    const data = await this.call<unknown>({ method: 'POST', path: '/products', body, idempotent: false, operation: 'create the product' });
    return normalizeProduct(recordFrom(data, 'product'));
  }

  async updateProduct(productId: number, patch: Record<string, unknown>): Promise<Product> {
    return this.naming404(`product ${productId}`, async () => {
      const data = await this.call<unknown>({
        method: 'PATCH',
        path: `/products/${productId}`,
        body: patch,
        idempotent: false,
        operation: `update product ${productId}`,
      });
      return normalizeProduct(recordFrom(data, 'product'));
    });
  }

  // ---------------------------------------------------------------- reference lists

  async categories(): Promise<Category[]> {
    return listFrom<Category>(await this.call({ method: 'GET', path: '/categories', operation: 'list categories' }), 'categories');
  }

  /** categoryId space-padded to 10 characters. */
  async classes(categoryId?: string): Promise<ProductClass[]> {
    return listFrom<ProductClass>(
      await this.call({ method: 'GET', path: '/classes', query: { categoryId }, operation: 'list classes' }),
      'classes',
    );
  }

  async warehouses(locationId?: number): Promise<Warehouse[]> {
    return listFrom<Warehouse>(
      await this.call({ method: 'GET', path: '/warehouses', query: { locationId }, operation: 'list warehouses' }),
      'warehouses',
    );
  }

  async taxGroups(): Promise<TaxGroup[]> {
    return listFrom<TaxGroup>(await this.call({ method: 'GET', path: '/tax-groups', operation: 'list tax groups' }), 'taxGroups');
  }

  async containers(): Promise<ContainerType[]> {
    return listFrom<ContainerType>(await this.call({ method: 'GET', path: '/containers', operation: 'list container types' }), 'containers');
  }

  async suppliers(): Promise<Supplier[]> {
    return listFrom<Supplier>(await this.call({ method: 'GET', path: '/suppliers', operation: 'list suppliers' }), 'suppliers');
  }

  async createSupplier(body: Record<string, unknown>): Promise<Supplier> {
    const data = await this.call<unknown>({ method: 'POST', path: '/suppliers', body, idempotent: false, operation: 'create the supplier' });
    return recordFrom<Supplier>(data, 'supplier');
  }

  // ---------------------------------------------------------------- stock

  async stockLevels(query: StockLevelsQuery = {}): Promise<Page<StockLevel>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const data = await this.call<unknown>({
      method: 'GET',
      path: '/stock-levels',
      query: {
        warehouseId: query.warehouseId,
        productIds: query.productIds?.length ? query.productIds.join(',') : undefined,
        page,
        pageSize,
      },
      operation: 'read stock levels',
    });
    return pageFrom<StockLevel>(data, page, pageSize, 'stockLevels');
  }

  iterateStockLevels(query: Omit<StockLevelsQuery, 'page' | 'pageSize'> = {}, options: IterateOptions = {}): AsyncGenerator<StockLevel> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return iteratePages((page) => this.stockLevels({ ...query, page, pageSize }), options);
  }
  /** Every page of stock levels, a page at a time (for streaming output). */
  stockLevelPages(query: Omit<StockLevelsQuery, 'page' | 'pageSize'> = {}, options: IterateOptions = {}): AsyncGenerator<StockLevel[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return pagesInOrder((page) => this.stockLevels({ ...query, page, pageSize }), options);
  }


  /**
   * Current quantity of each product in a warehouse, asked in chunks of 200 ids
   * with bounded concurrency. A product the service does not list is absent
   * from the map (treat it as 0 or unknown, as the caller needs).
   */
  async levelsFor(warehouseId: number, productIds: number[], options: { concurrency?: number } = {}): Promise<Map<number, number>> {
    const unique = [...new Set(productIds)];
    const chunks: number[][] = [];
    for (let i = 0; i < unique.length; i += IDS_PER_LEVELS_REQUEST) chunks.push(unique.slice(i, i + IDS_PER_LEVELS_REQUEST));
    const levels = new Map<number, number>();
    const concurrency = Math.max(1, options.concurrency ?? 4);
    let nextChunk = 0;
    const worker = async () => {
      while (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++]!;
        for await (const level of this.iterateStockLevels({ warehouseId, productIds: chunk }, { concurrency: 1 })) {
          if (Number(level.warehouseId ?? warehouseId) === warehouseId) levels.set(Number(level.productId), Number(level.quantity ?? 0));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
    return levels;
  }

  /** Not idempotent: never resent by the HTTP layer. */
  async stockTake(body: Record<string, unknown>): Promise<StockTakeResult> {
    const data = await this.call<unknown>({ method: 'POST', path: '/stock-takes', body, idempotent: false, operation: 'submit the stock take' });
    return recordFrom<StockTakeResult>(data, 'stockTake');
  }

  /** Not idempotent: never resent by the HTTP layer. */
  async receiveStock(body: Record<string, unknown>): Promise<StockReceiptResult> {
    const data = await this.call<unknown>({ method: 'POST', path: '/stock-receipts', body, idempotent: false, operation: 'record the stock receipt' });
    return recordFrom<StockReceiptResult>(data, 'receipt');
  }

  /** Not idempotent: never resent by the HTTP layer. */
  async adjustStock(body: Record<string, unknown>): Promise<StockAdjustmentResult> {
    const data = await this.call<unknown>({ method: 'POST', path: '/stock-adjustments', body, idempotent: false, operation: 'adjust the stock' });
    return recordFrom<StockAdjustmentResult>(data, 'adjustment');
  }

  /**
   * Turns product ids, barcodes and product codes into product ids. The seed has
   * no search operation, so this walks the catalogue once (or, for a handful of
   * bare ids, reads each product) and keeps only what the refs ask about.
   * Results are in the order of refs.
   */
  async resolveProductRefs(refs: ProductRef[], options: IterateOptions = {}): Promise<ResolvedProductRef[]> {
    const onlyIds = refs.every((ref) => ref.productId !== undefined && ref.barcode === undefined && ref.productCode === undefined);
    if (onlyIds && new Set(refs.map((r) => r.productId)).size <= 20) return this.resolveFewIds(refs);

    const wantedIds = new Set<number>();
    const wantedBarcodes = new Set<string>();
    const wantedCodes = new Set<string>();
    for (const ref of refs) {
      if (ref.productId !== undefined) wantedIds.add(ref.productId);
      else if (ref.barcode !== undefined) wantedBarcodes.add(ref.barcode.trim());
      else if (ref.productCode !== undefined) wantedCodes.add(ref.productCode.trim().toLowerCase());
    }
    type Found = { productId: number; productName: string; isActive: boolean };
    const byId = new Map<number, Found>();
    const byBarcode = new Map<string, Found[]>();
    const byCode = new Map<string, Found[]>();
    const add = (map: Map<string, Found[]>, key: string, found: Found) => {
      const list = map.get(key);
      if (!list) map.set(key, [found]);
      else if (!list.some((f) => f.productId === found.productId)) list.push(found);
    };
    for await (const product of this.iterateProducts({}, options)) {
      const found: Found = { productId: product.productId, productName: product.productName, isActive: product.isActive };
      if (wantedIds.has(product.productId)) byId.set(product.productId, found);
      for (const barcode of product.barcodes) if (wantedBarcodes.has(barcode)) add(byBarcode, barcode, found);
      const code = typeof product.productCode === 'string' ? product.productCode.trim().toLowerCase() : undefined;
      if (code && wantedCodes.has(code)) add(byCode, code, found);
    }

    return refs.map((ref) => {
      if (ref.productId !== undefined) {
        const found = byId.get(ref.productId);
        return found ? { ref, ...found } : { ref, problem: `no product has id ${ref.productId}` };
      }
      const [label, matches] =
        ref.barcode !== undefined
          ? [`barcode ${ref.barcode}`, byBarcode.get(ref.barcode.trim())]
          : ref.productCode !== undefined
            ? [`productCode ${ref.productCode}`, byCode.get(ref.productCode.trim().toLowerCase())]
            : ['', undefined];
      if (!label) return { ref, problem: 'names no product (give productId, barcode or productCode)' };
      if (!matches?.length) return { ref, problem: `no product has ${label}` };
      if (matches.length > 1) return { ref, problem: `${label} matches more than one product (${matches.map((m) => m.productId).join(', ')})` };
      return { ref, ...matches[0]! };
    });
  }

  private async resolveFewIds(refs: ProductRef[]): Promise<ResolvedProductRef[]> {
    const ids = [...new Set(refs.map((r) => r.productId!))];
    const found = new Map<number, Product | undefined>();
    await Promise.all(
      ids.map(async (id) => {
        try {
          found.set(id, await this.getProduct(id));
        } catch (error) {
          if (error instanceof NotFoundError) found.set(id, undefined);
          else throw error;
        }
      }),
    );
    return refs.map((ref) => {
      const product = found.get(ref.productId!);
      return product
        ? { ref, productId: product.productId, productName: product.productName, isActive: product.isActive }
        : { ref, problem: `no product has id ${ref.productId}` };
    });
  }
}
