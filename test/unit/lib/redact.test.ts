import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  SecretRegistry,
  answerMayHoldSecrets,
  isDistinctive,
  isSensitiveKey,
  redactErrorBody,
  redactHeaders,
  redactJson,
  redactUrl,
  traceBody,
} from '../../../src/lib/redact.js';

const sensitiveKeys = [
  'password',
  'newPassword',
  'clientSecret',
  'apiSecret',
  'apiKey',
  'accessToken',
  'refreshToken',
  'cardCvv',
  'confirmationCode',
  'secret',
  'access_token',
  'X-Api-Token',
];

/** Secrets a real setup can have that are also ordinary data: never searched for in output. */
const plainSecrets = [
  'true',
  'false',
  'null',
  'SNACKS',
  'string',
  'Snacks',
  'admin',
  'password',
  '1234',
  '111',
  'hunter2',
  'Arcade Tokens',
  'stock.adjusted',
  '2026-11-22',
];

/** Distinctive secrets: long, not words, not numbers. */
const distinctiveSecret = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'),
      minLength: 8,
      maxLength: 20,
    }),
    fc.integer({ min: 1000, max: 999_999 }),
    fc.constantFrom('-', '_', '.', '"', '\\', '/', '+', '='),
  )
  .chain(([letters, digits, sep]) =>
    fc.constantFrom(`${letters}${sep}${digits}`, `${letters}${digits}${sep}`, `${sep}${digits}${letters}`),
  )
  .filter((s) => isDistinctive(s));

describe('redaction by name', () => {
  it('never lets a credential field through, however deep', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sensitiveKeys),
        fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom(...plainSecrets)),
        fc.array(fc.constantFrom('a', 'items', 'data', 'guest'), { maxLength: 4 }),
        (key, secret, path) => {
          let value: unknown = { [key]: secret, other: 'visible' };
          for (const segment of path) value = { [segment]: [value] };
          let redacted = redactJson(value) as Record<string, unknown>;
          for (const segment of [...path].reverse())
            redacted = (redacted[segment] as Array<Record<string, unknown>>)[0]!;
          expect(redacted).toEqual({ [key]: REDACTED, other: 'visible' });
        },
      ),
    );
  });

  it('tells credential names from data that only looks like them', () => {
    for (const key of [
      ...sensitiveKeys,
      'x-api-key',
      'authorization',
      'Proxy-Authorization',
      'set-cookie',
      'x-hub-signature-256',
      'jwt',
      'cvv2',
      'api_key',
    ])
      expect(isSensitiveKey(key), key).toBe(true);
    // The arcade's play tokens, a token's type and expiry, a key's id are data.
    for (const key of [
      'tokens',
      'tokenBalance',
      'tokensPerDollar',
      'tokenType',
      'refreshTokenExpiresAt',
      'apiKeyId',
      'isActive',
      'categoryId',
      'type',
      'passwordResetRequired',
    ])
      expect(isSensitiveKey(key), key).toBe(false);
  });

  it('masks bearer tokens but keeps the scheme; api-key and token headers whole', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer abc.def.ghi',
        'content-type': 'application/json',
        'x-api-key': 'SNACKS',
        'x-api-token': 'string',
      }),
    ).toEqual({
      authorization: `Bearer ${REDACTED}`,
      'content-type': 'application/json',
      'x-api-key': REDACTED,
      'x-api-token': REDACTED,
    });
  });

  it('masks credential query parameters and user info in URLs, and leaves other URLs as they were', () => {
    expect(redactUrl('https://inv.example.com/api/products?api_key=true&page=2&token=string')).toBe(
      `https://inv.example.com/api/products?api_key=${REDACTED}&page=2&token=${REDACTED}`,
    );
    expect(redactUrl('https://user:hunter2@inv.example.com/x?key=abc&sig=def')).toBe(
      `https://user:${REDACTED}@inv.example.com/x?key=${REDACTED}&sig=${REDACTED}`,
    );
    const plain = 'http://127.0.0.1:4000/api/products?page=1&pageSize=200&categoryId=SNACKS';
    expect(redactUrl(plain)).toBe(plain);
    expect(redactUrl('not a url')).toBe('not a url');
  });
});

describe('redaction by value never alters data', () => {
  it('a short or plain secret is never searched for: any JSON data, any format, comes back byte for byte', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...plainSecrets), fc.boolean(), (data, secret, messages) => {
        const secrets = new SecretRegistry();
        secrets.remember(secret);
        // The secret itself, as data, in every shape output takes.
        const texts = [
          JSON.stringify(data),
          JSON.stringify({ data, value: secret, flag: true, items: [secret] }, null, 2),
          `${secret},${secret}\n"${secret}"\n`,
        ];
        for (const text of texts) expect(secrets.scrub(text, messages)).toBe(text);
      }),
    );
  });

  it('a distinctive secret is masked wherever it turns up, and JSON output stays valid JSON with everything else intact', () => {
    fc.assert(
      fc.property(fc.jsonValue(), distinctiveSecret, (data, secret) => {
        const secrets = new SecretRegistry();
        secrets.remember(secret);
        const text = JSON.stringify({ data, echoed: `the server said ${secret}.`, [secret.length]: secret });
        const scrubbed = secrets.scrub(text, false);
        expect(scrubbed).not.toContain(JSON.stringify(secret).slice(1, -1));
        const parsed = JSON.parse(scrubbed);
        expect(parsed.echoed).toBe(`the server said ${REDACTED}.`);
        expect(parsed.data).toEqual(JSON.parse(JSON.stringify(data)));
      }),
    );
  });

  it('says which secrets are distinctive enough to search for', () => {
    for (const value of [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
      'key-EchoEcho-7781',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      '550e8400-e29b-41d4-a716-446655440000',
      'Ab3$kL9!zQ2#',
    ])
      expect(isDistinctive(value), value).toBe(true);
    for (const value of [
      'true',
      'SNACKS',
      'string',
      'hunter2',
      'Arcade Tokens',
      'correct-horse-battery-staple',
      'remainingCapacity',
      '6001000000000000001',
      '2026-11-22T10:00:00',
      'aaaaaaaaaaaa1',
      '12.50',
    ])
      expect(isDistinctive(value), value).toBe(false);
  });
});

describe("a server's error answer", () => {
  it('masks a short CVV or password where the answer concerns a credential, by field or by words', () => {
    const secrets = new SecretRegistry();
    secrets.remember('123');
    secrets.remember('true');
    const body = {
      message: 'Validation failed: 123 items checked',
      errors: [
        { field: 'cardCvv', message: "'123' is not a valid CVV", rejectedValue: '123' },
        { field: 'quantity', message: 'must be under 123', rejectedValue: 124 },
      ],
      details: { apiSecret: ['the value true is not accepted'], isActive: true },
      hint: 'apiSecret "true" is wrong',
    };
    expect(redactErrorBody(body, secrets)).toEqual({
      message: 'Validation failed: 123 items checked',
      errors: [
        { field: 'cardCvv', message: `'${REDACTED}' is not a valid CVV`, rejectedValue: REDACTED },
        { field: 'quantity', message: 'must be under 123', rejectedValue: 124 },
      ],
      details: { apiSecret: [`the value ${REDACTED} is not accepted`], isActive: true },
      hint: `apiSecret "${REDACTED}" is wrong`,
    });
  });

  it('masks credential fields by name even without a registry; a plain text body about a password too', () => {
    expect(redactErrorBody({ password: 'x', loc: ['body', 'password'], msg: 'too short' })).toEqual({
      password: REDACTED,
      loc: ['body', 'password'],
      msg: 'too short',
    });
    const secrets = new SecretRegistry();
    secrets.remember('Passw0rd');
    expect(redactErrorBody('invalid password Passw0rd for ava', secrets)).toBe(`invalid password ${REDACTED} for ava`);
    expect(redactErrorBody('product Passw0rd-kit not found', secrets)).toBe('product Passw0rd-kit not found');
  });
});

describe('where secrets are looked for', () => {
  it('only in answers that can hold one: logins and token exchanges, never a listing read with a token', () => {
    expect(answerMayHoldSecrets({ path: '/api/products', authenticated: true })).toBe(false);
    expect(answerMayHoldSecrets({ path: '/api/products', body: { tokens: 5, name: 'x' }, authenticated: true })).toBe(
      false,
    );
    expect(answerMayHoldSecrets({ path: '/api/auth/token', authenticated: false })).toBe(true);
    expect(
      answerMayHoldSecrets({
        path: '/api/v1/admin/login',
        body: { username: 'a', password: 'b' },
        authenticated: true,
      }),
    ).toBe(true);
    expect(
      answerMayHoldSecrets({ path: '/api/v1/admin/token', body: { refreshToken: 'r' }, authenticated: false }),
    ).toBe(true);
    expect(answerMayHoldSecrets({ path: '/webhooks', body: { url: 'u', secret: 's' }, authenticated: true })).toBe(
      true,
    );
  });

  it('a token route answering a bare word gives the token; the trace shows it masked, and data under other names as it was', () => {
    const secrets = new SecretRegistry();
    secrets.rememberAnswer('string', { path: '/auth/token', authenticated: false, status: 200 });
    expect(secrets.isSecret('string')).toBe(true);
    expect(traceBody('string', secrets, 200)).toBe(REDACTED);
    expect(traceBody({ type: 'string', token: 'string' }, secrets, 200)).toBe(
      `{"type":"string","token":"${REDACTED}"}`,
    );
    // An error page from the same route is not a token.
    secrets.rememberAnswer('Service Unavailable', { path: '/auth/token', authenticated: false, status: 503 });
    expect(secrets.isSecret('Service Unavailable')).toBe(false);
  });
});
