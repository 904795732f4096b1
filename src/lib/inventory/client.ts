// The inventory service client: every inventory call the commands make, on the
// shared HTTP layer, each through the profile's route map (./routes.ts) and
// each answer read through the reading layer into the views of ./views.ts.
// Knows nothing of the terminal or of zod: callers validate bodies with
// ./schemas.ts before handing them here.

import type { ServiceDeps } from '../service-deps.js';
import { ApiError, NotFoundError, UnknownOutcomeError } from '../errors.js';
import type { HttpResponse, RequestOptions } from '../http.js';
import {
  AnswerMismatchError,
  asText,
  checkSame,
  hasNextPage,
  sameId,
  readPageInfo,
  readRecord,
  readRecordList,
  readRecords,
  RecordReader,
  sourceOf,
  withSource,
  type AnswerSource,
  type FieldSpec,
  type RawRecord,
} from '../reading.js';
import { Checking, RECORD_SHAPES, readWriteAnswer, shapeChecked, shapedRow, type RecordShape } from '../records.js';
import { productFields, resourceKeys, stockLevelFields } from './fields.js';
import { InventoryRouteMap, writeFieldsIn, type InventoryOperation, type ReplacingField } from './routes.js';
import { classifyFailure } from '../writes/rule.js';
import { placeChanges, replacingBody, replacingNamesOf, unheldChanges } from './replacing-update.js';
import { JSON_PATCH_MEDIA_TYPE, jsonPatchOf, productChanges, refuseUnpatchable } from './json-patch.js';
import { venueHint } from '../hint-command.js';
import { inventoryErrors, type InventoryErrorContext } from './error-codes.js';
import type { HealthReading } from './health.js';
import type {
  Category,
  ContainerType,
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
import {
  adjustmentView,
  categoryView,
  classView,
  containerView,
  productView,
  productViewOf,
  receiptView,
  stockLevelNeeds,
  stockLevelViewWith,
  withLevel,
  type StockLevelNeeds,
  stockTakeView,
  supplierView,
  taxGroupView,
  warehouseView,
} from './views.js';
import { isHealthReport, readHealth } from './health.js';

/**
 * A write's view, its answer first read as a read's through the resource's
 * shape: every field by its type (exit 6 naming one of another type), not
 * only those the view shows.
 */
function checkedWrite<T>(shape: RecordShape, view: (r: RecordReader) => T): (r: RecordReader) => T {
  return (reader) => {
    readWriteAnswer(reader, shape);
    return view(reader);
  };
}

/** A numeric id as the service wrote it (exact past 2^53), when it wrote it flat. */
function exactId(reader: RecordReader, spec: FieldSpec<'ref'>): string | undefined {
  const value = reader.value(spec);
  return typeof value === 'string' || typeof value === 'bigint' ? asText(value)?.trim() : undefined;
}

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
  /** Digit strings for ids beyond 2^53, which a number would round. */
  productIds?: Array<number | string>;
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
const SERVICE = 'inventory';

type Query = RequestOptions['query'];

/**
 * Pages in order with at most `concurrency` requests in flight. The first page
 * tells how many there are (totals in the body, a meta object or headers);
 * without totals it walks on while the service says more follow (hasMore, a
 * next link) or, saying nothing, while pages come back full.
 * Yields whole pages: a consumer that writes a page at a time (the bulk
 * output) saves a promise turn per item, which at 100,000 items is most of
 * the cost of listing.
 * `read` makes a page's items of what was fetched (the client's records read
 * into views or venue's shape) as the consumer takes the page, not as it
 * arrives: pages waiting their turn hold only what the service sent, and
 * what is read from them lives only while the consumer writes it (a listing
 * of 100,000 records read them all on arrival, every page's copies kept
 * through the collections of the pages in flight).
 */
export function pagesInOrder<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options?: { concurrency?: number; onPage?: (info: PageInfo) => void },
): AsyncGenerator<T[]>;
export function pagesInOrder<R, T>(
  fetchPage: (page: number) => Promise<Page<R>>,
  options: { concurrency?: number; onPage?: (info: PageInfo) => void },
  read: (items: R[]) => T[],
): AsyncGenerator<T[]>;
export async function* pagesInOrder<R, T>(
  fetchPage: (page: number) => Promise<Page<R>>,
  options: { concurrency?: number; onPage?: (info: PageInfo) => void } = {},
  read: (items: R[]) => T[] = (items) => items as unknown as T[],
): AsyncGenerator<T[]> {
  const concurrency = Math.max(1, Math.min(16, options.concurrency ?? 4));
  const report = (page: Page<R>) =>
    options.onPage?.({
      page: page.page,
      count: page.items.length,
      totalItems: page.totalItems,
      totalPages: page.totalPages,
    });

  const first = await fetchPage(1);
  report(first);
  let totalPages = first.totalPages;
  if (
    first.totalItems !== undefined &&
    first.items.length > 0 &&
    first.items.length < first.pageSize &&
    first.totalItems > first.items.length
  ) {
    // A short first page of a longer list: the service keeps pages smaller than asked, so count pages by its size.
    totalPages = Math.ceil(first.totalItems / first.items.length);
  }
  if (totalPages === undefined) {
    yield read(first.items);
    let previous = first;
    for (let page = 2; previous.more; page++) {
      previous = await fetchPage(page);
      report(previous);
      yield read(previous.items);
    }
    return;
  }

  let next = 2;
  const inFlight: Array<Promise<Page<R>>> = [];
  const launch = () => {
    const promise = fetchPage(next++);
    // A page the consumer never reaches (it stopped, or an earlier one failed) must not crash the process.
    promise.catch(() => undefined);
    inFlight.push(promise);
  };
  const fill = () => {
    while (next <= totalPages && inFlight.length < concurrency) launch();
  };
  // With pages to spare in flight, the next ones are asked for while the consumer handles the first (its output
  // took a venue's whole wait for an answer before: a fleet's venues sat idle). One at a time (--limit paging one
  // by one) asks for no page before the consumer wants it.
  if (concurrency > 1) fill();
  yield read(first.items);
  fill();
  while (inFlight.length > 0) {
    const page = await inFlight.shift()!;
    if (next <= totalPages) launch();
    report(page);
    yield read(page.items);
  }
}

/** The same, an item at a time. */
export async function* iteratePages<R, T>(
  fetchPage: (page: number) => Promise<Page<R>>,
  options: { concurrency?: number; onPage?: (info: PageInfo) => void },
  read: (items: R[]) => T[],
): AsyncGenerator<T> {
  for await (const items of pagesInOrder(fetchPage, options, read)) yield* items;
}

/** A page's records read one by one into what `read` makes of each. */
const eachRead =
  <T>(read: (raw: RawRecord) => T) =>
  (records: RawRecord[]): T[] =>
    records.map(read);

interface CallOptions {
  query?: Query;
  body?: unknown;
  idempotent?: boolean;
  /** Health needs no token. */
  auth?: false;
  /** In words, for messages: "list products". */
  operation: string;
  /** The Idempotency-Key of a write, stable across reruns of one journal entry. */
  idempotencyKey?: string;
  beforeSend?: () => Promise<void>;
  /** The write's fields its route carries ({productId}, {warehouseId}: routes.ts writeFieldsIn), by venue's names. */
  writeFields?: Record<string, string>;
  /** Headers of this call alone (If-Match). */
  headers?: Record<string, string>;
  /** The body is already in the vendor's names (a replacing update's or a JSON Patch, built of the record as read): sent as it is. */
  vendorNamed?: boolean;
  /** The JSON body's media type where it is not application/json (a JSON Patch's). */
  mediaType?: string;
}

/**
 * A product changed: its record, and how the change is known: its answer; read after an answer that held no record
 * (a 204); read back after the answer was lost; or, for an update made of the product as read, nothing sent because
 * it held every change already (the record as read).
 */
export interface UpdatedProduct {
  product: Product;
  settled: 'answered' | 'read-after' | 'read-back' | 'unchanged';
}

/** What a caller may pass with a write. */
export interface WriteOptions {
  /** Sent as the Idempotency-Key header: the same for every rerun of one journal entry. */
  idempotencyKey?: string;
  /** Awaited just before the request leaves (the journal marks it sending): see HttpClient.request. */
  beforeSend?: () => Promise<void>;
}

export class InventoryClient {
  protected readonly routes: InventoryRouteMap;

  constructor(protected readonly deps: ServiceDeps) {
    this.routes = deps.routes ?? InventoryRouteMap.defaults();
  }

  /** One operation through the profile's route map, its answer read in venue's names (inventory.answerNames). */
  private async send(
    operation: InventoryOperation,
    params: string[],
    options: CallOptions,
  ): Promise<HttpResponse<unknown>> {
    const { method, path, query, headers } = this.routes.resolve(operation, params, options.writeFields);
    const response = await this.deps.http.request<unknown>({
      method,
      path,
      // The route's per-venue query values (a business or storefront key) go with venue's own filters.
      query: query ? { ...options.query, ...query } : options.query,
      // And its per-venue headers (a hotel or bar id every call names).
      ...(headers || options.headers ? { headers: { ...headers, ...options.headers } } : {}),
      // Written in the vendor's names where its document gives others (inventory.bodyNames).
      body: options.vendorNamed ? options.body : this.routes.vendorBody(operation, options.body),
      ...(options.mediaType ? { mediaType: options.mediaType } : {}),
      idempotent: options.idempotent,
      auth: options.auth === false ? undefined : this.deps.token,
      operation: options.operation,
      ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {}),
      ...(options.beforeSend ? { beforeSend: options.beforeSend } : {}),
    });
    // Read in venue's names where the vendor's document uses its own words (inventory.answerNames); --verbose shows the body as sent.
    return { ...response, data: this.routes.venueAnswer(operation, response.data) };
  }

  private source(operation: string, write = false): AnswerSource {
    return { service: SERVICE, operation, accepted: write };
  }

  /** Runs a call; an error answer is worded by the inventory's error table (error-codes.ts): a missing product named as such. */
  private async explaining<T>(
    call: InventoryOperation,
    context: InventoryErrorContext,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw inventoryErrors.errorFor(error, call, context);
    }
  }

  /** A record answer read into a view. */
  private async one<T>(
    operation: InventoryOperation,
    params: string[],
    options: CallOptions,
    what: string,
    keys: readonly string[],
    view: (r: RecordReader) => T,
  ): Promise<T> {
    const response = await this.send(operation, params, options);
    return view(readRecord(response.data, this.source(options.operation, options.idempotent === false), what, keys));
  }

  /** A list answer (bare or in any envelope) read into views. */
  private async many<T>(
    operation: InventoryOperation,
    options: CallOptions,
    what: string,
    keys: readonly string[],
    view: (r: RecordReader) => T,
  ): Promise<T[]> {
    const response = await this.send(operation, [], options);
    return readRecords(response.data, this.source(options.operation), what, keys).map(view);
  }

  /**
   * One page of a paged list, with whatever paging the service gave: its
   * records as the service sent them (each checked to be a record), for the
   * caller to read (pagesInOrder reads a page as it is taken).
   */
  private async pageOfRecords(
    operation: InventoryOperation,
    options: CallOptions & { page: number; pageSize: number },
    what: string,
    keys: readonly string[],
  ): Promise<Page<RawRecord>> {
    const response = await this.send(operation, [], options);
    const items = readRecordList(response.data, this.source(options.operation), what, keys);
    const info = readPageInfo(response.data, response.headers, items.length);
    // The page is the one asked for: a service's own count of it may start at 0 (Spring's page.number does,
    // whatever its `page` parameter counts from), so it decides nothing.
    const page = options.page;
    const pageSize = info.pageSize ?? options.pageSize;
    const totalPages =
      info.totalPages ??
      (info.totalItems !== undefined && pageSize > 0 ? Math.ceil(info.totalItems / pageSize) : undefined);
    const saidNothing =
      info.hasMore === undefined &&
      info.totalPages === undefined &&
      info.totalItems === undefined &&
      info.next === undefined;
    // With no paging said, a page longer than asked means the service ignores paging: that was all of it.
    const more = hasNextPage(info, page, pageSize, items.length) && !(saidNothing && items.length > options.pageSize);
    const result: Page<RawRecord> = { items, page, pageSize, more };
    if (info.totalItems !== undefined) result.totalItems = info.totalItems;
    if (totalPages !== undefined) result.totalPages = totalPages;
    return result;
  }

  /**
   * The service's health report, judged. An unhealthy service answers 503
   * (or another 5xx) with its report: that report is the answer, read like a
   * 200's. Asked once, with no token and no retry: a retry would only hide
   * what the service says of itself.
   */
  async health(): Promise<HealthReading> {
    const operation = 'check the inventory service health';
    let body: unknown;
    let status: number;
    try {
      const response = await this.deps.http.request<unknown>({
        ...this.routes.resolve('health'),
        operation,
        retries: 0,
      });
      ({ data: body, status } = response);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status < 500 || !isHealthReport(error.info.body)) throw error;
      ({ body, status } = error.info);
    }
    return readHealth(body, status, this.source(operation));
  }

  // ---------------------------------------------------------------- products

  /** A page of products, each read once into its view (productView: shaped and checked by the product shape's plan). */
  async listProducts(query: ProductQuery = {}): Promise<Page<Product>> {
    const page = await this.productRecordPage(query);
    return { ...page, items: page.items.map(this.productViews()) };
  }

  /** A listing's reading of products into views: one checking for all its pages. */
  private productViews(): (raw: RawRecord) => Product {
    const check = new Checking(this.source('list products'), 'product');
    return (raw) => productViewOf(shapeChecked(raw, RECORD_SHAPES.product, check), raw);
  }

  private productRecordPage(query: ProductQuery): Promise<Page<RawRecord>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    return this.pageOfRecords(
      'listProducts',
      { query: { ...query, page, pageSize } as Query, operation: 'list products', page, pageSize },
      'product',
      resourceKeys.products,
    );
  }

  iterateProducts(
    query: Omit<ProductQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<Product> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return iteratePages(
      (page) => this.productRecordPage({ ...query, page, pageSize }),
      options,
      eachRead(this.productViews()),
    );
  }

  /** Every page of products, a page at a time (for streaming output). */
  productPages(
    query: Omit<ProductQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<Product[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return pagesInOrder(
      (page) => this.productRecordPage({ ...query, page, pageSize }),
      options,
      eachRead(this.productViews()),
    );
  }

  /**
   * Every page of products as records in venue's shape, for machine formats:
   * each product shaped and checked for what it must hold by the product
   * shape's plan (records.ts), the one reading its view is made from (the
   * same exit 6), never also read into a view it would not print.
   */
  productRecordPages(
    query: Omit<ProductQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<object[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    const check = new Checking(this.source('list products'), 'product');
    const asRecord = (raw: RawRecord) =>
      shapedRow(raw, RECORD_SHAPES.product, shapeChecked(raw, RECORD_SHAPES.product, check));
    return pagesInOrder((page) => this.productRecordPage({ ...query, page, pageSize }), options, eachRead(asRecord));
  }

  /** productId as typed (a digit string stays exact past 2^53) or a number. A product with another id is an answer about something else (exit 6). */
  async getProduct(productId: number | string): Promise<Product> {
    const operation = `read product ${productId}`;
    return this.explaining('getProduct', { what: `product ${productId}` }, () =>
      this.one('getProduct', [String(productId)], { operation }, 'product', resourceKeys.product, (reader) => {
        const product = productView(reader);
        checkSame(
          this.source(operation),
          'productId',
          productId,
          exactId(reader, productFields.productId) ?? product.productId,
          reader.raw,
        );
        return product;
      }),
    );
  }

  /** Not idempotent: a lost answer is an UnknownOutcomeError (exit 7), never resent. */
  async createProduct(body: Record<string, unknown>): Promise<Product> {
    return this.one(
      'createProduct',
      [],
      { body, idempotent: false, operation: 'create the product' },
      'product',
      resourceKeys.product,
      productView,
    );
  }

  /**
   * Changes the fields of patch (venue's names). A partial update sends only them. Where the profile's update
   * replaces the record (inventory.updateReplaces) the product is read first and sent whole (replaceProduct); where it
   * takes a JSON Patch (inventory.jsonPatch) the product is read first and operations on the changed fields are sent
   * (patchProduct).
   */
  async updateProduct(productId: number | string, patch: Record<string, unknown>): Promise<UpdatedProduct> {
    if (this.routes.updateReplaces) return this.replaceProduct(productId, patch, this.routes.updateReplaces);
    if (this.routes.jsonPatch?.includes('updateProduct')) return this.patchProduct(productId, patch);
    const product = await this.explaining('updateProduct', { what: `product ${productId}` }, () =>
      this.one(
        'updateProduct',
        [String(productId)],
        { body: patch, idempotent: false, operation: `update product ${productId}` },
        'product',
        resourceKeys.product,
        productView,
      ),
    );
    return { product, settled: 'answered' };
  }

  /**
   * A replacing update: the product read (its getProduct route, the vendor's own body), the changes set on the
   * fields the update takes, the whole sent with If-Match where the read answered an ETag (writeAfterRead). A record
   * that cannot be read, or lacks a field the update takes, is exit 6 before anything is sent.
   */
  private async replaceProduct(
    productId: number | string,
    patch: Record<string, unknown>,
    fields: readonly ReplacingField[],
  ): Promise<UpdatedProduct> {
    const names = replacingNamesOf(this.routes);
    // What the update cannot carry is refused before anything is read or sent.
    const placed = placeChanges(fields, patch, names);
    const read = await this.readToChange(productId, `read product ${productId} to send it whole`);
    const body = replacingBody(fields, placed, read.record, read.source, names);
    return this.writeAfterRead(productId, patch, read.etag, { body });
  }

  /**
   * A JSON Patch update (json-patch.ts): the product read, then replace, add and remove operations on the fields
   * the changes touch, in the vendor's names (the same body of fields a partial update sends, routes.vendorBody),
   * sent as application/json-patch+json with If-Match where the read answered an ETag (writeAfterRead). Nothing is
   * sent where the product already holds every change. A supplier change is exit 2 before anything is read.
   */
  private async patchProduct(productId: number | string, patch: Record<string, unknown>): Promise<UpdatedProduct> {
    refuseUnpatchable(patch);
    const read = await this.readToChange(productId, `read product ${productId} to patch it`);
    const fields = this.routes.vendorBody('updateProduct', patch) as Record<string, unknown>;
    const operations = jsonPatchOf(productChanges(fields, read.record, replacingNamesOf(this.routes)));
    if (!operations.length) return { product: productView(read.record), settled: 'unchanged' };
    return this.writeAfterRead(productId, patch, read.etag, { body: operations, mediaType: JSON_PATCH_MEDIA_TYPE });
  }

  /** The product read before an update made of it: its record (the vendor's own body), checked to be it, and its ETag. */
  private async readToChange(
    productId: number | string,
    operation: string,
  ): Promise<{ record: RecordReader; source: AnswerSource; etag?: string }> {
    const source = this.source(operation);
    const read = await this.explaining('getProduct', { what: `product ${productId}` }, () =>
      this.send('getProduct', [String(productId)], { operation }),
    );
    const record = readRecord(read.data, source, 'product', resourceKeys.product);
    checkSame(
      source,
      'productId',
      productId,
      exactId(record, productFields.productId) ?? record.get(productFields.productId),
      record.raw,
    );
    return { record, source, ...(read.headers.etag ? { etag: read.headers.etag } : {}) };
  }

  /**
   * An update made of the product as read (replacing or JSON Patch), its body already in the vendor's names, sent
   * with If-Match where the read answered an ETag. A 412 is someone's change between the read and the write: nothing
   * changed by venue (exit 5, error-codes.ts). The outcome follows the one write rule (writes/rule.ts): the record
   * answered; an answer with no record (a 204) is accepted, the product read after it to show it.
   *
   * Never resent, by the HTTP layer or here. A PUT of one whole body is idempotent by HTTP's rule, but a resend is
   * safe only where nothing else changed the record in between: without If-Match it would put back values someone
   * else changed after the first send applied; with it, the first send's own change makes the resend a 412 that
   * would blame someone else. A POST that replaces is not idempotent at all, nor is a JSON Patch (an add to a list
   * adds twice). So a lost answer is settled by proof: the product read back, applied only where every changed field
   * holds its new value, else unknown (exit 7).
   */
  private async writeAfterRead(
    productId: number | string,
    patch: Record<string, unknown>,
    etag: string | undefined,
    request: { body: unknown; mediaType?: string },
  ): Promise<UpdatedProduct> {
    const operation = `update product ${productId}`;
    try {
      const response = await this.explaining('updateProduct', { what: `product ${productId}`, productId }, () =>
        this.send('updateProduct', [String(productId)], {
          ...request,
          vendorNamed: true,
          idempotent: false,
          operation,
          ...(etag ? { headers: { 'if-match': etag } } : {}),
        }),
      );
      if (response.data === undefined) return { product: await this.getProduct(productId), settled: 'read-after' };
      const record = readRecord(response.data, this.source(operation, true), 'product', resourceKeys.product);
      return { product: productView(record), settled: 'answered' };
    } catch (error) {
      if (classifyFailure(error).kind !== 'unknown') throw error;
      return this.settleByReading(productId, patch, error);
    }
  }

  /** A replacing update whose answer was lost, settled by reading the product back: applied only on proof. */
  private async settleByReading(
    productId: number | string,
    patch: Record<string, unknown>,
    lost: unknown,
  ): Promise<UpdatedProduct> {
    const said = lost instanceof Error ? lost.message : String(lost);
    const hint = `Check it with ${venueHint(['inventory', 'products', 'get', String(productId)])}; venue does not send it again by itself.`;
    let product: Product;
    try {
      product = await this.getProduct(productId);
    } catch (error) {
      throw new UnknownOutcomeError(
        `the update of product ${productId} was sent and its answer lost (${said}); reading the product back failed too (${error instanceof Error ? error.message : String(error)}): whether it was applied is unknown`,
        { cause: lost, hint },
      );
    }
    const unheld = unheldChanges(patch, product);
    if (unheld.length)
      throw new UnknownOutcomeError(
        `the update of product ${productId} was sent and its answer lost (${said}); read back, its ${unheld.join(', ')} ${unheld.length > 1 ? 'do' : 'does'} not hold the new value: whether it was applied is unknown (not applied, or changed again since)`,
        { cause: lost, hint },
      );
    return { product, settled: 'read-back' };
  }

  // ---------------------------------------------------------------- reference lists

  async categories(): Promise<Category[]> {
    return this.many(
      'listCategories',
      { operation: 'list categories' },
      'category',
      resourceKeys.categories,
      categoryView,
    );
  }

  /** categoryId space-padded to 10 characters. A class of another category than asked is an answer about something else (exit 6). */
  async classes(categoryId?: string): Promise<ProductClass[]> {
    const operation = 'list classes';
    const classes = await this.many(
      'listClasses',
      { query: { categoryId }, operation },
      'class',
      resourceKeys.classes,
      classView,
    );
    if (categoryId !== undefined)
      for (const c of classes) checkSame(this.source(operation), 'categoryId', categoryId, c.categoryId);
    return classes;
  }

  /** A warehouse of another location than asked is an answer about something else (exit 6). */
  async warehouses(locationId?: number): Promise<Warehouse[]> {
    const operation = 'list warehouses';
    const warehouses = await this.many(
      'listWarehouses',
      { query: { locationId }, operation },
      'warehouse',
      resourceKeys.warehouses,
      warehouseView,
    );
    if (locationId !== undefined)
      for (const w of warehouses) checkSame(this.source(operation), 'locationId', locationId, w.locationId);
    return warehouses;
  }

  async taxGroups(): Promise<TaxGroup[]> {
    return this.many(
      'listTaxGroups',
      { operation: 'list tax groups' },
      'tax group',
      resourceKeys.taxGroups,
      taxGroupView,
    );
  }

  async containers(): Promise<ContainerType[]> {
    return this.many(
      'listContainers',
      { operation: 'list container types' },
      'container type',
      resourceKeys.containers,
      containerView,
    );
  }

  async suppliers(): Promise<Supplier[]> {
    return this.many(
      'listSuppliers',
      { operation: 'list suppliers' },
      'supplier',
      resourceKeys.suppliers,
      supplierView,
    );
  }

  async createSupplier(body: Record<string, unknown>): Promise<Supplier> {
    return this.one(
      'createSupplier',
      [],
      { body, idempotent: false, operation: 'create the supplier' },
      'supplier',
      resourceKeys.supplier,
      checkedWrite(RECORD_SHAPES.supplier, supplierView),
    );
  }

  // ---------------------------------------------------------------- stock

  async stockLevels(query: StockLevelsQuery = {}): Promise<Page<StockLevel>> {
    const page = await this.stockLevelPage(query);
    return { ...page, items: page.items.map(this.stockLevelReader(query, stockLevelViewWith)) };
  }

  /** One page of stock levels, as the service sent them (stockLevelReader reads them). */
  private stockLevelPage(query: StockLevelsQuery): Promise<Page<RawRecord>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    return this.pageOfRecords(
      'stockLevels',
      {
        query: {
          warehouseId: query.warehouseId,
          productIds: query.productIds?.length ? query.productIds.join(',') : undefined,
          page,
          pageSize,
        },
        operation: 'read stock levels',
        page,
        pageSize,
      },
      'stock level',
      resourceKeys.stockLevels,
    );
  }

  /**
   * A listing's reading of stock levels: each shaped and checked once by the
   * stock level shape's plan (records.ts: its product and quantity), then
   * checked against what was asked (a level of another warehouse or product
   * than asked is an answer about something else, exit 6), then made by make.
   */
  private stockLevelReader<T>(
    query: StockLevelsQuery,
    make: (shaped: RawRecord, needs: StockLevelNeeds, raw: RawRecord) => T,
  ): (raw: RawRecord) => T {
    const source = this.source('read stock levels');
    const check = new Checking(source, 'stock level');
    return (raw) => {
      const shaped = shapeChecked(raw, RECORD_SHAPES.stockLevel, check);
      const level = stockLevelNeeds(shaped);
      if (query.warehouseId !== undefined) checkSame(source, 'warehouseId', query.warehouseId, level.warehouseId, raw);
      if (query.productIds?.length) {
        const reader = new RecordReader(raw, source, 'stock level');
        const id = exactId(reader, stockLevelFields.productId) ?? level.productId;
        if (!query.productIds.some((asked) => sameId(asked, id)))
          throw new AnswerMismatchError(source, 'productId', `one of ${query.productIds.join(', ')}`, String(id), raw);
      }
      return make(shaped, level, raw);
    };
  }

  iterateStockLevels(
    query: Omit<StockLevelsQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<StockLevel> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return iteratePages(
      (page) => this.stockLevelPage({ ...query, page, pageSize }),
      options,
      eachRead(this.stockLevelReader(query, stockLevelViewWith)),
    );
  }
  /** Every page of stock levels, a page at a time (for streaming output). */
  stockLevelPages(
    query: Omit<StockLevelsQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<StockLevel[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    return pagesInOrder(
      (page) => this.stockLevelPage({ ...query, page, pageSize }),
      options,
      eachRead(this.stockLevelReader(query, stockLevelViewWith)),
    );
  }

  /**
   * Every page of stock levels for machine formats: each level checked as its
   * view is (what it must hold, the warehouse and products asked) and shaped
   * once (records.ts), with what was checked beside it (levelOfRow) for the
   * caller's own checks; never also read into a view it would not print.
   */
  stockLevelRecordPages(
    query: Omit<StockLevelsQuery, 'page' | 'pageSize'> = {},
    options: IterateOptions = {},
  ): AsyncGenerator<object[]> {
    const pageSize = Math.min(MAX_PAGE_SIZE, options.pageSize ?? MAX_PAGE_SIZE);
    const asRecord = (shaped: RawRecord, needs: StockLevelNeeds, raw: RawRecord) =>
      withLevel(shapedRow(raw, RECORD_SHAPES.stockLevel, shaped), needs);
    return pagesInOrder(
      (page) => this.stockLevelPage({ ...query, page, pageSize }),
      options,
      eachRead(this.stockLevelReader(query, asRecord)),
    );
  }

  /**
   * Current quantity of each product in a warehouse, asked in chunks of 200 ids
   * with bounded concurrency. A product the service does not list is absent
   * from the map (the caller decides what that means); a level it lists
   * without a readable quantity is an UnreadableAnswerError, never 0.
   */
  async levelsFor(
    warehouseId: number,
    productIds: number[],
    options: { concurrency?: number } = {},
  ): Promise<Map<number, number>> {
    const unique = [...new Set(productIds)];
    const chunks: number[][] = [];
    for (let i = 0; i < unique.length; i += IDS_PER_LEVELS_REQUEST)
      chunks.push(unique.slice(i, i + IDS_PER_LEVELS_REQUEST));
    const levels = new Map<number, number>();
    const concurrency = Math.max(1, options.concurrency ?? 4);
    let nextChunk = 0;
    const worker = async () => {
      while (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++]!;
        for await (const level of this.iterateStockLevels({ warehouseId, productIds: chunk }, { concurrency: 1 })) {
          // A level that names no warehouse is of the one asked for.
          if (level.warehouseId === undefined || level.warehouseId === warehouseId)
            levels.set(level.productId, level.quantity);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
    return levels;
  }

  /**
   * The stock on hand of one product in a warehouse, its id as typed: a
   * digit string past 2^53 goes out exact, and the one level the service
   * lists for it is taken (a number would round the id and read another
   * product). Undefined when the service lists none.
   */
  async levelOf(warehouseId: number, productId: string): Promise<number | undefined> {
    if (Number.isSafeInteger(Number(productId)))
      return (await this.levelsFor(warehouseId, [Number(productId)])).get(Number(productId));
    const page = await this.stockLevels({ warehouseId, productIds: [productId], pageSize: 200 });
    const mine = page.items.filter(
      (l) => (l.warehouseId === undefined || l.warehouseId === warehouseId) && String(l.productId) === productId,
    );
    const only = page.items.filter((l) => l.warehouseId === undefined || l.warehouseId === warehouseId);
    return (mine[0] ?? (only.length === 1 ? only[0] : undefined))?.quantity;
  }

  /** Not idempotent: never resent blindly by the HTTP layer; options.idempotencyKey keeps reruns of one journal entry on one key. */
  async stockTake(body: Record<string, unknown>, options: WriteOptions = {}): Promise<StockTakeResult> {
    return this.stockWrite(
      'stockTake',
      body,
      { idempotent: false, operation: 'submit the stock take', ...options },
      'stock take',
      resourceKeys.stockTake,
      checkedWrite(RECORD_SHAPES.stockTake, stockTakeView),
    );
  }

  /** Not idempotent: never resent blindly by the HTTP layer; options.idempotencyKey keeps reruns of one journal entry on one key. */
  async receiveStock(body: Record<string, unknown>, options: WriteOptions = {}): Promise<StockReceiptResult> {
    return this.stockWrite(
      'receiveStock',
      body,
      { idempotent: false, operation: 'record the stock receipt', ...options },
      'receipt',
      resourceKeys.receipt,
      checkedWrite(RECORD_SHAPES.receipt, receiptView),
    );
  }

  /** Not idempotent: never resent blindly by the HTTP layer; options.idempotencyKey keeps reruns of one journal entry on one key. */
  async adjustStock(body: Record<string, unknown>, options: WriteOptions = {}): Promise<StockAdjustmentResult> {
    return this.stockWrite(
      'adjustStock',
      body,
      { idempotent: false, operation: 'adjust the stock', ...options },
      'adjustment',
      resourceKeys.adjustment,
      checkedWrite(RECORD_SHAPES.adjustment, adjustmentView),
    );
  }

  /**
   * A stock write through the profile's route. Where the route carries the
   * write's fields (a vendor keying stock by the product: "PUT
   * /products/{productId}/stock"), they go there and the body goes without
   * them. Where it carries a line's product, or the profile says the vendor
   * takes one line's record per call with the product in its body
   * (inventory.perLine: "POST /inventory_levels/set"), the write is sent one
   * call per line, in order: the write's fields and the line's in one flat body, each
   * call its own Idempotency-Key (the write's, with the line's number, so a
   * service recognises a repeated line). A line answered is applied; one that
   * fails after others were applied leaves the write partly applied, which
   * is unknown (exit 7), each line's outcome named, and the journal refuses
   * it until a person settles it: never resent, never doubled.
   */
  private async stockWrite<T extends object>(
    operation: 'stockTake' | 'receiveStock' | 'adjustStock',
    body: Record<string, unknown>,
    options: CallOptions,
    what: string,
    keys: readonly string[],
    view: (r: RecordReader) => T,
  ): Promise<T> {
    const route = this.routes.route(operation);
    const inRoute = writeFieldsIn(operation, route);
    const carried = (record: Record<string, unknown>) =>
      Object.fromEntries(inRoute.filter((n) => record[n] !== undefined).map((n) => [n, String(record[n])]));
    const without = (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([name]) => !inRoute.includes(name)));
    // One per-line sender, the product placed by the route's form: in its path or query (filled from the line and
    // left out of the body), or kept in the line's flat body (inventory.perLine).
    const line = this.routes.perLineForm(operation)?.line;
    if (!line)
      return this.one(operation, [], { ...options, body: without(body), writeFields: carried(body) }, what, keys, view);
    const { items, ...own } = body;
    const lines = (Array.isArray(items) ? items : []) as Array<Record<string, unknown>>;
    // The write's checks (schemas.ts) refuse a take or receipt of no lines before this: one here is a bug of ours.
    if (!lines.length) throw new Error(`a ${what} of no lines reached the client`);
    const source = this.source(options.operation, true);
    const answers: T[] = [];
    let unreadable: unknown;
    for (const [at, item] of lines.entries()) {
      const flat = { ...own, ...item };
      let response: HttpResponse<unknown>;
      try {
        response = await this.send(operation, [], {
          ...options,
          body: without(flat),
          writeFields: carried(flat),
          ...(options.idempotencyKey !== undefined ? { idempotencyKey: `${options.idempotencyKey}.${at + 1}` } : {}),
        });
      } catch (error) {
        // A first line refused or not sent leaves the whole write unapplied, its own outcome; one whose answer is
        // lost is unknown, and the lines after it, never sent, are named with it.
        if (at === 0 && (lines.length === 1 || classifyFailure(error).kind !== 'unknown')) throw error;
        throw partlyApplied(what, lines, at, error);
      }
      // Answered 2xx: applied, whatever its answer says; one that cannot be read is said once every line is sent.
      try {
        answers.push(view(readRecord(response.data, source, what, keys)));
      } catch (error) {
        unreadable ??= error;
      }
    }
    if (unreadable !== undefined) throw unreadable;
    return combineLineAnswers(answers);
  }

  /**
   * Turns product ids, barcodes and product codes into product ids. The seed has
   * no search operation, so this walks the catalogue once (or, for a handful of
   * bare ids, reads each product) and keeps only what the refs ask about.
   * Results are in the order of refs.
   */
  async resolveProductRefs(refs: ProductRef[], options: IterateOptions = {}): Promise<ResolvedProductRef[]> {
    const onlyIds = refs.every(
      (ref) => ref.productId !== undefined && ref.barcode === undefined && ref.productCode === undefined,
    );
    if (onlyIds && new Set(refs.map((r) => r.productId)).size <= 20) return this.resolveFewIds(refs);

    const wantedIds = new Set<number>();
    const wantedBarcodes = new Set<string>();
    const wantedCodes = new Set<string>();
    for (const ref of refs) {
      if (ref.productId !== undefined) wantedIds.add(ref.productId);
      else if (ref.barcode !== undefined) wantedBarcodes.add(ref.barcode.trim());
      else if (ref.productCode !== undefined) wantedCodes.add(ref.productCode.trim().toLowerCase());
    }
    type Found = { productId: number; productName: string; isActive?: boolean };
    const byId = new Map<number, Found>();
    const byBarcode = new Map<string, Found[]>();
    const byCode = new Map<string, Found[]>();
    const add = (map: Map<string, Found[]>, key: string, found: Found) => {
      const list = map.get(key);
      if (!list) map.set(key, [found]);
      else if (!list.some((f) => f.productId === found.productId)) list.push(found);
    };
    for await (const product of this.iterateProducts({}, options)) {
      const found: Found = {
        productId: product.productId,
        productName: product.productName,
        isActive: product.isActive,
      };
      if (wantedIds.has(product.productId)) byId.set(product.productId, found);
      for (const barcode of product.barcodes ?? []) if (wantedBarcodes.has(barcode)) add(byBarcode, barcode, found);
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
      if (matches.length > 1)
        return {
          ref,
          problem: `${label} matches more than one product (${matches.map((m) => m.productId).join(', ')})`,
        };
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

/**
 * A one-call-per-line write whose line `failed` did not go through after the
 * lines before it were answered (applied): the write as a whole is partly
 * applied, which no journal state but unknown can hold. The failing line's
 * own outcome is read by the one write rule (writes/rule.ts): refused, not
 * sent, or itself unknown.
 */
function partlyApplied(
  what: string,
  lines: Array<Record<string, unknown>>,
  failed: number,
  error: unknown,
): UnknownOutcomeError {
  const product = (line: Record<string, unknown>) => `product ${String(line.productId)}`;
  const kind = classifyFailure(error).kind;
  const outcome =
    kind === 'refused'
      ? 'was refused (not applied)'
      : kind === 'not-sent' || kind === 'interrupted-before-send'
        ? 'was not sent'
        : 'has an unknown outcome (it may have been applied)';
  const rest = lines.slice(failed + 1).map(product);
  // The message says it all (a workflow may show it without the details), the lists cut short past ten.
  const few = (names: string[]) =>
    names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', ');
  const applied = failed
    ? `is partly applied: ${failed} of ${lines.length} line(s) applied (${few(lines.slice(0, failed).map(product))}), then`
    : `may be partly applied: the first line,`;
  return new UnknownOutcomeError(
    `the ${what} was sent one call per line and ${applied} ${product(lines[failed]!)} ${outcome}${rest.length ? `; not sent: ${few(rest)}` : ''}`,
    {
      cause: error,
      details: [
        ...(failed ? [`applied (answered): ${lines.slice(0, failed).map(product).join(', ')}`] : []),
        `${product(lines[failed]!)} ${outcome}: ${error instanceof Error ? error.message : String(error)}`,
        ...(rest.length ? [`not sent: ${rest.join(', ')}`] : []),
      ],
      hint: 'Check the stock of these products, then settle the entry; venue does not send the lines again by itself.',
    },
  );
}

/**
 * Records as one: what every one says alike, and every one's lines (the lists
 * each holds under the same name), in order.
 */
function mergeRecords(records: Array<Record<string, unknown>>): Record<string, unknown> {
  const first = records[0]!;
  const lists = Object.keys(first).filter((name) => records.every((r) => Array.isArray(r[name])));
  const same = Object.entries(first).filter(
    ([name, value]) => !lists.includes(name) && records.every((r) => JSON.stringify(r[name]) === JSON.stringify(value)),
  );
  return {
    ...Object.fromEntries(same),
    ...Object.fromEntries(lists.map((name) => [name, records.flatMap((r) => r[name] as unknown[])])),
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answers of a write sent one call per line, as one: what every answer
 * says alike, and every answer's lines. Its service record is the answers as
 * the service sent them, merged the same way where each is a record (so -o
 * json reads it as a write of lines answered in one body, and --raw shows
 * every line the service answered); else their list.
 */
function combineLineAnswers<T extends object>(answers: T[]): T {
  if (answers.length === 1) return answers[0]!;
  const view = mergeRecords(answers as Array<Record<string, unknown>>);
  const sources = answers.map((a) => sourceOf(a));
  return withSource(view as T, sources.every(isPlainObject) ? mergeRecords(sources) : sources);
}
