// Inventory's route map. The seed names the 21 operations but gives the
// method and path of only five GETs, and not how the JWT is sent. Each venue's
// server may lay them out as its vendor chose, so a profile holds a route for
// every operation ("METHOD /path/{param}"), a base path and an auth scheme;
// `venue config import-openapi` fills them from the vendor's own document and
// `venue config set inventory.routes.<operation> "POST /x"` sets one by hand.
// Unset routes take venue's own layout (docs/api-conventions.md).

import { UsageError } from '../errors.js';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The 21 operations of the seed, in its order, with venue's default route. */
export const inventoryOperations = {
  authenticate: { route: 'POST /auth/token', words: 'Authenticate: exchange the API key and secret for a JWT' },
  health: { route: 'GET /health', words: 'Health: service status and database connectivity' },
  listProducts: { route: 'GET /products', words: 'List products (paged)' },
  getProduct: { route: 'GET /products/{productId}', words: 'Get product' },
  createProduct: { route: 'POST /products', words: 'Create product' },
  updateProduct: { route: 'PATCH /products/{productId}', words: 'Update product' },
  listCategories: { route: 'GET /categories', words: 'List categories' },
  listClasses: { route: 'GET /classes', words: 'List classes' },
  listWarehouses: { route: 'GET /warehouses', words: 'List warehouses' },
  listTaxGroups: { route: 'GET /tax-groups', words: 'List tax groups' },
  listContainers: { route: 'GET /containers', words: 'List container types' },
  listSuppliers: { route: 'GET /suppliers', words: 'List suppliers' },
  createSupplier: { route: 'POST /suppliers', words: 'Create supplier' },
  stockLevels: { route: 'GET /stock-levels', words: 'Get stock levels (paged)' },
  stockTake: { route: 'POST /stock-takes', words: 'Stock take' },
  receiveStock: { route: 'POST /stock-receipts', words: 'Receive stock' },
  adjustStock: { route: 'POST /stock-adjustments', words: 'Adjust stock' },
  listWebhooks: { route: 'GET /webhooks', words: 'List webhook subscribers' },
  createWebhook: { route: 'POST /webhooks', words: 'Create webhook subscriber' },
  updateWebhook: { route: 'PATCH /webhooks/{webhookId}', words: 'Update webhook subscriber' },
  deleteWebhook: { route: 'DELETE /webhooks/{webhookId}', words: 'Delete webhook subscriber' },
} as const satisfies Record<string, { route: string; words: string }>;

export type InventoryOperation = keyof typeof inventoryOperations;
export const inventoryOperationNames = Object.keys(inventoryOperations) as InventoryOperation[];

export function isInventoryOperation(name: string): name is InventoryOperation {
  return Object.hasOwn(inventoryOperations, name);
}

/** The config key of an operation's route. */
export function routeSettingKey(operation: InventoryOperation): `inventory.routes.${InventoryOperation}` {
  return `inventory.routes.${operation}`;
}

export interface Route {
  method: HttpVerb;
  /** "/products/{productId}" */
  path: string;
  /** Path parameter names in order: ["productId"]. */
  params: string[];
}

const VERBS: readonly HttpVerb[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** "POST /stock/receipts" → a Route; anything else is a usage error naming what is wrong. */
export function parseRoute(text: string, what = 'route'): Route {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(text);
  if (!match) throw new UsageError(`${what} must be "METHOD /path" such as "POST /stock-receipts" (got "${text}")`);
  const method = match[1]!.toUpperCase() as HttpVerb;
  if (!VERBS.includes(method)) throw new UsageError(`${what}: the method must be one of ${VERBS.join(', ')} (got "${match[1]}")`);
  const path = match[2]!;
  const params = [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
  if (/[{}]/.test(path.replace(/\{[^{}/]+\}/g, ''))) throw new UsageError(`${what}: unbalanced braces in "${path}"`);
  return { method, path, params };
}

export function formatRoute(route: Route): string {
  return `${route.method} ${route.path}`;
}

/** How the JWT goes on inventory calls: a bearer header, or a named header holding the bare token. */
export type AuthScheme = { type: 'bearer' } | { type: 'header'; name: string };

export function parseAuthScheme(text: string): AuthScheme {
  const value = text.trim();
  if (/^bearer$/i.test(value)) return { type: 'bearer' };
  const match = /^header:([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/i.exec(value);
  if (match) return { type: 'header', name: match[1]! };
  throw new UsageError(`inventory.auth must be "bearer" or "header:<Header-Name>" such as "header:X-Api-Token" (got "${text}")`);
}

export function formatAuthScheme(scheme: AuthScheme): string {
  return scheme.type === 'bearer' ? 'bearer' : `header:${scheme.name}`;
}

/** "/api/v2" kept without a trailing slash; "" for none. */
export function normaliseBasePath(text: string): string {
  const value = text.trim();
  if (value === '' || value === '/') return '';
  if (!value.startsWith('/') || /\s|\?|#/.test(value)) throw new UsageError(`inventory.basePath must be a path such as "/api/v2" (got "${text}")`);
  return value.replace(/\/+$/, '');
}

export type RouteOrigin = 'default' | 'profile' | 'environment';

/** A profile's whole route map, resolved: every operation has a route and says where it came from. */
export class InventoryRouteMap {
  constructor(
    private readonly routes: Record<InventoryOperation, { route: Route; origin: RouteOrigin }>,
    readonly basePath: string,
    readonly auth: AuthScheme,
  ) {}

  /** Builds the map from a setting reader (the profile's values; undefined where unset). */
  static fromSettings(read: (key: string) => { value?: string; source?: RouteOrigin | 'flag' | 'extends' } | undefined): InventoryRouteMap {
    const routes = {} as Record<InventoryOperation, { route: Route; origin: RouteOrigin }>;
    for (const operation of inventoryOperationNames) {
      const set = read(routeSettingKey(operation));
      if (set?.value) routes[operation] = { route: parseRoute(set.value, routeSettingKey(operation)), origin: set.source === 'environment' ? 'environment' : 'profile' };
      else routes[operation] = { route: parseRoute(inventoryOperations[operation].route), origin: 'default' };
    }
    const base = read('inventory.basePath')?.value;
    const auth = read('inventory.auth')?.value;
    return new InventoryRouteMap(routes, base ? normaliseBasePath(base) : '', auth ? parseAuthScheme(auth) : { type: 'bearer' });
  }

  static defaults(): InventoryRouteMap {
    return InventoryRouteMap.fromSettings(() => undefined);
  }

  route(operation: InventoryOperation): Route {
    return this.routes[operation].route;
  }

  origin(operation: InventoryOperation): RouteOrigin {
    return this.routes[operation].origin;
  }

  /**
   * The method and path to call: the base path, then the route with its
   * parameters filled in order (ids kept as given, encoded). A parameter
   * missing or empty is a bug of ours, never sent as an empty segment.
   */
  resolve(operation: InventoryOperation, ...params: string[]): { method: HttpVerb; path: string } {
    const route = this.route(operation);
    if (params.length !== route.params.length || params.some((p) => p === undefined || String(p) === '')) {
      throw new UsageError(`the ${operation} route "${formatRoute(route)}" needs ${route.params.length} path value(s), got ${JSON.stringify(params)}`);
    }
    let index = 0;
    const path = route.path.replace(/\{[^{}/]+\}/g, () => encodeURIComponent(params[index++]!));
    return { method: route.method, path: `${this.basePath}${path}` };
  }
}
