// Bad input never takes the sandbox down: random bodies and queries against
// every service get an answer below 500 with the error body, every answer
// (success or not) is what packages/sandbox/openapi/<service>.json states, and the
// sandbox still answers afterwards.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { expectContract, type ContractService } from '../../support/contract.js';

let sb: SandboxHandle;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  sb = await startSandbox();
  const exchange = async (url: string, body: object) => {
    const response = await fetch(`${sb.origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await response.json()) as Record<string, string>;
    return data.token ?? data.accessToken ?? data.access_token ?? '';
  };
  tokens.inventory = await exchange('/inventory/auth/token', {
    apiKey: 'sandbox-inventory-api-key',
    apiSecret: 'sandbox-inventory-api-secret',
  });
  tokens.booking = await exchange('/booking/api/v1/token', { clientSecret: 'sandbox-booking-client-secret' });
  tokens.wallet = await exchange('/wallet/api/v1/token', { clientSecret: 'sandbox-wallet-client-secret' });
});
afterAll(async () => {
  await sb?.stop();
});

const targets: Array<[string, string]> = [
  ['POST', '/inventory/products'],
  ['PATCH', '/inventory/products/ABC'],
  ['GET', '/inventory/products'],
  ['POST', '/inventory/suppliers'],
  ['POST', '/inventory/stock-takes'],
  ['POST', '/inventory/stock-receipts'],
  ['POST', '/inventory/stock-adjustments'],
  ['GET', '/inventory/stock-levels'],
  ['POST', '/inventory/webhooks'],
  ['PATCH', '/inventory/webhooks/1'],
  ['POST', '/inventory/auth/token'],
  ['POST', '/booking/api/v1/token'],
  ['POST', '/booking/api/v1/orders/reservations/reserve'],
  ['POST', '/booking/api/v1/orders/reservations/cancel'],
  ['POST', '/booking/api/v1/orders/initiate'],
  ['POST', '/booking/api/v1/sale'],
  ['GET', '/booking/api/v1/experiences'],
  ['GET', '/booking/api/v1/reports'],
  ['POST', '/wallet/api/v1/token'],
  ['POST', '/wallet/api/v1/admin/signup'],
  ['POST', '/wallet/api/v1/admin/login'],
  ['POST', '/wallet/api/v1/sale'],
  ['GET', '/wallet/api/v1/card/123/balance'],
];

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue,
  fc.dictionary(
    fc.constantFrom(
      'productId',
      'name',
      'quantity',
      'items',
      'locationId',
      'date',
      'emailAddress',
      'password',
      'cardNumber',
      'url',
      'secret',
      'supplierCode',
      'pageSize',
      'page',
    ),
    jsonValue,
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'pageSize',
    'productType',
    'saleType',
    'locationId',
    'date',
    'startDate',
    'warehouseId',
    'productIds',
  ),
  fc.oneof(fc.string(), fc.integer().map(String)),
  { maxKeys: 3 },
);

describe('random input', () => {
  it('never gets a 5xx; every 4xx carries the error body; every answer matches packages/sandbox/openapi', async () => {
    expect(Object.values(tokens).every(Boolean), JSON.stringify(tokens)).toBe(true);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const contractFailures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, query, async ([method, path], payload, params) => {
        const service = path.split('/')[1]!;
        const qs = new URLSearchParams(params).toString();
        const response = await fetch(`${sb.origin}${path}${qs ? `?${qs}` : ''}`, {
          method,
          headers: {
            authorization: `Bearer ${tokens[service]}`,
            ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          body: method === 'GET' ? undefined : JSON.stringify(payload),
        });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500)
          failures.push(
            `${method} ${path}?${qs} ${JSON.stringify(payload).slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`,
          );
        try {
          expectContract(
            service as ContractService,
            method,
            path,
            response.status,
            text ? JSON.parse(text) : undefined,
          );
        } catch (error) {
          contractFailures.push((error as Error).message.split('\nbody:')[0]!);
        }
        if (response.status >= 400) {
          const parsed = JSON.parse(text) as { error?: { status?: number; code?: string; message?: string } };
          expect(parsed.error).toMatchObject({
            status: response.status,
            code: expect.stringMatching(/^[a-z_]+$/),
            message: expect.any(String),
          });
        }
      }),
      { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(failures, failures.join('\n')).toEqual([]);
    expect([...new Set(contractFailures)], 'answers that break packages/sandbox/openapi').toEqual([]);
    // The bodies must reach the rules, not stop at the door.
    const authFailures = (statuses.get(401) ?? 0) + (statuses.get(403) ?? 0);
    expect(authFailures, JSON.stringify([...statuses])).toBeLessThan(150);
    expect((await fetch(`${sb.origin}/_sandbox/health`)).status).toBe(200);
  }, 120_000);
});
