// The inventory emulator (seed 002, operations 1-17) under /inventory, with the
// paths of docs/api-conventions.md; webhook subscribers (18-21) live in
// ../webhooks. Calls through this interface never emit webhook events (seed
// rule): only the in-venue simulation under /_sandbox/inventory does.

import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sandboxDemoSecrets } from '../rules/demo-secrets.js';
import {
  productCreate,
  productListQuery,
  productUpdate,
  stockAdjustment,
  stockLevelsQuery,
  stockReceipt,
  stockTake as stockTakeRequest,
  supplierCreate,
} from '../rules/inventory.js';
import { checkRequestsAgainstContract } from '../contract.js';
import { badRequest, SandboxHttpError } from '../http-error.js';
import type { SandboxContext, SandboxService } from '../types.js';
import { registerInventoryControl } from './control.js';
import {
  adjustStock,
  createProduct,
  createSupplier,
  receiveStock,
  stockTake,
  updateProduct,
  type MovementOrigin,
} from './operations.js';
import { demoInventoryState, indexOf, type InventoryState, type StoredProduct } from './state.js';
import { pageOf, parseWith, productOr404, productView, supplierView, timestamp, warehouseOr404 } from './views.js';

export type { InventoryState } from './state.js';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function productIdParam(request: FastifyRequest): number {
  const { productId } = request.params as { productId: string };
  if (!/^\d{1,15}$/.test(productId) || Number(productId) < 1) {
    throw badRequest('productId must be a positive whole number', [
      { field: 'productId', rule: 'must be a positive whole number' },
    ]);
  }
  return Number(productId);
}

const sameId = (a: string, b: string) => a.trimEnd() === b.trimEnd();

function filteredProducts(
  state: InventoryState,
  query: { productType?: number; saleType?: number; categoryId?: string; isActive?: boolean },
): StoredProduct[] {
  const { productType, saleType, categoryId, isActive } = query;
  if (productType === undefined && saleType === undefined && categoryId === undefined && isActive === undefined)
    return state.products;
  const index = indexOf(state);
  const key = `p|${productType}|${saleType}|${categoryId?.trimEnd()}|${isActive}`;
  const cached = index.filtered.get(key);
  if (cached && cached.version === index.version) return cached.items;
  const items = state.products.filter(
    (p) =>
      (productType === undefined || p.productType === productType) &&
      // "bitwise match": a product matches when it has any of the flags asked for.
      (saleType === undefined || (p.saleType & saleType) !== 0) &&
      (categoryId === undefined || sameId(p.categoryId, categoryId)) &&
      (isActive === undefined || p.isActive === isActive),
  );
  index.filtered.set(key, { version: index.version, items });
  return items;
}

type LevelRow = [StoredProduct, number];

function levelRows(
  state: InventoryState,
  warehouseId: number | undefined,
  productIds: number[] | undefined,
): LevelRow[] {
  const rowsOf = (product: StoredProduct, includeZero: boolean): LevelRow[] => {
    if (warehouseId !== undefined) {
      return product.stock[String(warehouseId)] !== undefined || includeZero ? [[product, warehouseId]] : [];
    }
    return Object.keys(product.stock).map((w) => [product, Number(w)] as LevelRow);
  };
  if (productIds) {
    const index = indexOf(state);
    const rows: LevelRow[] = [];
    for (const id of new Set(productIds)) {
      const product = index.byId.get(id);
      // Asked by id, a product with no stock record in the warehouse has 0 there.
      if (product) rows.push(...rowsOf(product, true));
    }
    return rows;
  }
  const index = indexOf(state);
  const key = `l|${warehouseId}`;
  const cached = index.filtered.get(key) as unknown as { version: number; items: LevelRow[] } | undefined;
  if (cached && cached.version === index.version) return cached.items;
  const rows: LevelRow[] = [];
  for (const product of state.products) rows.push(...rowsOf(product, false));
  index.filtered.set(key, { version: index.version, items: rows as unknown as StoredProduct[] });
  return rows;
}

function levelView([product, warehouseId]: LevelRow) {
  return {
    productId: product.productId,
    productName: product.productName,
    productCode: product.productCode ?? null,
    warehouseId,
    quantity: product.stock[String(warehouseId)] ?? 0,
    averageUnitCost: product.averageUnitCost,
    lastPurchasePrice: product.lastPurchasePrice,
  };
}

/**
 * A stock write made through the interface, with its Idempotency-Key header:
 * kept on the movement as the tests' oracle, never used to deduplicate (the
 * sandbox applies what it is sent; keeping a receipt single is the client's job).
 */
function fromApi(request: FastifyRequest): MovementOrigin {
  const key = request.headers['idempotency-key'];
  return { source: 'api', idempotencyKey: (Array.isArray(key) ? key[0] : key) ?? null };
}

async function authed(request: FastifyRequest, sandbox: SandboxContext): Promise<void> {
  await sandbox.tokens.require(request, ['inventory']);
}

export const inventoryService: SandboxService<InventoryState> = {
  name: 'inventory',
  prefix: '/inventory',
  demoState: demoInventoryState,

  register(app, sandbox, getState) {
    checkRequestsAgainstContract(app, sandbox, {
      service: 'inventory',
      prefix: '/inventory',
      security: { bearer: ['inventory'] },
      ownChecks: {
        'GET /products': (request) => parseWith(productListQuery, request.query, 'query'),
        'GET /products/{productId}': productIdParam,
        'POST /products': (request) => parseWith(productCreate, request.body, 'product'),
        'PATCH /products/{productId}': [
          productIdParam,
          (request) => parseWith(productUpdate, request.body, 'product update'),
        ],
        'POST /suppliers': (request) => parseWith(supplierCreate, request.body, 'supplier'),
        'GET /stock-levels': (request) => parseWith(stockLevelsQuery, request.query, 'query'),
        'POST /stock-takes': (request) => parseWith(stockTakeRequest, request.body, 'stock take'),
        'POST /stock-receipts': (request) => parseWith(stockReceipt, request.body, 'stock receipt'),
        'POST /stock-adjustments': (request) => parseWith(stockAdjustment, request.body, 'stock adjustment'),
      },
    });
    const at = () => timestamp(sandbox.now());

    app.post('/auth/token', async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const details = (['apiKey', 'apiSecret'] as const)
        .filter((field) => typeof body[field] !== 'string' || body[field] === '')
        .map((field) => ({ field, rule: 'is required' }));
      if (details.length) throw badRequest('apiKey and apiSecret are required', details);
      const keyOk = sameText(body.apiKey as string, sandboxDemoSecrets['inventory.apiKey']);
      const secretOk = sameText(body.apiSecret as string, sandboxDemoSecrets['inventory.apiSecret']);
      if (!keyOk || !secretOk) throw new SandboxHttpError(401, 'unauthorized', 'the API key or secret is not valid');
      const token = await sandbox.tokens.issue('inventory');
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      return { token, expiresAt: timestamp(new Date(exp * 1000)) };
    });

    // An unhealthy service answers 503 with its report (`venue sandbox settings --inventory-health`).
    app.get('/health', async (_request, reply) => {
      const health = sandbox.settings.inventoryHealth ?? 'ok';
      if (health === 'unhealthy') reply.code(503);
      return { status: health, database: health === 'unhealthy' ? 'disconnected' : 'connected', time: at() };
    });

    app.get('/products', async (request) => {
      await authed(request, sandbox);
      const query = parseWith(productListQuery, request.query, 'query');
      const items = filteredProducts(getState(), query);
      return pageOf(items, query.page ?? 1, query.pageSize ?? 50, productView);
    });

    app.get('/products/:productId', async (request) => {
      await authed(request, sandbox);
      return productView(productOr404(getState(), productIdParam(request)));
    });

    app.post('/products', async (request, reply) => {
      await authed(request, sandbox);
      const body = parseWith(productCreate, request.body, 'product');
      const product = createProduct(getState(), body, at());
      sandbox.changed();
      reply.code(201);
      return productView(product);
    });

    app.patch('/products/:productId', async (request) => {
      await authed(request, sandbox);
      const productId = productIdParam(request);
      const patch = parseWith(productUpdate, request.body, 'product update');
      const product = updateProduct(getState(), productId, patch, at());
      sandbox.changed();
      return productView(product);
    });

    app.get('/categories', async (request) => {
      await authed(request, sandbox);
      return { items: getState().categories };
    });

    app.get('/classes', async (request) => {
      await authed(request, sandbox);
      const { categoryId } = request.query as { categoryId?: string };
      const classes = getState().classes;
      return { items: categoryId ? classes.filter((c) => sameId(c.categoryId, categoryId)) : classes };
    });

    app.get('/warehouses', async (request) => {
      await authed(request, sandbox);
      const state = getState();
      const raw = (request.query as { locationId?: string }).locationId;
      if (raw !== undefined && !/^\d+$/.test(raw))
        throw badRequest('locationId must be a whole number', [
          { field: 'locationId', rule: 'must be a whole number' },
        ]);
      const locationId = raw === undefined ? state.localLocationId : Number(raw);
      return { items: state.warehouses.filter((w) => w.locationId === locationId) };
    });

    app.get('/tax-groups', async (request) => {
      await authed(request, sandbox);
      return { items: getState().taxGroups };
    });

    app.get('/containers', async (request) => {
      await authed(request, sandbox);
      return { items: getState().containers };
    });

    app.get('/suppliers', async (request) => {
      await authed(request, sandbox);
      return {
        items: getState()
          .suppliers.filter((s) => s.isActive)
          .map(supplierView),
      };
    });

    app.post('/suppliers', async (request, reply) => {
      await authed(request, sandbox);
      const body = parseWith(supplierCreate, request.body, 'supplier');
      const supplier = createSupplier(getState(), body, at());
      sandbox.changed();
      reply.code(201);
      return supplierView(supplier);
    });

    app.get('/stock-levels', async (request) => {
      await authed(request, sandbox);
      const query = parseWith(stockLevelsQuery, request.query, 'query');
      const state = getState();
      if (query.warehouseId !== undefined) warehouseOr404(state, query.warehouseId);
      return pageOf(
        levelRows(state, query.warehouseId, query.productIds),
        query.page ?? 1,
        query.pageSize ?? 50,
        levelView,
      );
    });

    app.post('/stock-takes', async (request, reply) => {
      await authed(request, sandbox);
      const result = stockTake(
        getState(),
        parseWith(stockTakeRequest, request.body, 'stock take'),
        at(),
        fromApi(request),
      );
      sandbox.changed();
      reply.code(201);
      return result;
    });

    app.post('/stock-receipts', async (request, reply) => {
      await authed(request, sandbox);
      const result = receiveStock(
        getState(),
        parseWith(stockReceipt, request.body, 'stock receipt'),
        at(),
        fromApi(request),
      );
      sandbox.changed();
      reply.code(201);
      return result;
    });

    app.post('/stock-adjustments', async (request, reply) => {
      await authed(request, sandbox);
      const result = adjustStock(
        getState(),
        parseWith(stockAdjustment, request.body, 'stock adjustment'),
        at(),
        fromApi(request),
      );
      sandbox.changed();
      reply.code(201);
      return result;
    });
  },

  registerControl: registerInventoryControl,
};
