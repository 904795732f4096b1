// The tables of service error codes (src/lib/<service>/error-codes.ts): every
// code the sandbox can answer, in every dialect's spelling, on the calls that
// answer it, maps to the exit code venue means; every row is reachable and
// raises the exit code it states; no client or command compares codes or
// reads a service's words itself.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, ExitCode, categoryForStatus, exitCodeFor } from '../../../src/lib/errors.js';
import { ErrorTable, STATUS_CODES, codeOf, sameCode, type ErrorRow } from '../../../src/lib/service-errors.js';
import { walletCalls, walletErrors } from '../../../src/lib/wallet/error-codes.js';
import { bookingCalls, bookingErrors } from '../../../src/lib/booking/error-codes.js';
import { inventoryErrors } from '../../../src/lib/inventory/error-codes.js';
import { webhookCalls, webhookErrors } from '../../../src/lib/webhooks/error-codes.js';
import { inventoryOperationNames } from '../../../src/lib/inventory/routes.js';

const root = path.resolve(__dirname, '../../..');

type AnyTable = ErrorTable<string, string, Record<string, unknown>>;
const tables: Array<{ name: string; table: AnyTable; calls: readonly string[] }> = [
  { name: 'wallet', table: walletErrors as unknown as AnyTable, calls: walletCalls },
  { name: 'booking', table: bookingErrors as unknown as AnyTable, calls: bookingCalls },
  {
    name: 'inventory',
    table: inventoryErrors as unknown as AnyTable,
    calls: inventoryOperationNames.filter((op) => !(webhookCalls as readonly string[]).includes(op)),
  },
  { name: 'webhooks', table: webhookErrors as unknown as AnyTable, calls: webhookCalls },
];
const tableOf = (name: string) => tables.find((t) => t.name === name)!;

const context = {
  email: 'ava@example.com',
  cardNumber: '6001000000000000001',
  locationId: 'loc-1',
  experienceId: 'exp-1',
  slotId: 's-1',
  quantity: 2,
  orderId: 'ord-1',
  what: 'product 1002',
  productId: 1002,
  warehouseId: 1,
  adjustmentQuantity: -5,
  webhookId: 'wh-1',
};

/** An error answer as the HTTP layer makes it: category by status, code and fields from the body. */
function answer(status: number, code?: string, fields: string[] = [], headers: Record<string, string> = {}): ApiError {
  const body = {
    error: {
      status,
      ...(code ? { code } : {}),
      message: 'the service says no',
      details: fields.map((field) => ({ field, rule: 'is wrong' })),
    },
  };
  return new ApiError(categoryForStatus(status), `answered ${status}: the service says no`, {
    status,
    method: 'POST',
    url: 'http://x',
    serverMessage: 'the service says no',
    code,
    body,
    headers,
  });
}

const statusExit = (status: number) => answer(status).exitCode;

/** The dialects' spellings of a code (docs/sandbox-dialects.md): venue, pascal, envelope, plain. */
function spellings(code: string): string[] {
  const words = code.split('_');
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return [code, pascal, code.toUpperCase(), pascal[0]!.toLowerCase() + pascal.slice(1)];
}

// ---- What the sandbox answers (packages/sandbox/src), call by call.
// [service, calls, status, code, exit venue means, meaning when the table names one]
type Case = [string, readonly string[] | 'every', number, string, ExitCode, string?];
const SANDBOX_ANSWERS: Case[] = [
  ['wallet', ['signup'], 409, 'username_taken', ExitCode.rejected, 'username-taken'],
  ['wallet', ['signup'], 409, 'card_registered', ExitCode.rejected, 'card-registered'],
  ['wallet', ['signup'], 422, 'card_not_activated', ExitCode.rejected, 'card-not-activated'],
  ['wallet', ['signup', 'confirm-reset'], 422, 'password_rules', ExitCode.rejected, 'password-rules'],
  ['wallet', ['confirm-reset'], 422, 'invalid_confirmation_code', ExitCode.rejected, 'confirmation-code'],
  ['wallet', ['login'], 401, 'invalid_credentials', ExitCode.auth, 'guest-credentials-refused'],
  ['wallet', ['login'], 401, 'unauthorized', ExitCode.auth, 'token-refused'],
  [
    'wallet',
    ['cards', 'balance', 'activity', 'products', 'sale', 'pass'],
    401,
    'unauthorized',
    ExitCode.auth,
    'token-refused',
  ],
  ['wallet', 'every', 403, 'forbidden', ExitCode.auth, 'wrong-token-kind'],
  ['wallet', 'every', 404, 'not_found', ExitCode.notFound, 'not-found'],
  ['wallet', ['sale'], 409, 'duplicate_payment_reference', ExitCode.rejected, 'duplicate-payment-reference'],
  ['wallet', ['sale'], 422, 'product_not_online', ExitCode.rejected],
  ['wallet', ['sale'], 422, 'amount_mismatch', ExitCode.rejected],
  ['booking', ['experiences'], 404, 'not_found', ExitCode.notFound, 'no-location'],
  ['booking', ['availability', 'sessions'], 404, 'not_found', ExitCode.notFound, 'no-experience'],
  ['booking', ['reserve'], 404, 'not_found', ExitCode.notFound],
  ['booking', ['reserve'], 409, 'slot_closed', ExitCode.rejected, 'slot-closed'],
  ['booking', ['reserve'], 409, 'capacity_exceeded', ExitCode.rejected, 'slot-full'],
  ['booking', ['release'], 404, 'reservation_not_found', ExitCode.notFound, 'reservation-unknown'],
  ['booking', ['release'], 409, 'already_paid', ExitCode.rejected, 'already-paid'],
  ['booking', ['create-order'], 404, 'reservation_not_found', ExitCode.notFound],
  ['booking', ['create-order'], 409, 'hold_expired', ExitCode.rejected],
  ['booking', ['create-order'], 409, 'reservation_not_held', ExitCode.rejected],
  ['booking', ['create-order'], 422, 'mixed_locations', ExitCode.rejected],
  ['booking', ['record-sale'], 404, 'order_not_found', ExitCode.notFound],
  ['booking', ['record-sale'], 409, 'already_paid', ExitCode.rejected, 'already-paid'],
  ['booking', ['record-sale'], 409, 'order_cancelled', ExitCode.rejected],
  ['booking', ['record-sale'], 409, 'order_expired', ExitCode.rejected],
  ['booking', ['record-sale'], 422, 'amount_mismatch', ExitCode.rejected],
  ['booking', ['cancel-order'], 404, 'order_not_found', ExitCode.notFound],
  ['booking', ['cancel-order'], 409, 'already_cancelled', ExitCode.rejected, 'already-cancelled'],
  ['booking', ['find-order'], 404, 'order_not_found', ExitCode.notFound, 'order-not-found'],
  ['booking', ['find-order'], 404, 'not_found', ExitCode.notFound, 'lookup-not-offered'],
  ['inventory', ['getProduct', 'updateProduct'], 404, 'not_found', ExitCode.notFound, 'no-such-record'],
  ['inventory', ['createProduct', 'updateProduct'], 409, 'barcode_taken', ExitCode.rejected, 'barcode-taken'],
  ['inventory', ['updateProduct', 'createSupplier'], 409, 'conflict', ExitCode.rejected, 'conflict'],
  ['inventory', ['updateProduct'], 422, 'not_linked', ExitCode.rejected, 'supplier-not-linked'],
  // A replacing update's stale If-Match (a layout with replaces, packages/sandbox/src/replacing.ts).
  ['inventory', ['updateProduct'], 412, 'precondition_failed', ExitCode.rejected, 'changed-since-read'],
  // A JSON Patch update's test operation that fails (a layout with jsonPatch, packages/sandbox/src/json-patch.ts):
  // venue sends no test operation, but a vendor's 409 is a refusal whatever its code.
  ['inventory', ['updateProduct'], 409, 'test_failed', ExitCode.rejected],
  ['inventory', ['adjustStock'], 422, 'insufficient_stock', ExitCode.rejected, 'insufficient-stock'],
  [
    'inventory',
    ['createProduct', 'stockTake', 'receiveStock', 'adjustStock'],
    404,
    'not_found',
    ExitCode.notFound,
    'not-found',
  ],
  ['webhooks', ['updateWebhook', 'deleteWebhook'], 404, 'not_found', ExitCode.notFound, 'no-such-subscriber'],
];
/** Answers of every route: broken requests, the token check, and the faults the sandbox injects. */
const EVERY_ROUTE: Array<[number, string]> = [
  [400, 'validation_failed'],
  [400, 'malformed_json'],
  [400, 'malformed_request'],
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [408, 'request_timeout'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [429, 'rate_limited'],
  [431, 'headers_too_large'],
  [500, 'internal'],
  [502, 'internal'],
  [503, 'internal'],
  [504, 'internal'],
  [409, 'injected_fault'],
  [422, 'injected_fault'],
];
/** Answers of the sandbox's own control routes (`venue sandbox …`), which no vendor service sends. */
const CONTROL_ONLY = ['insufficient_balance', 'insufficient_tickets'];

describe('every code the sandbox answers maps to the exit code venue means', () => {
  for (const [service, calls, status, code, exit, means] of SANDBOX_ANSWERS) {
    const { table, calls: all } = tableOf(service);
    const on = calls === 'every' ? all : calls;
    it(`${service} ${status} ${code} on ${on.join(', ')}${means ? `: ${means}` : ''}`, () => {
      for (const call of on) {
        for (const spelled of spellings(code)) {
          const sent = answer(status, spelled);
          expect(exitCodeFor(table.errorFor(sent, call, context)), `${call} ${spelled}`).toBe(exit);
          if (means) expect(table.meaning(sent, call), `${call} ${spelled}`).toBe(means);
        }
      }
    });
  }

  it.each(EVERY_ROUTE)('%i %s on every call of every service: the status decides the exit code', (status, code) => {
    for (const { name, table, calls } of tables) {
      for (const call of calls) {
        for (const spelled of spellings(code))
          expect(
            exitCodeFor(table.errorFor(answer(status, spelled), call, context)),
            `${name} ${call} ${spelled}`,
          ).toBe(statusExit(status));
      }
    }
  });

  it('the list above holds every code the sandbox source can answer', () => {
    const dir = ['packages/sandbox/src', 'src/sandbox'].map((d) => path.join(root, d)).find((d) => fs.existsSync(d))!;
    const files = (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    const found = new Set<string>();
    for (const text of files) for (const code of sandboxCodes(text)) found.add(code);
    // The scan reads: a sandbox that moved or a scan that broke would find nothing.
    expect(found.size).toBeGreaterThan(30);
    const listed = new Set([...SANDBOX_ANSWERS.map((c) => c[3]), ...EVERY_ROUTE.map((c) => c[1]), ...CONTROL_ONLY]);
    expect([...found].filter((code) => !listed.has(code)).sort()).toEqual([]);
  });
});

/**
 * The codes a sandbox file can answer: the code arguments of its error
 * constructors (SandboxHttpError, conflict, unprocessable) and the values of
 * a `code` it builds first.
 */
function sandboxCodes(text: string): string[] {
  const places: string[] = [];
  for (const match of text.matchAll(/\b(?:SandboxHttpError|conflict|unprocessable)\(/g))
    places.push(argumentsAt(text, match.index! + match[0].length));
  for (const match of text.matchAll(/(?:const|let)\s+(?:\[[^\]]*\bcode\b[^\]]*\]|code)\s*=([^;]+);/g))
    places.push(match[1]!);
  return places
    .flatMap((place) => [...place.matchAll(/'([a-z]+(?:_[a-z]+)*)'/g)].map((m) => m[1]!))
    .filter((word) => word.includes('_') || STATUS_CODES.includes(word));
}

function argumentsAt(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

describe('every row of every table', () => {
  for (const { name, table, calls } of tables) {
    table.rows.forEach((row, index) => {
      it(`${name} #${index + 1} ${row.means}: reachable, and raises the exit code it states`, () => {
        const { error, call } = matching(row, calls);
        expect(table.rowFor(error, call)).toBe(row);
        const raised = table.errorFor(error, call, context);
        expect(exitCodeFor(raised)).toBe(row.exit === 'by-status' ? statusExit(error.status) : row.exit);
        if (row.error) expect((raised as Error & { cause?: unknown }).message).not.toBe(error.message);
      });
    });
  }
});

/** An answer and a call the row holds for. */
function matching(
  row: ErrorRow<string, string, Record<string, unknown>>,
  calls: readonly string[],
): { error: ApiError; call: string } {
  const status = row.status === 'any' ? 409 : row.status[0]!;
  const code = Array.isArray(row.codes) ? row.codes[0] : row.codes === 'any' ? 'a_code_no_table_lists' : undefined;
  return { error: answer(status, code, row.fields ? [row.fields[0]!] : []), call: row.calls?.[0] ?? calls[0]! };
}

describe('how a row holds', () => {
  it('codes compare in any case or separator, and only whole codes', () => {
    for (const spelled of spellings('card_not_activated')) expect(sameCode(spelled, 'card_not_activated')).toBe(true);
    expect(sameCode('card-not-activated', 'CARD_NOT_ACTIVATED')).toBe(true);
    expect(sameCode('slot_full', 'slot_closed')).toBe(false);
  });

  it('a row where the status decides holds for no code or one that only restates the status, never for a specific one', () => {
    expect(walletErrors.meaning(answer(409, undefined), 'signup')).toBe('username-taken');
    expect(walletErrors.meaning(answer(409, 'CONFLICT'), 'signup')).toBe('username-taken');
    expect(walletErrors.meaning(answer(409, 'card_blocked'), 'signup')).toBeUndefined();
  });

  it('fields decide only where the row names them, in any path or case', () => {
    expect(walletErrors.meaning(answer(422, undefined, ['$.CardBarcode']), 'signup')).toBe('card-not-activated');
    expect(walletErrors.meaning(answer(422, undefined, ['body.newPassword']), 'confirm-reset')).toBe('password-rules');
    expect(walletErrors.meaning(answer(422, undefined, ['amount']), 'sale')).toBeUndefined();
  });

  it('a bearer challenge naming its error is the code of a body that names none (RFC 6750)', () => {
    const challenged = answer(401, undefined, [], {
      'www-authenticate': 'Bearer realm="wallet", error="invalid_token"',
    });
    expect(codeOf(challenged)).toBe('invalid_token');
    expect(walletErrors.meaning(challenged, 'login')).toBe('token-refused');
    // A bare challenge names nothing: on a login, the status decides (the guest's email and password).
    expect(walletErrors.meaning(answer(401, undefined, [], { 'www-authenticate': 'Bearer' }), 'login')).toBe(
      'login-refused',
    );
  });

  it('an explained error is looked through to its answer; a request that never left means nothing', async () => {
    const explained = walletErrors.errorFor(answer(409, 'duplicate_payment_reference'), 'sale', context);
    expect(explained).not.toBeInstanceOf(ApiError);
    expect(walletErrors.meaning(explained, 'sale')).toBe('duplicate-payment-reference');
    const { RequestNotSentError } = await import('../../../src/lib/errors.js');
    expect(
      walletErrors.meaning(
        new RequestNotSentError('no retry fitted', { cause: answer(409, 'duplicate_payment_reference') }),
        'sale',
      ),
    ).toBeUndefined();
    expect(walletErrors.errorFor(new Error('boom'), 'sale', context)).toBeInstanceOf(Error);
  });
});

describe('no code lists or guesses from words outside the tables', () => {
  it('clients, workflows and commands ask the tables', () => {
    const offenders: string[] = [];
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
        );
    for (const file of [...walk(path.join(root, 'src/lib')), ...walk(path.join(root, 'src/commands'))]) {
      const rel = path.relative(root, file);
      if (
        rel === path.join('src', 'lib', 'service-errors.ts') ||
        rel === path.join('src', 'lib', 'reading.ts') ||
        rel.endsWith('error-codes.ts')
      )
        continue;
      // src/lib/openapi reads a vendor's OpenAPI document (its descriptions), not its error answers.
      if (rel.startsWith(path.join('src', 'lib', 'openapi') + path.sep)) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (/\bhasCode\(|\binfo\.code\b|\bcodeOf\(/.test(text)) offenders.push(`${rel}: compares a service's code`);
      if (/\/[^/\n]+\/[a-z]*\.test\([^)\n]*(serverMessage|said)\b/.test(text))
        offenders.push(`${rel}: reads a service's words`);
    }
    expect(offenders).toEqual([]);
  });
});
