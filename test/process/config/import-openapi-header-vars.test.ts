// A per-venue header value through the built binary and `venue sandbox serve`:
// a vendor whose every operation requires the venue's hotel id in a header
// (packages/sandbox/examples/inventory-routes-hotel-header.json, the sandbox
// refusing a call without it, or with another, with a 400 naming it), its
// published document imported without and with --server-var, then listed;
// without the value stored, the listing exits 2 naming it and sends nothing.
// In every dialect the sandbox speaks: the journey passes only in all of them.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/venue.js';
import { dialects } from '../../support/dialects.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-hotel-header.json');
const HOTEL = 'NSH01';

let sb: SandboxHandle;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;
const requests = async () =>
  (
    await sb.control<{ requests: Array<{ url: string; status: number; headers: Record<string, string> }> }>(
      'GET',
      '/requests',
    )
  ).requests;

describe.each(dialects)("the hotel's id in a header of every call (%s dialect)", (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
  }, 60_000);

  it('a dry run maps the routes anyway and says the value is needed; storing without it exits 2 naming the flag', async () => {
    const dry = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/Path vars: x-hotelid: in \d+ routes: needs a value \(--server-var x-hotelid=<value>\)/);
    const json = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run', '-o', 'json']);
    const review = JSON.parse(json.stdout) as {
      pathVariables: Array<{ name: string; in: string; needed: boolean; routes: number }>;
      operations: Array<{ operation: string; matched: boolean }>;
    };
    expect(review.pathVariables).toMatchObject([{ name: 'x-hotelid', in: 'header', needed: true }]);
    expect(review.pathVariables[0]!.routes).toBeGreaterThanOrEqual(19);
    expect(review.operations.find((o) => o.operation === 'listProducts')).toMatchObject({ matched: true });

    const refused = await sb.run(['config', 'import-openapi', documentUrl(), '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--server-var x-hotelid=<value>');
  });

  it('imported with --server-var: the routes declare it, the listing sends it and works', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--server-var', `x-hotelid=${HOTEL}`, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const routes = await sb.run(['config', 'routes', '-o', 'json']);
    expect(routes.code, routes.stderr).toBe(0);
    const map = JSON.parse(routes.stdout) as {
      routes: Array<{ operation: string; route: string; path: string }>;
      pathVars: { values: Array<{ name: string; value: string | null }> };
    };
    expect(map.routes.find((row) => row.operation === 'listProducts')).toMatchObject({
      route: 'GET /items x-hotelid:{x-hotelid}',
    });
    expect(map.pathVars.values).toEqual([{ name: 'x-hotelid', value: HOTEL }]);

    // The route round-trips through config set as config routes shows it.
    const set = await sb.run(['config', 'set', 'inventory.routes.listProducts', 'GET /items x-hotelid:{x-hotelid}']);
    expect(set.code, set.stderr).toBe(0);
    const got = await sb.run(['config', 'get', 'inventory.routes.listProducts']);
    expect(got.stdout.trim()).toBe('GET /items x-hotelid:{x-hotelid}');

    const from = (await requests()).length;
    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as unknown[]).length).toBeGreaterThan(0);
    const log = (await requests()).slice(from);
    expect(log.length).toBeGreaterThan(0);
    for (const entry of log) expect(entry.headers['x-hotelid'], entry.url).toBe(HOTEL);
    expect(log.every((entry) => entry.status < 400)).toBe(true);
  });

  it('without the value stored: exit 2 naming it and the setting, nothing sent; another value is refused by the server', async () => {
    const unset = await sb.run(['config', 'unset', 'inventory.pathVars']);
    expect(unset.code, unset.stderr).toBe(0);
    const from = (await requests()).length;
    const list = await sb.run(['inventory', 'products', 'list']);
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('{x-hotelid}');
    expect(list.stderr).toContain('inventory.pathVars');
    expect((await requests()).length).toBe(from);

    const other = await sb.run(['config', 'set', 'inventory.pathVars', 'x-hotelid=SOUTH9']);
    expect(other.code, other.stderr).toBe(0);
    const wrong = await sb.run(['inventory', 'products', 'list']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('x-hotelid');
  });
});
