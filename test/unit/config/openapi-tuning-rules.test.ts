// Rules of the matcher found by studying why the tuning set's documents were
// missed or mapped wrong (test/fixtures/openapi/vendors/cases-new.ts: weclapp,
// ShipEngine, Akeneo, Katana, Lightspeed, Shopware, commercetools, Etsy,
// Salesforce), each stated for any document and tested on a small document
// written for it; where the tuning document itself is present (they are not
// committed), on it too. No rule names a vendor.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InventoryOperation } from '../../../src/lib/inventory/routes.js';
import { loadDocument } from '../../../src/lib/openapi/load.js';
import {
  planImport,
  type ImportPlan,
  type MappedOperation,
  type UnmappedOperation,
} from '../../../src/lib/openapi/import.js';
import { commonBasePath, remainderAfter, splitServerUrl } from '../../../src/lib/openapi/servers.js';
import { warnings } from '../../../src/lib/openapi/review.js';
import { repoRoot } from '../../support/venue.js';

const vendors = path.join(repoRoot, 'test/fixtures/openapi/vendors');
const noFetch = { fetchText: async (url: string) => Promise.reject(new Error(`no network in unit tests: ${url}`)) };
const absent = (...files: string[]) => !files.every((f) => fs.existsSync(path.join(vendors, f)));

function inMemory(document: Record<string, unknown>, label = 'memory') {
  return {
    document,
    label,
    form: 'OpenAPI 3.0.3',
    syntax: 'json' as const,
    externalFiles: [],
    bytes: 1,
    brokenRefs: [],
  };
}
const schema = (fields: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(fields).map(([k, t]) => [
      k,
      t === 'array' ? { type: 'array', items: { type: 'object', properties: {} } } : { type: t },
    ]),
  ),
});
const body = (fields: Record<string, string>) => ({ content: { 'application/json': { schema: schema(fields) } } });
const answer = (fields: Record<string, string>, list = false) => ({
  '200': {
    description: 'OK',
    content: { 'application/json': { schema: list ? { type: 'array', items: schema(fields) } : schema(fields) } },
  },
});
function plan(paths: Record<string, unknown>, extra: Record<string, unknown> = {}, serverVars = {}): ImportPlan {
  return planImport([inMemory({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra })], {
    serverVars,
    inventoryUrl: 'https://inventory.example',
    overrides: new Map(),
  });
}
async function tuning(files: string[], serverVars: Record<string, string> = {}): Promise<ImportPlan> {
  const docs = [];
  for (const file of files) docs.push(await loadDocument(path.join(vendors, file), noFetch));
  return planImport(docs, { serverVars, inventoryUrl: 'https://inventory.example', overrides: new Map() });
}
const routesOf = (result: ImportPlan) =>
  Object.fromEntries(
    result.operations.filter((o): o is MappedOperation => o.matched).map((o) => [o.operation, o.route]),
  ) as Partial<Record<InventoryOperation, string>>;
const unmapped = (result: ImportPlan, operation: InventoryOperation) =>
  result.operations.find((o): o is UnmappedOperation => o.operation === operation && !o.matched);
const shortfall = (result: ImportPlan, operation: InventoryOperation, route: string) =>
  unmapped(result, operation)?.candidates.find((c) => c.route === route)?.shortfall;

describe('the base path is cut between whole segments, never in one', () => {
  it('a server URL whose scheme is a variable ({protocol}://{host}/webapp/api/v1): the scheme and host are no path', () => {
    expect(splitServerUrl('{protocol}://{host}/webapp/api/v1')).toEqual({ host: '{host}', path: '/webapp/api/v1' });
    const result = plan(
      {
        '/article': {
          get: { operationId: 'articleQuery', responses: answer({ name: 'string', price: 'number' }, true) },
        },
      },
      {
        servers: [
          {
            url: '{protocol}://{host}/webapp/api/v1',
            variables: { protocol: { default: 'https' }, host: { default: 'x.example' } },
          },
        ],
      },
      { protocol: 'https', host: 'venueone.example' },
    );
    expect(result.basePath).toBe('/webapp/api/v1');
    expect(routesOf(result)).toEqual({ listProducts: 'GET /article' });
  });

  it('what a path adds to the shared base path is counted in segments', () => {
    expect(commonBasePath(['/stores/abc/v3', '/stores/abc/v2'])).toBe('/stores/abc');
    expect(remainderAfter('/stores/abc', '/stores/abc/v3')).toBe('/v3');
    expect(remainderAfter('/webapp/api/v1', '/webapp/api/v1')).toBe('');
    // A path that does not start with the base's segments is left whole, never cut by length.
    expect(remainderAfter('/api', '/apiv2/items')).toBe('/apiv2/items');
  });

  it.skipIf(absent('weclapp/openapi.json'))('the tuning set: weclapp', async () => {
    const result = await tuning(['weclapp/openapi.json'], { protocol: 'https', host: 'venueone.weclapp.com' });
    expect(result.basePath).toBe('/webapp/api/v1');
    expect(routesOf(result)).toMatchObject({ listProducts: 'GET /article', getProduct: 'GET /article/id/{id}' });
  });
});

describe('path variables recognised by role', () => {
  it('a parameter the user gives a value for (--server-var) is a path variable; one no mapped route uses is warned of', () => {
    const paths = {
      '/catalogs/{catalogId}/categories': {
        get: { operationId: 'getCategories', responses: answer({ name: 'string', parent: 'string' }, true) },
      },
      '/regions/{regionId}/zones': { get: { operationId: 'getZones', responses: answer({ name: 'string' }, true) } },
    };
    const result = plan(paths, {}, { catalogId: 'venue-catalog', regionId: 'eu' });
    expect(routesOf(result)).toEqual({ listCategories: 'GET /catalogs/{catalogId}/categories' });
    expect(result.pathVars.map((v) => [v.name, v.value])).toEqual([['catalogId', 'venue-catalog']]);
    expect(result.unusedVars).toEqual(['regionId']);
    expect(warnings(result)).toContain(
      '--server-var regionId: no mapped route or scope uses {regionId}; its value is not stored',
    );
    // Without the value, the parameter picks one catalog: venue fills none.
    expect(routesOf(plan(paths))).toEqual({});
  });
});
