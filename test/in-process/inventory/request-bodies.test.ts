// Every request body venue sends to inventory (webhooks included) validates
// against the request schema of the document the sandbox serves: in each
// dialect, every write operation is run through the built binary, then the
// sandbox's request log (the bodies as they came off the wire) is checked
// with a JSON Schema validator (ajv, OpenAPI 3.1 = JSON Schema 2020-12)
// against GET /inventory/openapi.json. The validator is not the sandbox's:
// this test compiles the published document itself.

import fs from 'node:fs';
import path from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { createdWebhookId, webhookCreateFlags } from '../../support/webhook-flags.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as typeof import('ajv/dist/2020.js').default;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import('ajv-formats').default;

interface Logged {
  method: string;
  url: string;
  body?: unknown;
  status: number;
}

interface Document {
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } }>
  >;
}

/** The write operations of inventory and webhooks, as venue runs them. */
const WRITES = [
  'createProduct',
  'updateProduct',
  'createSupplier',
  'stockTake',
  'receiveStock',
  'adjustStock',
  'createWebhook',
  'updateWebhook',
];

/** Each logged body against its operation's request schema: the problems, by request. */
function validate(
  document: Document,
  log: Logged[],
): { checked: Array<{ request: string; operation: string }>; problems: string[] } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'served');
  const prefix = new URL(document.servers[0]!.url).pathname.replace(/\/+$/, '');
  const checked: Array<{ request: string; operation: string }> = [];
  const problems: string[] = [];
  for (const entry of log) {
    if (entry.body === undefined || !entry.url.startsWith(`${prefix}/`)) continue;
    const requestPath = entry.url.split('?')[0]!.slice(prefix.length);
    const match = Object.entries(document.paths).find(
      ([template, item]) =>
        item[entry.method.toLowerCase()] &&
        new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(requestPath),
    );
    const request = `${entry.method} ${entry.url}`;
    if (!match) {
      problems.push(`${request}: no operation of the document has this path`);
      continue;
    }
    const [template, item] = match;
    const operation = item[entry.method.toLowerCase()]!;
    if (!operation.requestBody?.content?.['application/json']?.schema) {
      problems.push(`${request}: ${operation.operationId} takes no JSON body, yet one was sent`);
      continue;
    }
    const pointer = `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${entry.method.toLowerCase()}/requestBody/content/application~1json/schema`;
    const check = ajv.getSchema(`served${pointer}`)!;
    checked.push({ request, operation: operation.operationId ?? template });
    if (!check(entry.body))
      problems.push(
        `${request} (${operation.operationId}): ${ajv.errorsText(check.errors)} in ${JSON.stringify(entry.body)}`,
      );
  }
  return { checked, problems };
}

/** Runs every write of inventory and webhooks once, each expected to succeed. */
async function runEveryWrite(sb: SandboxHandle, tag: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(sb.configDir, 'bodies-'));
  const counts = path.join(dir, 'counts.csv');
  fs.writeFileSync(counts, 'productId,countedQuantity\n1003,40\n');
  const receipt = path.join(dir, 'receipt.csv');
  fs.writeFileSync(receipt, 'productId,quantity,value\n1003,5,2.50\n');
  const commands: string[][] = [
    [
      'inventory',
      'products',
      'create',
      '--yes',
      '--name',
      `Body check ${tag}`,
      '--description',
      '100 g bag',
      '--category',
      'SNACKS',
      '--tax-group',
      'GST',
      '--type',
      'stock',
      '--sale-type',
      'sale',
      '--sell-price',
      '3.50',
    ],
    [
      'inventory',
      'products',
      'update',
      '--yes',
      '1001',
      '--sell-price',
      '3.95',
      '--add-barcode',
      `93000009${String(tag.length).padStart(5, '0')}`,
      '--supplier-add',
      '3:price=40,quantity=24,container=2,preferred=true',
    ],
    [
      'inventory',
      'suppliers',
      'create',
      '--yes',
      '--code',
      `BC${tag.slice(0, 4).toUpperCase()}`,
      '--name',
      `Body check ${tag}`,
      '--address',
      '1 Main St',
      '--payment-terms',
      '30',
    ],
    ['inventory', 'stock', 'take', '--file', counts, '--yes'],
    ['inventory', 'stock', 'receive', '--file', receipt, '--po', `PO-${tag}`],
    [
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '-1',
      '--comment',
      `body check ${tag}`,
    ],
  ];
  for (const args of commands) {
    const r = await sb.run(args);
    expect(r.code, `${args.slice(0, 3).join(' ')}: ${r.stderr}`).toBe(0);
  }
  const created = await sb.run(webhookCreateFlags(['-o', 'json']));
  expect(created.code, created.stderr).toBe(0);
  const id = createdWebhookId(created.stderr);
  expect(id).toBeTruthy();
  const updated = await sb.run([
    'webhooks',
    'update',
    '--yes',
    id!,
    '--events',
    'stock.adjusted,stock.counted',
    '--rotate-secret',
  ]);
  expect(updated.code, updated.stderr).toBe(0);
  const deleted = await sb.run(['webhooks', 'delete', id!, '--yes']);
  expect(deleted.code, deleted.stderr).toBe(0);
}

// The pascal dialect publishes PascalCase schemas: its case is the last describe, after `config import-openapi` (as a user must).
describe.each(['venue', 'envelope', 'plain', 'decoy', 'hal'])(
  'every request body venue sends, in the %s dialect',
  (dialect) => {
    let sb: SandboxHandle;
    beforeAll(async () => {
      sb = await startSandbox(['--dialect', dialect]);
    }, 30_000);
    afterAll(() => sb?.stop());

    it('validates against the request schema of the document the sandbox serves', async () => {
      await runEveryWrite(sb, dialect);
      const document = (await (await fetch(`${sb.origin}/inventory/openapi.json`)).json()) as Document;
      const { requests } = await sb.control<{ requests: Logged[] }>('GET', '/requests');
      const { checked, problems } = validate(document, requests);
      expect(problems).toEqual([]);
      // Every write operation was sent and checked (the published names are the vendor's: map back by path).
      const published = new Map<string, string>();
      const canonical = JSON.parse(
        fs.readFileSync(path.resolve(__dirname, '../../../packages/sandbox/openapi/inventory.json'), 'utf8'),
      ) as Document;
      for (const [template, item] of Object.entries(canonical.paths)) {
        for (const [method, operation] of Object.entries(item))
          published.set(`${method.toUpperCase()} ${template}`, operation.operationId!);
      }
      const sentOperations = new Set(
        checked.map(({ request }) => {
          const [method, url] = request.split(' ');
          const pathOnly = url!.split('?')[0]!.replace(/^\/inventory/, '');
          const hit = [...published.entries()].find(([key]) => {
            const [m, template] = key.split(' ');
            return m === method && new RegExp(`^${template!.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathOnly);
          });
          return hit?.[1];
        }),
      );
      for (const operation of WRITES) expect(sentOperations, `${operation} was not sent`).toContain(operation);
    }, 120_000);

    it('the validator is not blind: a body of the wrong shape is reported', () => {
      const document = {
        servers: [{ url: `${sb.origin}/inventory` }],
        paths: {
          '/stock-adjustments': {
            post: {
              operationId: 'x',
              requestBody: {
                content: {
                  'application/json': {
                    schema: { type: 'object', required: ['productId'], properties: { productId: { type: 'integer' } } },
                  },
                },
              },
            },
          },
        },
      };
      const { problems } = validate(document, [
        { method: 'POST', url: '/inventory/stock-adjustments', body: { ProductId: 1 }, status: 200 },
      ]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain("must have required property 'productId'");
    });
  },
);

describe('a sandbox serving a document with PascalCase schemas, after config import-openapi of it', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', 'pascal']);
  }, 30_000);
  afterAll(() => sb?.stop());

  it("every body is written in the document's names and validates against its request schemas", async () => {
    const document = (await (await fetch(`${sb.origin}/inventory/openapi.json`)).json()) as Document & {
      components: { schemas: Record<string, { properties?: object }> };
    };
    // The document is PascalCase: before the import, venue's camelCase bodies do not meet it.
    expect(Object.keys(document.components.schemas.StockAdjustmentRequest!.properties!)).toContain('ProductId');
    const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '--yes']);
    expect(imported.code, imported.stderr).toBe(0);
    const routes = await sb.run(['config', 'routes']);
    expect(routes.stdout).toMatch(/Body names: \w+: .*[A-Z]/);
    await sb.control('DELETE', '/requests');
    await runEveryWrite(sb, 'pascal-doc');
    const { requests } = await sb.control<{ requests: Logged[] }>('GET', '/requests');
    const { checked, problems } = validate(document, requests);
    expect(problems).toEqual([]);
    // Every write operation (vendor-named here) and the login: nine operations checked.
    expect(new Set(checked.map((c) => c.operation)).size).toBe(WRITES.length + 1);
    const adjustment = requests.find((r) => r.method === 'POST' && r.url.endsWith('/stock-adjustments'));
    expect(Object.keys(adjustment!.body as object)).toContain('ProductId');
  }, 120_000);
});
