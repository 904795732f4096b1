// The OpenAPI document of what the sandbox serves, at GET /<service>/openapi.json.
// Wallet and booking publish their contract (openapi/) with the live
// address. Inventory publishes it as a vendor would: on the active route
// layout's paths and auth scheme, with operationIds, tags and summaries in a
// vendor's own style that never reuses venue's operationIds, so a client
// importing it has to match operations by method, path and wording.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renameResponseSchemas } from './answer-names.js';
import {
  CONTRACT_SERVICES,
  readOpenApiDocument,
  type ContractService,
  type OpenApiDocument,
} from './contract-files.js';
import { pascalCase } from './dialects/core.js';
import { flatRequestSchema, pathFieldSchema } from './line-keyed.js';
import { replacingRequestSchema } from './replacing.js';
import { JSON_PATCH_MEDIA_TYPE, jsonPatchRequestSchema } from './json-patch.js';
import type { AuthScheme, RouteLayout } from './routes.js';
import type { DialectName } from './types.js';

export type { OpenApiDocument, OpenApiOperation } from './contract-files.js';
export { readOpenApiDocument } from './contract-files.js';

export type PublishedService = ContractService;
export const publishedServices: readonly PublishedService[] = CONTRACT_SERVICES;

interface VendorWording {
  tag: string;
  name: string;
  summary: string;
}

/**
 * The vendor's names for venue's operations: "<Tag>_<Action>" operationIds
 * (the ASP.NET Swashbuckle habit), plural tags, summaries as sentences. An
 * operation the table does not know gets a name from its method and path.
 */
const vendorWording: Record<string, VendorWording> = {
  authenticate: {
    tag: 'Security',
    name: 'Security_GetToken',
    summary: 'Issues an access token for an API key and secret',
  },
  health: { tag: 'Status', name: 'Status_Get', summary: 'Reports the service status and database connectivity' },
  listProducts: {
    tag: 'Products',
    name: 'Products_GetAll',
    summary: 'Returns a page of products matching the filters',
  },
  getProduct: { tag: 'Products', name: 'Products_GetById', summary: 'Returns a single product by its identifier' },
  createProduct: {
    tag: 'Products',
    name: 'Products_Create',
    summary: 'Creates a product with its supplier link and opening stock',
  },
  updateProduct: { tag: 'Products', name: 'Products_Update', summary: 'Changes the supplied fields of a product' },
  listCategories: {
    tag: 'Lookups',
    name: 'Lookups_GetCategories',
    summary: 'Returns the product categories of the local site',
  },
  listClasses: {
    tag: 'Lookups',
    name: 'Lookups_GetClasses',
    summary: 'Returns the product classes, optionally those of one category',
  },
  listWarehouses: { tag: 'Lookups', name: 'Lookups_GetWarehouses', summary: 'Returns the warehouses of a site' },
  listTaxGroups: {
    tag: 'Lookups',
    name: 'Lookups_GetTaxGroups',
    summary: "Returns the tax groups of the site's tax zone",
  },
  listContainers: {
    tag: 'Lookups',
    name: 'Lookups_GetContainerTypes',
    summary: 'Returns the container types used for supplier links',
  },
  listSuppliers: { tag: 'Suppliers', name: 'Suppliers_GetAll', summary: 'Returns the active suppliers' },
  createSupplier: { tag: 'Suppliers', name: 'Suppliers_Create', summary: 'Creates a supplier' },
  stockLevels: { tag: 'Stock', name: 'Stock_GetLevels', summary: 'Returns stock on hand per product and warehouse' },
  stockTake: { tag: 'Stock', name: 'Stock_Count', summary: 'Records a stock count and sets stock on hand to it' },
  receiveStock: { tag: 'Stock', name: 'Stock_Receive', summary: 'Receives stock into a warehouse' },
  adjustStock: { tag: 'Stock', name: 'Stock_Adjust', summary: 'Adjusts the stock of a product in a warehouse' },
  listWebhooks: { tag: 'Webhooks', name: 'Webhooks_GetAll', summary: 'Returns the active webhook subscriptions' },
  createWebhook: { tag: 'Webhooks', name: 'Webhooks_Subscribe', summary: 'Subscribes a URL to inventory events' },
  updateWebhook: { tag: 'Webhooks', name: 'Webhooks_Update', summary: 'Changes a webhook subscription' },
  deleteWebhook: { tag: 'Webhooks', name: 'Webhooks_Unsubscribe', summary: 'Ends a webhook subscription' },
};

const tagDescriptions: Record<string, string> = {
  Security: 'Access tokens',
  Status: 'Service status',
  Products: 'Stock and modifier products',
  Lookups: 'Reference lists for products and suppliers',
  Suppliers: 'Suppliers',
  Stock: 'Stock on hand and stock movements',
  Webhooks: 'Event subscriptions',
};

function fallbackWording(method: string, vendorPath: string): VendorWording {
  const words = vendorPath
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .map((s) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()));
  const tag = words[0] ? words[0][0]!.toUpperCase() + words[0].slice(1) : 'General';
  const action =
    method[0]!.toUpperCase() +
    method.slice(1).toLowerCase() +
    words
      .slice(1)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
  return { tag, name: `${tag}_${action}`, summary: `${method.toUpperCase()} ${vendorPath}` };
}

const swapSecurity = (
  requirements: Array<Record<string, string[]>> | undefined,
  scheme: string,
  scopes: string[] = [],
) => requirements?.map((requirement) => (Object.keys(requirement).length ? { [scheme]: [...scopes] } : requirement));

/**
 * The inventory document as served under layout (venue's own paths and
 * Bearer when layout is undefined), for a client at origin.
 */
export function publishedInventoryDocument(
  origin: string,
  layout?: RouteLayout,
  dialect?: DialectName,
): OpenApiDocument {
  const source = readOpenApiDocument('inventory');
  const document = structuredClone(source);
  const basePath = layout?.basePath ?? '';
  const auth = layout?.auth ?? { type: 'bearer' as const };
  const scheme = schemeName[auth.type];
  const loginScheme = auth.type === 'bearer' || auth.type === 'header';
  const scopes = auth.type === 'oauth2' ? auth.scopes : [];
  const routeOf = new Map(layout?.routes.map((route) => [route.operationId, route]));
  // Answers in the vendor's own words where the layout says so (its answerNames), by venue's operationIds.
  if (layout?.answerNames) renameResponseSchemas(document as unknown as Record<string, unknown>, layout.answerNames);

  const paths: OpenApiDocument['paths'] = {};
  // Request schemas a flat body replaced: dropped below where nothing else names them, as the vendor never had them.
  const unreferenced: string[] = [];
  const usedNames = new Set<string>();
  const usedTags: string[] = [];
  for (const [canonicalPath, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation.operationId ?? '';
      // A scheme without a login route (a static key, OAuth2, basic) publishes none.
      if (id === 'authenticate' && !loginScheme) continue;
      const route = routeOf.get(id);
      const vendorMethod = (route?.method ?? method).toLowerCase();
      const vendorPath = route?.path ?? canonicalPath;
      const wording = vendorWording[id] ?? fallbackWording(vendorMethod, vendorPath);
      let name = wording.name;
      for (let n = 2; usedNames.has(name); n++) name = `${wording.name}${n}`;
      usedNames.add(name);
      if (!usedTags.includes(wording.tag)) usedTags.push(wording.tag);

      operation.operationId = name;
      operation.summary = wording.summary;
      operation.tags = [wording.tag];
      const ownScopes = auth.type === 'oauth2' ? (auth.operationScopes?.[id] ?? scopes) : scopes;
      if (operation.security) operation.security = swapSecurity(operation.security, scheme, ownScopes);
      // Path parameters take the layout's names, matched by position; its path variables ({tenant}) are declared too.
      // One the layout takes in the query (an RPC-style "?productId={productId}") is a required query parameter there.
      if (route && operation.parameters) {
        const inQuery = route.queryParams ?? [];
        const inPath = route.canonical.params.filter((p) => !inQuery.some((q) => q.param === p));
        for (const parameter of operation.parameters) {
          if (parameter.in !== 'path') continue;
          const query = inQuery.find((q) => q.param === parameter.name);
          if (query) {
            parameter.in = 'query';
            parameter.name = query.name;
            continue;
          }
          const at = inPath.indexOf(parameter.name);
          if (at !== -1) parameter.name = route.params[at]!;
        }
      }
      // A stock write keyed by a product in the path (or query): those fields are its parameters, its body the flat one.
      if (route?.flat) {
        const flat = route.flat;
        const canonical = source as unknown as Record<string, unknown>;
        operation.parameters = [
          ...[
            ...flat.pathFields.map((key) => ({ ...key, in: 'path' })),
            ...flat.queryFields.map((key) => ({ ...key, in: 'query' })),
          ].map(({ name, field, in: where }) => ({
            name,
            in: where,
            required: true,
            description: field === 'productId' ? 'The product identifier' : 'The warehouse identifier',
            schema: pathFieldSchema(canonical, flat, field),
          })),
          ...(operation.parameters ?? []),
        ];
        const schema = flatRequestSchema(canonical, flat);
        if (schema) {
          const before = JSON.stringify(operation.requestBody ?? null);
          unreferenced.push(...[...before.matchAll(/#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
          operation.requestBody = { required: true, content: { 'application/json': { schema } } };
        }
      }
      // A replacing update (replacing.ts): the whole product required, If-Match taken, 412 answered; reads say the ETag.
      // A JSON Patch update (json-patch.ts) the same, its body a JSON Patch of the product's fields.
      const patches = layout?.jsonPatch?.includes('updateProduct') ?? false;
      if ((layout?.replaces?.includes('updateProduct') || patches) && (id === 'updateProduct' || id === 'getProduct')) {
        const ok = (operation.responses as Record<string, Record<string, unknown>> | undefined)?.['200'];
        if (ok)
          ok.headers = {
            ETag: { description: 'The version of the product, for If-Match', schema: { type: 'string' } },
          };
        if (id === 'updateProduct') {
          operation.summary = patches
            ? 'Updates a product by a JSON Patch of its fields'
            : 'Replaces a product: send every field, as read with its changes';
          const before = JSON.stringify(operation.requestBody ?? null);
          unreferenced.push(...[...before.matchAll(/#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
          operation.requestBody = {
            required: true,
            content: patches
              ? { [JSON_PATCH_MEDIA_TYPE]: { schema: jsonPatchRequestSchema() } }
              : {
                  'application/json': {
                    schema: replacingRequestSchema(source as unknown as Record<string, unknown>),
                  },
                },
          };
          if (patches) patchAnswers(operation.responses as Record<string, unknown>);
          operation.parameters = [
            ...(operation.parameters ?? []),
            {
              name: 'If-Match',
              in: 'header',
              required: false,
              description: 'The ETag the product was read with: a product changed since is not replaced (412)',
              schema: { type: 'string' },
            },
          ] as typeof operation.parameters;
          (operation.responses as Record<string, unknown>)['412'] = {
            description: 'precondition_failed: the product changed since the ETag in If-Match was read',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          };
        }
      }
      // A subscriber's update that takes a JSON Patch (json-patch.ts): its body one, 409 and 415 answered.
      if (id === 'updateWebhook' && layout?.jsonPatch?.includes('updateWebhook')) {
        operation.summary = 'Updates a webhook subscription by a JSON Patch of its fields';
        const before = JSON.stringify(operation.requestBody ?? null);
        unreferenced.push(...[...before.matchAll(/#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
        operation.requestBody = {
          required: true,
          content: { [JSON_PATCH_MEDIA_TYPE]: { schema: jsonPatchRequestSchema() } },
        };
        patchAnswers(operation.responses as Record<string, unknown>);
      }
      if (route?.vars.length) {
        operation.parameters = [
          ...route.vars.map((name) => ({
            name,
            in: 'path',
            required: true,
            description: `Your ${name}: every path of the API is under it`,
            schema: { type: 'string' },
          })),
          ...(operation.parameters ?? []),
        ] as typeof operation.parameters;
      }
      // The layout's query variables (a business key): required on every operation, their value not published.
      if (layout?.queryVars) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          ...Object.keys(layout.queryVars).map((name) => ({
            name,
            in: 'query',
            required: true,
            description: `Your ${name}: every call of the API names it`,
            schema: { type: 'string' },
          })),
        ] as typeof operation.parameters;
      }
      // A second credential beside the key (an account id, a connection token): declared as vendors do, a header
      // parameter every secured operation requires beside the security scheme's key.
      if (auth.type === 'api-key' && auth.secondHeader && operation.security?.some((r) => Object.keys(r).length)) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: auth.secondHeader,
            in: 'header',
            required: true,
            description: 'Your connection token, given with your API key: it names the account the call is for',
            schema: { type: 'string' },
          },
        ] as typeof operation.parameters;
      }
      // The layout's header variables (a hotel or site id): required on every operation, their value not published.
      if (layout?.headerVars) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          ...Object.keys(layout.headerVars).map((name) => ({
            name,
            in: 'header',
            required: true,
            description: `Your ${name}: every call of the API sends it`,
            schema: { type: 'string' },
          })),
        ] as typeof operation.parameters;
      }
      (paths[vendorPath] ??= {})[vendorMethod] = operation;
    }
  }

  document.info = {
    ...document.info,
    title: 'Inventory Integration API',
    description:
      'Integration interface of the inventory application: products, lookups, suppliers, stock and webhook subscriptions. ' +
      authWords(auth),
  };
  document.servers = [{ url: `${origin}/inventory${basePath}` }];
  document.security = swapSecurity(document.security, scheme, scopes);
  document.tags = usedTags.map((name) => ({
    name,
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }));
  document.paths = paths;
  const schemas = document.components?.schemas as Record<string, unknown> | undefined;
  if (schemas && unreferenced.length) {
    const text = JSON.stringify(document);
    for (const name of unreferenced) if (!text.includes(`#/components/schemas/${name}"`)) delete schemas[name];
  }
  document.components = {
    ...document.components,
    securitySchemes: {
      [scheme]: securityScheme(auth, `${origin}/inventory${basePath}`),
    },
  };
  // The pascal dialect's vendor publishes its schemas as it speaks: property names in PascalCase, requests and answers.
  if (dialect === 'pascal') pascalSchemas(document);
  return document;
}

/** Every schema's property names (and required lists) in PascalCase, in place: components and inline schemas alike. */
function pascalSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) pascalSchemas(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const properties = record.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    record.properties = Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [pascalCase(name), schema]),
    );
    if (Array.isArray(record.required))
      record.required = record.required.map((name) => (typeof name === 'string' ? pascalCase(name) : name));
  }
  for (const value of Object.values(record)) pascalSchemas(value);
}

/** The securitySchemes entry's name for each kind of scheme. */
const schemeName: Record<AuthScheme['type'], string> = {
  bearer: 'BearerToken',
  header: 'ApiToken',
  'api-key': 'ApiKey',
  oauth2: 'OAuth2',
  basic: 'BasicAuth',
};

/** The securitySchemes entry of a layout's auth, its token URL absolute under base (the served inventory URL). */
function securityScheme(auth: AuthScheme, base: string): Record<string, unknown> {
  switch (auth.type) {
    case 'header':
      return { type: 'apiKey', in: 'header', name: auth.name, description: 'The bare token (no "Bearer " prefix)' };
    case 'api-key':
      return {
        type: 'apiKey',
        in: auth.in,
        name: auth.name,
        description: auth.prefix
          ? `The API key after "${auth.prefix}": ${auth.name}: ${auth.prefix}<key>`
          : 'The API key, bare',
      };
    case 'oauth2':
      return {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: `${base}${auth.tokenPath}`,
            scopes: Object.fromEntries(auth.scopes.map((scope) => [scope, `The ${scope} scope`])),
          },
        },
      };
    case 'basic':
      return { type: 'http', scheme: 'basic' };
    case 'bearer':
      return { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };
  }
}

/** The document's description of how to authenticate. */
function authWords(auth: AuthScheme): string {
  const token = vendorWording.authenticate!.name;
  switch (auth.type) {
    case 'header':
      return `Send the token from ${token} in the ${auth.name} header.`;
    case 'bearer':
      return `Send the token from ${token} as "Authorization: Bearer <token>".`;
    case 'api-key':
      return `Send your API key in the ${auth.name} ${auth.in === 'header' ? 'header' : 'query parameter'}${auth.prefix ? ` after "${auth.prefix}"` : ''}${auth.secondHeader ? `, and your connection token in the ${auth.secondHeader} header` : ''}.`;
    case 'oauth2':
      return 'Get a token by OAuth2 client credentials and send it as "Authorization: Bearer <token>".';
    case 'basic':
      return 'Authenticate every call with HTTP basic: your API key as the user name, your API secret as the password.';
  }
}

/** A service's published document for a client at origin. */
export function publishedDocument(
  service: PublishedService,
  origin: string,
  layout?: RouteLayout,
  dialect?: DialectName,
): OpenApiDocument {
  if (service === 'inventory') return publishedInventoryDocument(origin, layout, dialect);
  const document = structuredClone(readOpenApiDocument(service));
  document.servers = [{ url: `${origin}/${service}` }];
  return document;
}

/** The origin the client used (its Host header), else the sandbox's own. */
function requestOrigin(request: FastifyRequest, fallback: () => string): string {
  const host = request.headers.host;
  return host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `${request.protocol}://${host}` : fallback();
}

/** GET /<service>/openapi.json for each hosted service that has a contract. */
export function registerOpenApiPublishing(
  app: FastifyInstance,
  options: { services: string[]; layout?: RouteLayout; origin: () => string; dialect?: DialectName },
): void {
  for (const service of publishedServices) {
    if (!options.services.includes(service)) continue;
    app.get(`/${service}/openapi.json`, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return publishedDocument(
        service,
        requestOrigin(request, options.origin),
        service === 'inventory' ? options.layout : undefined,
        options.dialect,
      );
    });
  }
}

/** A JSON Patch update's own answers: 409 (a test failed, a path holds nothing) and 415 (another media type). */
function patchAnswers(responses: Record<string, unknown>): void {
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  responses['409'] ??= { description: 'conflict: a test operation failed, or a path holds nothing', content: error };
  responses['415'] = {
    description: 'unsupported_media_type: the body is not application/json-patch+json',
    content: error,
  };
}
