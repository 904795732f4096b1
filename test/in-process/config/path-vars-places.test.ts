// inventory.pathVars holds the values of every place a per-venue value goes (a path, an OAuth2 scope, a query, a
// header). What a value may hold is its place's rule, decided by the profile's routes: a header's value may hold a
// space (a warehouse's name, written in double quotes), a path's may not, and that is refused where it is set. The
// journeys against the sandbox are test/process/config/import-openapi-venue-values.test.ts.

import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runVenue, tempDir } from '../../support/in-process.js';

describe('inventory.pathVars, each value as its place takes it', () => {
  let dir: string;
  const venue = (args: string[]) =>
    runVenue(['--profile', 'wh', ...args], { env: { VENUE_CONFIG_DIR: dir, NO_COLOR: '1' } });

  beforeEach(async () => {
    dir = tempDir('venue-pathvars-');
    const init = await runVenue(['config', 'init', 'wh', '--inventory-url', 'https://inv.example'], {
      env: { VENUE_CONFIG_DIR: dir },
    });
    expect(init.code, init.stderr).toBe(0);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a header's value with a space is stored quoted, shown as stored, and every missing value is named with a command that keeps the others", async () => {
    expect(
      (await venue(['config', 'set', 'inventory.routes.listProducts', 'GET /{site}/items Warehouse:{Warehouse}'])).code,
    ).toBe(0);
    const set = await venue(['config', 'set', 'inventory.pathVars', 'Warehouse="Funhouse Arcade"']);
    expect(set.code, set.stderr).toBe(0);
    expect((await venue(['config', 'get', 'inventory.pathVars'])).stdout.trim()).toBe('Warehouse="Funhouse Arcade"');
    const routes = await venue(['config', 'routes']);
    expect(routes.code, routes.stderr).toBe(0);
    const text = routes.stdout + routes.stderr;
    expect(text).toContain('Path vars: Warehouse="Funhouse Arcade" site=(no value)');
    expect(text).toContain(`config set inventory.pathVars 'Warehouse="Funhouse Arcade" site=<value>'`);
    const json = JSON.parse((await venue(['config', 'routes', '-o', 'json'])).stdout) as {
      pathVars: { values: Array<{ name: string; value: string | null }> };
    };
    expect(json.pathVars.values).toEqual([
      { name: 'Warehouse', value: 'Funhouse Arcade' },
      { name: 'site', value: null },
    ]);
  });

  it('a value with a space where a route puts it in the path is refused where it is set, naming it; unquoted, it is no value', async () => {
    expect((await venue(['config', 'set', 'inventory.routes.listProducts', 'GET /{site}/items'])).code).toBe(0);
    const inPath = await venue(['config', 'set', 'inventory.pathVars', 'site="North Shore"']);
    expect(inPath.code).toBe(2);
    expect(inPath.stderr).toContain('inventory.pathVars site: "North Shore" cannot stand in a path segment');
    const unquoted = await venue(['config', 'set', 'inventory.pathVars', 'site=North Shore']);
    expect(unquoted.code).toBe(2);
    expect(unquoted.stderr).toContain('a value with spaces in double quotes');
    expect((await venue(['config', 'get', 'inventory.pathVars'])).code).not.toBe(0);
  });
});
