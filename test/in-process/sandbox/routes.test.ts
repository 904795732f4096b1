// The sandbox serving inventory on a vendor's route layout
// (packages/sandbox/examples/inventory-routes-vendor.json: /api/v2, PascalCase paths,
// the token in X-Api-Token), over real HTTP: only the layout's paths answer,
// only its auth header is read, and the published OpenAPI document describes
// exactly that, in the vendor's words.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { repoRoot, runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-vendor.json');
const contractIds: string[] = Object.values(
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages/sandbox/openapi/inventory.json'), 'utf8')).paths as Record<
    string,
    Record<string, { operationId: string }>
  >,
).flatMap((item) => Object.values(item).map((operation) => operation.operationId));

let server: SandboxHandle;

beforeAll(async () => {
  server = await startSandbox(['--routes', layoutFile]);
});
afterAll(async () => {
  await server?.stop();
});

async function call(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: options.body === undefined ? options.headers : { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const v2 = (vendorPath: string) => `/inventory/api/v2${vendorPath}`;
let token: string;

describe('inventory on the vendor layout', () => {
  it('authenticates on the vendor path', async () => {
    const answer = await call('POST', v2('/Security/Token'), {
      body: { apiKey: sandboxDemoSecrets['inventory.apiKey'], apiSecret: sandboxDemoSecrets['inventory.apiSecret'] },
    });
    expect(answer.status).toBe(200);
    token = answer.body.token;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('health answers on the vendor path without a token', async () => {
    expect((await call('GET', v2('/Status'))).body).toMatchObject({ status: 'ok' });
  });

  it('a list answers 200 with the token in X-Api-Token, 401 with only Authorization: Bearer', async () => {
    const ok = await call('GET', v2('/Products?pageSize=2'), { headers: { 'X-Api-Token': token } });
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(2);
    expect(ok.body.pageSize).toBe(2);

    const bearer = await call('GET', v2('/Products'), { headers: { Authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);
    expect(bearer.body.error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: expect.stringMatching(/X-Api-Token/),
    });

    const prefixed = await call('GET', v2('/Lookups/Categories'), { headers: { 'X-Api-Token': `Bearer ${token}` } });
    expect(prefixed.status).toBe(401);
  });

  it('webhook subscriptions take the same header', async () => {
    expect((await call('GET', v2('/Subscriptions'), { headers: { 'X-Api-Token': token } })).status).toBe(200);
    expect((await call('GET', v2('/Subscriptions'), { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
  });

  it('venue’s own paths are not served: 404 with the error body naming the path sent', async () => {
    for (const [method, url] of [
      ['GET', '/inventory/products'],
      ['POST', '/inventory/auth/token'],
      ['GET', '/inventory/health'],
    ] as const) {
      const answer = await call(method, url, { headers: { 'X-Api-Token': token, Authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({
        status: 404,
        code: 'not_found',
        message: `no such path: ${method} ${url}`,
      });
    }
    // A layout path with another method than the layout's is not served either.
    expect((await call('GET', v2('/Stock/Receive'), { headers: { 'X-Api-Token': token } })).status).toBe(404);
  });

  it('receives stock on the vendor path (201), and the level moves', async () => {
    const headers = { 'X-Api-Token': token };
    const [warehouse] = (await call('GET', v2('/Lookups/Warehouses'), { headers })).body.items;
    const [product] = (await call('GET', v2('/Products?productType=2&pageSize=1'), { headers })).body.items;
    const levelOf = async () =>
      (
        await call('GET', v2(`/Stock/Levels?warehouseId=${warehouse.warehouseId}&productIds=${product.productId}`), {
          headers,
        })
      ).body.items[0].quantity as number;
    const before = await levelOf();
    const receipt = await call('POST', v2('/Stock/Receive'), {
      headers,
      body: {
        warehouseId: warehouse.warehouseId,
        userId: 1,
        items: [{ productId: product.productId, quantity: 3, value: 1.5 }],
      },
    });
    expect(receipt.status).toBe(201);
    expect(await levelOf()).toBe(before + 3);
  });

  it('path parameters are carried over by position, and PUT reaches the update', async () => {
    const headers = { 'X-Api-Token': token };
    const [product] = (await call('GET', v2('/Products?pageSize=1'), { headers })).body.items;
    const one = await call('GET', v2(`/Products/${product.productId}`), { headers });
    expect(one.status).toBe(200);
    expect(one.body.productId).toBe(product.productId);
    const updated = await call('PUT', v2(`/Products/${product.productId}`), { headers, body: { reorderLevelMax: 40 } });
    expect(updated.status).toBe(200);
    expect(updated.body.reorderLevelMax).toBe(40);
    expect(
      (await call('PATCH', v2(`/Products/${product.productId}`), { headers, body: { reorderLevelMax: 41 } })).status,
    ).toBe(404);
  });

  it('fault rules match the path and method the client sent, not the rewrite', async () => {
    const headers = { 'X-Api-Token': token };
    const [product] = (await call('GET', v2('/Products?pageSize=1'), { headers })).body.items;
    await call('POST', '/_sandbox/faults', {
      body: { failNext: [{ match: 'PUT /inventory/api/v2/Products/*', status: 503 }] },
    });
    try {
      expect(
        (await call('PUT', v2(`/Products/${product.productId}`), { headers, body: { reorderLevelMax: 42 } })).status,
      ).toBe(503);
      expect(
        (await call('PUT', v2(`/Products/${product.productId}`), { headers, body: { reorderLevelMax: 42 } })).status,
      ).toBe(200);
    } finally {
      await call('DELETE', '/_sandbox/faults');
    }
  });

  it('wallet, booking and the control API are untouched', async () => {
    expect((await call('GET', '/_sandbox/health')).status).toBe(200);
    const wallet = await call('POST', '/wallet/api/v1/token', {
      body: { clientSecret: sandboxDemoSecrets['wallet.clientSecret'] },
    });
    expect(wallet.status).toBe(200);
  });
});

describe('the published OpenAPI document', () => {
  it('describes the layout: its paths, server, header scheme, and no venue operationIds', async () => {
    const answer = await call('GET', '/inventory/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body;
    expect(document.servers).toEqual([{ url: `${server.origin}/inventory/api/v2` }]);
    expect(document.components.securitySchemes).toEqual({
      ApiToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Token' }),
    });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/Security/Token',
        '/Products/{id}',
        '/Stock/Receive',
        '/Subscriptions/{subscriptionId}',
      ]),
    );
    expect(Object.keys(document.paths)).not.toContain('/stock-receipts');
    const operations = Object.values(
      document.paths as Record<string, Record<string, { operationId: string; summary: string; tags: string[] }>>,
    ).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(contractIds.length);
    for (const operation of operations) expect(contractIds).not.toContain(operation.operationId);
    expect(document.paths['/Stock/Receive'].post).toMatchObject({
      operationId: 'Stock_Receive',
      tags: ['Stock'],
      summary: 'Receives stock into a warehouse',
    });
    expect(document.paths['/Products/{id}'].put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
  });

  it('a client can follow the document alone: its server, its token operation and its scheme', async () => {
    const document = (await call('GET', '/inventory/openapi.json')).body;
    const base = document.servers[0].url as string;
    const scheme = Object.values(document.components.securitySchemes)[0] as { name: string };
    const [tokenPath] = Object.entries(document.paths as Record<string, Record<string, { summary: string }>>).find(
      ([, item]) => /access token/i.test(item.post?.summary ?? ''),
    )!;
    const issued = (await (
      await fetch(`${base}${tokenPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          apiKey: sandboxDemoSecrets['inventory.apiKey'],
          apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
        }),
      })
    ).json()) as { token: string };
    const list = await fetch(`${base}/Suppliers`, { headers: { [scheme.name]: issued.token } });
    expect(list.status).toBe(200);
  });

  it('wallet and booking publish their contract at the live origin', async () => {
    for (const service of ['wallet', 'booking']) {
      const answer = await call('GET', `/${service}/openapi.json`);
      expect(answer.status).toBe(200);
      expect(answer.body.servers).toEqual([{ url: `${server.origin}/${service}` }]);
    }
  });
});

describe('without a layout', () => {
  it('publishes venue’s paths at the live origin with Bearer, still in vendor names', async () => {
    const plain = await startSandbox();
    try {
      const document = (await (await fetch(`${plain.origin}/inventory/openapi.json`)).json()) as {
        servers: unknown;
        paths: Record<string, Record<string, { operationId: string }>>;
        components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      };
      expect(document.servers).toEqual([{ url: `${plain.origin}/inventory` }]);
      expect(document.paths['/stock-receipts']!.post!.operationId).toBe('Stock_Receive');
      expect(Object.values(document.components.securitySchemes)).toEqual([
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      ]);
      const token = await plain.serviceToken('inventory');
      expect(
        (await fetch(`${plain.origin}/inventory/products`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
    } finally {
      await plain.stop();
    }
  });

  it('a bad routes file stops the start with a message naming the entry', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir, 'routes.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ operations: { receiveStock: 'POST /Stock/Receive', getStock: 'GET /Stock' } }),
      );
      const result = await runVenue(
        ['sandbox', 'serve', '--port', '0', '--state-dir', path.join(dir, 'state'), '--routes', file],
        { env: { VENUE_CONFIG_DIR: dir } },
      );
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/routes\.json: operations\.getStock: no such operation/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
