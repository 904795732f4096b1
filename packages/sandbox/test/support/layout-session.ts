// A client of a route layout in a test: its token from the layout's login route (the body's names in the dialect's
// casing), and a product as the sandbox stores it (the control API's state), for what a request changed.
import { expect } from 'vitest';
import { demoCredentials } from '../../src/index.js';

/** A token from the layout's login route at `path` (under the origin), its body named as the dialect names it. */
export async function layoutToken(
  origin: string,
  path: string,
  named: (body: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      named({ apiKey: demoCredentials['inventory.apiKey'], apiSecret: demoCredentials['inventory.apiSecret'] }),
    ),
  });
  expect(response.status).toBe(200);
  return /"(eyJ[^"]+)"/.exec(JSON.stringify(await response.json()))![1]!;
}

/** A product as the sandbox stores it. */
export const storedProduct = async (origin: string, id: number) =>
  ((await (await fetch(`${origin}/_sandbox/inventory/state`)).json()) as { products: any[] }).products.find(
    (p) => p.productId === id,
  );
