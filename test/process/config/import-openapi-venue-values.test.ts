// A per-venue value through the built binary and `venue sandbox serve`, one
// suite for every place a profile's value can go (issue 28: a tenant key in
// the path, a business key in the query, a hotel id in a header; all stored
// in inventory.pathVars, one route parser). For each, a vendor whose every
// operation needs the venue's value there (a layout of
// packages/sandbox/examples, the sandbox refusing a call without it, or with
// another), its published document imported without and with --server-var,
// then listed; without the value stored, the listing exits 2 naming it and
// sends nothing. A new place for a value is one row of `places`; every row
// gets every check, in every dialect the sandbox speaks: the journey passes
// only in all of them. The tenant layout's terminal, --map and doctor
// journeys are in-process: test/in-process/config/import-openapi-paths.test.ts.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sandboxForFile, type SandboxHandle } from '../../support/venue.js';
import { dialects } from '../../support/dialects.js';

/** A request as the sandbox's log shows it. */
interface Logged {
  url: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** Where a per-venue value goes, and how each step of the journey shows it there. */
interface Place {
  in: 'path' | 'query' | 'header';
  /** The vendor's value, in words, for the suite's name. */
  vendor: string;
  /** The sandbox's route layout (packages/sandbox/examples). */
  layout: string;
  name: string;
  /** The venue's value, the one the layout serves. */
  value: string;
  /** Another venue's value, which the server refuses. */
  other: string;
  /** How many of the mapped routes declare it, and whether the layout's OAuth2 scopes name it too. */
  routes: number;
  inScopes: boolean;
  /** How the review's "Path vars:" line names it. */
  shown: string;
  /** The route of listProducts, as stored, and the path `config routes` shows it resolved to (under the base path). */
  route: string;
  path: string;
  /** The layout's login (or token) request, which a listing on a fresh profile makes first. */
  auth: string;
  /** The value the sandbox's log shows a request was sent with. */
  sent: (entry: Logged) => string | null | undefined;
  /** How the server refuses another venue's value. */
  refusal: string;
  /** Where that refusal is a login's (the value fills the OAuth2 scopes), what venue says to check instead of the credentials. */
  check?: string;
}

/** The one value every OAuth2 scope asked for names ("view_products:north-shore manage_stock:north-shore"). */
const scopedValue = (body: unknown) => {
  const scopes = ((body as { scope?: string } | undefined)?.scope ?? '').split(' ');
  const values = new Set(scopes.map((s) => s.split(':')[1]));
  // The listing's own scope is among them.
  return values.size === 1 && scopes.some((s) => s.startsWith('view_products:')) ? [...values][0] : undefined;
};

const places: Place[] = [
  {
    in: 'path',
    vendor: "a hosted vendor's tenant key",
    layout: 'inventory-routes-tenant.json',
    name: 'tenant',
    value: 'north-shore',
    other: 'south',
    routes: 20,
    inScopes: true,
    shown: '{tenant}',
    route: 'GET /{tenant}/products',
    path: '/v1/north-shore/products',
    auth: '/v1/oauth/token',
    // The token request is the one outside the tenant's paths: it sends the tenant in the scopes it asks for.
    sent: (entry) =>
      entry.url === '/inventory/v1/oauth/token'
        ? scopedValue(entry.body)
        : /^\/inventory\/v1\/([^/?]+)\//.exec(entry.url)?.[1],
    refusal: 'unknown scope(s): view_products:south',
    check: 'check inventory.oauth.scopes (asked for: view_products:south',
  },
  {
    in: 'query',
    vendor: 'a business key',
    layout: 'inventory-routes-business-key.json',
    name: 'k_business',
    value: 'nsh-4101',
    other: 'south-1',
    routes: 21,
    inScopes: false,
    shown: '?k_business=',
    route: 'GET /Products?k_business={k_business}',
    path: '/v3/Products?k_business=nsh-4101',
    auth: '/v3/Login',
    sent: (entry) => new URL(entry.url, 'http://sandbox').searchParams.get('k_business'),
    refusal: "the query parameter k_business does not name this server's k_business",
  },
  {
    in: 'header',
    vendor: "the hotel's id",
    layout: 'inventory-routes-hotel-header.json',
    name: 'x-hotelid',
    value: 'NSH01',
    other: 'SOUTH9',
    routes: 19,
    inScopes: false,
    shown: 'x-hotelid:',
    route: 'GET /items x-hotelid:{x-hotelid}',
    path: '/inv/v1/items',
    auth: '/inv/v1/oauth/login',
    sent: (entry) => entry.headers['x-hotelid'],
    refusal: "the header x-hotelid does not name this server's x-hotelid",
  },
  {
    in: 'header',
    vendor: "the warehouse's name",
    layout: 'inventory-routes-warehouse-header.json',
    name: 'Warehouse',
    // A header takes a value with spaces where a path segment would not (WithoutWire's warehouse names).
    value: 'Funhouse Arcade',
    other: 'Back Office',
    routes: 19,
    inScopes: false,
    shown: 'Warehouse:',
    route: 'GET /items Warehouse:{Warehouse}',
    path: '/wms/v2/items',
    auth: '/wms/v2/oauth/login',
    sent: (entry) => entry.headers['warehouse'],
    refusal: "the header Warehouse does not name this server's Warehouse",
  },
];

/** One name=value pair of inventory.pathVars as a person writes it: a value with a space in double quotes. */
const setting = (name: string, value: string) => `${name}=${/\s/.test(value) ? `"${value}"` : value}`;

describe.each(places.map((place) => [place.vendor, place.in, place] as const))(
  '%s in the %s of every call',
  (_vendor, _in, place) => {
    describe.each(dialects)('(%s dialect)', (dialect) => {
      let sb: SandboxHandle;
      const documentUrl = () => `${sb.origin}/inventory/openapi.json`;
      const requests = async () => (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests;
      const layoutFile = path.join(repoRoot, 'packages/sandbox/examples', place.layout);

      sandboxForFile({ args: ['--routes', layoutFile, '--dialect', dialect] }, (started) => (sb = started));

      it('a dry run maps the routes anyway and says the value is needed; storing without it exits 2 naming the flag', async () => {
        const dry = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
        expect(dry.code, dry.stderr).toBe(0);
        const where = `${place.shown} in ${place.routes} routes${place.inScopes ? ' and the OAuth2 scopes' : ''}`;
        expect(dry.stdout).toContain(`Path vars: ${where}: needs a value (--server-var ${place.name}=<value>)`);
        const json = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run', '-o', 'json']);
        const review = JSON.parse(json.stdout) as {
          pathVariables: Array<{ name: string; in: string; needed: boolean; routes: number; inScopes: boolean }>;
          operations: Array<{ operation: string; matched: boolean }>;
        };
        expect(review.pathVariables).toMatchObject([
          { name: place.name, in: place.in, needed: true, routes: place.routes, inScopes: place.inScopes },
        ]);
        expect(review.operations.find((o) => o.operation === 'listProducts')).toMatchObject({ matched: true });

        const refused = await sb.run(['config', 'import-openapi', documentUrl(), '--yes']);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain(`the mapped routes need a value for {${place.name}}, one per venue`);
        expect(refused.stderr).toContain(`--server-var ${place.name}=<value>`);
        expect((await sb.run(['config', 'get', 'inventory.routes.listProducts'])).code).not.toBe(0);
      });

      it('imported with --server-var: the routes declare it and round-trip through config set; the listing sends it on every request', async () => {
        const r = await sb.run([
          'config',
          'import-openapi',
          documentUrl(),
          '--server-var',
          `${place.name}=${place.value}`,
          '--yes',
        ]);
        expect(r.code, r.stderr).toBe(0);
        const routes = await sb.run(['config', 'routes', '-o', 'json']);
        expect(routes.code, routes.stderr).toBe(0);
        const map = JSON.parse(routes.stdout) as {
          routes: Array<{ operation: string; route: string; path: string }>;
          pathVars: { values: Array<{ name: string; value: string | null }> };
        };
        expect(map.routes.find((row) => row.operation === 'listProducts')).toMatchObject({
          route: place.route,
          path: place.path,
        });
        expect(map.pathVars.values).toEqual([{ name: place.name, value: place.value }]);

        // The route round-trips through config set as config routes shows it.
        const set = await sb.run(['config', 'set', 'inventory.routes.listProducts', place.route]);
        expect(set.code, set.stderr).toBe(0);
        const got = await sb.run(['config', 'get', 'inventory.routes.listProducts']);
        expect(got.stdout.trim()).toBe(place.route);

        const from = (await requests()).length;
        const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
        expect(list.code, list.stderr).toBe(0);
        expect((JSON.parse(list.stdout) as unknown[]).length).toBeGreaterThan(0);
        const log = (await requests()).slice(from);
        // The login and the listing's own route are both among them, and every request sends the value.
        expect(log.find((entry) => entry.url.startsWith(`/inventory${place.auth}`))).toMatchObject({ status: 200 });
        expect(log.some((entry) => entry.url.startsWith(`/inventory${place.path.split('?')[0]}`))).toBe(true);
        for (const entry of log) expect(place.sent(entry), entry.url).toBe(place.value);
        expect(log.every((entry) => entry.status < 400)).toBe(true);
      });

      it('without the value stored: exit 2 naming it and the setting, nothing sent; another value is refused by the server', async () => {
        const unset = await sb.run(['config', 'unset', 'inventory.pathVars']);
        expect(unset.code, unset.stderr).toBe(0);
        const from = (await requests()).length;
        // Where the layout's OAuth2 scopes name it too (the tenant), the auth module refuses first, naming it the same
        // way; the route map's own refusal is the unit tier's (test/unit/config/openapi-venue-values.test.ts).
        const list = await sb.run(['inventory', 'products', 'list']);
        expect(list.code).toBe(2);
        expect(list.stderr).toContain(`{${place.name}}`);
        expect(list.stderr).toContain('inventory.pathVars');
        expect((await requests()).length).toBe(from);

        const other = await sb.run(['config', 'set', 'inventory.pathVars', setting(place.name, place.other)]);
        expect(other.code, other.stderr).toBe(0);
        const sent = (await requests()).length;
        const wrong = await sb.run(['inventory', 'products', 'list']);
        expect(wrong.code).not.toBe(0);
        expect(wrong.stderr).toContain(place.refusal);
        // Refused for the value it was sent with, not for one missing.
        const refused = (await requests()).slice(sent);
        expect(refused.length).toBeGreaterThan(0);
        for (const entry of refused) expect(place.sent(entry), entry.url).toBe(place.other);
        if (place.check) {
          expect(wrong.stderr).toContain(place.check);
          expect(wrong.stderr).not.toContain('Check inventory.apiKey');
          // venue doctor tells the same: the service answers, the health route under the other value does not, and
          // the scopes (not the credentials) are refused.
          const doctor = await sb.run(['doctor', '-o', 'json']);
          expect(doctor.code).not.toBe(0);
          const findings = (
            JSON.parse(doctor.stdout) as Array<{
              service: string;
              check: string;
              status: string;
              detail: string;
              fix: string;
            }>
          ).filter((f) => f.service === 'inventory');
          const finding = (check: string) => findings.find((f) => f.check === check);
          expect(finding('reachable')).toMatchObject({ status: 'ok' });
          expect(finding('health')).toMatchObject({ status: 'fail' });
          expect(finding('health')!.fix).toContain(
            `inventory.pathVars (the route names {${place.name}} now "${place.other}")`,
          );
          expect(finding('token')).toMatchObject({ status: 'fail' });
          expect(finding('token')!.detail).toContain('scopes refused');
          expect(finding('token')!.fix).toContain(place.check);
          expect(finding('token')!.fix).not.toContain('credentials were refused');
        }
      });
    });
  },
);
