// A vendor's product as its own client reads it from a sandbox serving a route layout (the replacing and the JSON
// Patch update's tests): the words of any dialect folded, envelopes unwrapped, a token from the layout's login route,
// and the product's record with its ETag.
import { expect } from 'vitest';
import { sandboxDemoSecrets } from '../../src/lib/sandbox-address.js';
import type { SandboxHandle } from './in-process.js';

export const json = (text: string) => JSON.parse(text) as any;
/** A name with case and separators aside: productName, ProductName and product_name are one. */
export const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const hasWord = (record: any, word: string) => Object.keys(record).some((key) => fold(key) === fold(word));
/** The first of the words the record holds a field by, in any dialect's casing. */
export const at = (record: any, ...words: string[]): any => {
  for (const word of words) {
    const key = Object.keys(record).find((k) => fold(k) === fold(word));
    if (key !== undefined) return record[key];
  }
  return undefined;
};
export const unwrap = (body: any): any =>
  hasWord(body, 'data') && !Array.isArray(at(body, 'data')) ? at(body, 'data') : body;
/** The record without what a change of it moves by itself (its updated time) and what no answer is (HAL's links). */
export const settled = (record: any) =>
  Object.fromEntries(
    Object.entries(record).filter(([key]) => !['updatedat', 'modified', 'links', 'embedded'].includes(fold(key))),
  );

/** Reads of a layout's products at `base` (/inventory/api/v1), its token sent in X-Api-Token, as a vendor's client. */
export function vendorReads(origin: () => string, base: string) {
  async function token(): Promise<string> {
    const login = await fetch(`${origin()}${base}/Auth/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        apiKey: sandboxDemoSecrets['inventory.apiKey'],
        apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
      }),
    });
    const answer = unwrap(json(await login.text()));
    // Every dialect's token answer (docs/sandbox-dialects.md).
    return at(answer, 'token', 'accessToken', 'access_token', 'jwt');
  }
  /** The service's own record of a product and its ETag. */
  async function serviceProduct(id: number): Promise<{ record: any; etag: string | null }> {
    const answer = await fetch(`${origin()}${base}/Products/${id}`, { headers: { 'x-api-token': await token() } });
    expect(answer.status).toBe(200);
    return { record: unwrap(json(await answer.text())), etag: answer.headers.get('etag') };
  }
  return { token, serviceProduct };
}

/**
 * A supplier link change on a profile whose product update is made of the product as read (replacing, JSON Patch):
 * exit 2 before anything is read or sent (no request to a product's path); a dry run says how an update would go.
 */
export async function supplierChangeRefused(sb: SandboxHandle, dryRunSays: string): Promise<void> {
  await sb.control('DELETE', '/requests');
  const r = await sb.run(['inventory', 'products', 'update', '1001', '--supplier-remove', '1', '--yes']);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain('supplier links cannot be changed on this profile');
  const log = await sb.control<{ requests: any[] }>('GET', '/requests');
  expect(log.requests.filter((q) => String(q.url).includes('/Products/'))).toEqual([]);
  const dry = await sb.run(['inventory', 'products', 'update', '1001', '--sell-price', '3', '--dry-run']);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stderr).toContain(dryRunSays);
}
