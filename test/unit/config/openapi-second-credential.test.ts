// A second credential beside a static key: what the importer makes of a
// document whose calls take two credentials in headers (docs/vendor.md,
// "Auth"). Each rule is stated for any document and tested on a small document
// written for it:
//   - one security requirement naming two apiKey schemes in headers at once:
//     the one whose header's name says most plainly that it is the key is
//     inventory.auth's name, the other its second-header (on a tie, the first
//     listed is the key); three or more at once are none venue sends, and the
//     review names those left unsent;
//   - a header parameter named as a credential that at least half the
//     operations require, beside the chosen scheme's own: a static key's
//     second-header, or, beside any other scheme, a warning naming the header
//     and how many operations require it;
//   - --server-var naming such a credential: exit 2, never its value shown.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/lib/errors.js';
import { formatAuthScheme, type AuthScheme } from '../../../src/lib/inventory/routes.js';
import { refuseCredentialVars, storedRoute, type ImportPlan } from '../../../src/lib/openapi/import.js';
import { reviewRecord, reviewText, warnings } from '../../../src/lib/openapi/review.js';
import { answer, body, plan, routesOf } from '../../support/openapi-plans.js';

const product = { productId: 'integer', productName: 'string', productCode: 'string', sellPrice: 'number' };
const supplier = { supplierId: 'integer', supplierName: 'string', supplierCode: 'string' };

/** A small inventory API: its operations, each with these header parameters (and its own security, when given). */
function paths(headers: unknown[] = [], security?: Array<Record<string, string[]>>) {
  const own = (operation: Record<string, unknown>) => ({
    ...operation,
    ...(headers.length ? { parameters: headers } : {}),
    ...(security ? { security } : {}),
  });
  return {
    '/products': {
      get: own({ operationId: 'listProducts', summary: 'List products', responses: answer(product, true) }),
      post: own({
        operationId: 'createProduct',
        summary: 'Create a product',
        requestBody: body(product),
        responses: answer(product),
      }),
    },
    '/products/{id}': {
      get: own({ operationId: 'getProduct', summary: 'Get a product', responses: answer(product) }),
    },
    '/suppliers': {
      get: own({ operationId: 'listSuppliers', summary: 'List suppliers', responses: answer(supplier, true) }),
    },
  };
}

const header = (name: string, required = true) => ({ name, in: 'header', required, schema: { type: 'string' } });
const apiKeyIn = (name: string, description?: string) => ({
  type: 'apiKey',
  in: 'header',
  name,
  ...(description ? { description } : {}),
});
const context = { profile: 'store1', profileFlag: '', stored: false, kept: [], conflicts: [] };
const schemeOf = (result: ImportPlan): AuthScheme | undefined => result.auth.scheme;

describe('two apiKey schemes in headers required together', () => {
  const twoKeys = (first: [string, unknown], second: [string, unknown]) =>
    plan(paths(), {
      components: { securitySchemes: Object.fromEntries([first, second]) },
      security: [{ [first[0]]: [], [second[0]]: [] }],
    });

  it('the one whose name says it is the key is the key, whichever is listed first; the other is the second header', () => {
    for (const result of [
      twoKeys(['ApiKey', apiKeyIn('X-Api-Key')], ['AppId', apiKeyIn('X-App-Id')]),
      twoKeys(['AppId', apiKeyIn('X-App-Id')], ['ApiKey', apiKeyIn('X-Api-Key')]),
    ]) {
      expect(routesOf(result).listProducts).toBe('GET /products');
      expect(schemeOf(result)).toEqual({
        type: 'api-key',
        in: 'header',
        name: 'X-Api-Key',
        prefix: '',
        secondHeader: 'X-App-Id',
      });
      expect(result.auth.evidence).toMatch(/^securitySchemes\.(ApiKey|AppId) and securitySchemes\.(ApiKey|AppId): /);
      expect(result.auth.evidence).toContain("its name says more plainly than X-App-Id's that it is the key");
      expect(result.auth.warnings ?? []).toEqual([]);
    }
  });

  it('a key word inside a longer word says it less plainly than a word of its own, more than none; the prefix is the key’s', () => {
    const result = twoKeys(
      ['AccountId', apiKeyIn('api-auth-accountid')],
      ['ApplicationKey', apiKeyIn('api-auth-applicationkey', 'Send it as "Key <your key>"')],
    );
    expect(formatAuthScheme(schemeOf(result)!)).toBe(
      'api-key in=header name=api-auth-applicationkey prefix="Key " second-header=api-auth-accountid',
    );
  });

  it('where neither name says it more plainly, the first listed is the key, and the evidence says why', () => {
    const result = twoKeys(['Connection', apiKeyIn('X-Connection-Token')], ['Key', apiKeyIn('X-Api-Key')]);
    expect(schemeOf(result)).toMatchObject({ name: 'X-Connection-Token', secondHeader: 'X-Api-Key' });
    expect(result.auth.evidence).toContain('neither name says more plainly that it is the key, so the first listed is');
  });

  it('the review shows the scheme with its second header, and both secrets, in text and in -o json', () => {
    const result = twoKeys(['ApiKey', apiKeyIn('X-Api-Key')], ['AppId', apiKeyIn('X-App-Id')]);
    const text = reviewText(result, context);
    expect(text).toContain('Auth:      api-key in=header name=X-Api-Key second-header=X-App-Id (securitySchemes.');
    expect(text).toContain('Secrets:   venue config set-secret inventory.apiKey   (the key sent in X-Api-Key)');
    expect(text).toContain(
      '           venue config set-secret inventory.apiSecret   (the second credential, sent bare in X-App-Id beside the key)',
    );
    const record = reviewRecord(result, context);
    expect(record.auth).toBe('api-key in=header name=X-Api-Key second-header=X-App-Id');
    expect(record.authScheme).toMatchObject({ type: 'api-key', name: 'X-Api-Key', secondHeader: 'X-App-Id' });
    expect((record.secrets as Array<{ key: string }>).map((s) => s.key)).toEqual([
      'inventory.apiKey',
      'inventory.apiSecret',
    ]);
  });

  it('two schemes at once that are not both apiKey headers are none venue sends: the review names what is left unsent', () => {
    const result = plan(paths(), {
      components: { securitySchemes: { Key: apiKeyIn('X-Api-Key'), Jwt: { type: 'http', scheme: 'bearer' } } },
      security: [{ Key: [], Jwt: [] }],
    });
    expect(schemeOf(result)).toBeUndefined();
    expect(warnings(result)).toContainEqual(
      expect.stringContaining(
        'require securitySchemes Key and Jwt together; venue sends the credential of one scheme, a static key with at most one second header',
      ),
    );
  });
});

describe('three or more apiKey schemes required together', () => {
  const three = {
    A: apiKeyIn('X-Api-Key'),
    B: apiKeyIn('X-Account-Id'),
    C: apiKeyIn('X-Store-Id'),
  };

  it('are none venue sends (as before), and the review, text and json, says which were left unsent', () => {
    const result = plan(paths(), { components: { securitySchemes: three }, security: [{ A: [], B: [], C: [] }] });
    expect(schemeOf(result)).toBeUndefined();
    expect(result.auth.evidence).toBe(
      'the operations require only schemes together that venue cannot send (see Warnings)',
    );
    const said =
      '4 of the operations require securitySchemes A, B and C together; venue sends the credential of one scheme, a static key with at most one second header (inventory.auth), so A, B and C are left unsent and those calls will be refused';
    expect(reviewText(result, context)).toContain(said);
    expect(reviewRecord(result, context).warnings).toContain(said);
  });

  it('beside a scheme some operations take alone, the operations that require all three are named, with what is unsent', () => {
    const documentPaths = paths();
    // Two operations take A alone; the other two require all three.
    (documentPaths['/products'].get as Record<string, unknown>).security = [{ A: [] }];
    (documentPaths['/products/{id}'].get as Record<string, unknown>).security = [{ A: [] }];
    const result = plan(documentPaths, { components: { securitySchemes: three }, security: [{ A: [], B: [], C: [] }] });
    expect(schemeOf(result)).toEqual({ type: 'api-key', in: 'header', name: 'X-Api-Key', prefix: '' });
    expect(warnings(result)).toContainEqual(
      '2 of the operations require securitySchemes A, B and C together; venue sends the credential of one scheme, a static key with at most one second header (inventory.auth), so B and C are left unsent and those calls will be refused',
    );
    // An operation that accepts the scheme venue sends as an alternative to all three is no warning.
    const alternative = plan(paths(), {
      components: { securitySchemes: three },
      security: [{ A: [] }, { A: [], B: [], C: [] }],
    });
    expect(schemeOf(alternative)).toMatchObject({ name: 'X-Api-Key' });
    expect(alternative.auth.warnings ?? []).toEqual([]);
  });
});

describe('a header parameter named as a credential that most operations require', () => {
  const keyScheme = { components: { securitySchemes: { ApiKey: apiKeyIn('x-api-key') } }, security: [{ ApiKey: [] }] };

  it('beside a static key, it is the key’s second header, sent from inventory.apiSecret', () => {
    const result = plan(paths([header('x-connection-token')]), keyScheme);
    expect(formatAuthScheme(schemeOf(result)!)).toBe(
      'api-key in=header name=x-api-key second-header=x-connection-token',
    );
    expect(result.auth.evidence).toBe(
      'securitySchemes.ApiKey: apiKey in header x-api-key; x-connection-token, a header named as a credential that 4 of the 4 operations require, is sent beside the key, bare, from inventory.apiSecret (second-header)',
    );
    // Never a per-venue value (a credential comes from the secrets, never from the profile's settings).
    expect(result.pathVars).toEqual([]);
    expect(reviewText(result, context)).toContain(
      'inventory.apiSecret   (the second credential, sent bare in x-connection-token',
    );
  });

  it('required on half the operations it is; on fewer, optional, or not named as a credential, it is not', () => {
    const documentPaths = paths();
    (documentPaths['/suppliers'].get as Record<string, unknown>).parameters = [header('x-connection-token')];
    (documentPaths['/products/{id}'].get as Record<string, unknown>).parameters = [header('x-connection-token')];
    expect(schemeOf(plan(documentPaths, keyScheme))).toMatchObject({ secondHeader: 'x-connection-token' });
    delete (documentPaths['/products/{id}'].get as Record<string, unknown>).parameters;
    expect(schemeOf(plan(documentPaths, keyScheme))).toEqual({
      type: 'api-key',
      in: 'header',
      name: 'x-api-key',
      prefix: '',
    });
    expect(schemeOf(plan(paths([header('x-connection-token', false)]), keyScheme))).not.toHaveProperty('secondHeader');
    expect(schemeOf(plan(paths([header('x-store-id')]), keyScheme))).not.toHaveProperty('secondHeader');
  });

  it('beside any other scheme venue cannot send it: the review warns, naming it and how many operations require it', () => {
    const basic = plan(paths([header('x-connection-token')]), {
      components: { securitySchemes: { Basic: { type: 'http', scheme: 'basic' } } },
      security: [{ Basic: [] }],
    });
    expect(schemeOf(basic)).toEqual({ type: 'basic' });
    const said =
      'x-connection-token: a header named as a credential that 4 of the 4 operations require; venue cannot send it beside HTTP basic authentication (inventory.auth basic), so those calls will be refused until it can be sent';
    expect(warnings(basic)).toContain(said);
    expect(reviewRecord(basic, context).warnings).toContain(said);
    const oauth = plan(paths([header('X-Connection-Token')]), {
      components: {
        securitySchemes: {
          OAuth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} } } },
        },
      },
      security: [{ OAuth: [] }],
    });
    expect(schemeOf(oauth)?.type).toBe('oauth2');
    expect(warnings(oauth)).toContainEqual(
      expect.stringMatching(
        /^X-Connection-Token: a header named as a credential that 4 of the 4 operations require; venue cannot send it beside OAuth2 client credentials/,
      ),
    );
  });

  it('one header whatever the case its name is written in, counted once over the operations', () => {
    const documentPaths = paths([header('X-Connection-Token')]);
    for (const operation of [documentPaths['/suppliers'].get, documentPaths['/products/{id}'].get])
      (operation as Record<string, unknown>).parameters = [header('x-connection-token')];
    const result = plan(documentPaths, keyScheme);
    expect(schemeOf(result)).toMatchObject({ secondHeader: 'X-Connection-Token' });
    expect(result.auth.evidence).toContain('that 4 of the 4 operations require');
    expect(result.auth.warnings ?? []).toEqual([]);
    // So is a per-venue header: X-Channel on half the operations, written two ways.
    const channel = paths();
    (channel['/suppliers'].get as Record<string, unknown>).parameters = [header('X-Channel')];
    (channel['/products/{id}'].get as Record<string, unknown>).parameters = [header('x-channel')];
    const perVenue = plan(channel, keyScheme);
    expect(perVenue.pathVars.map((v) => [v.name, v.in, v.paths])).toEqual([['x-channel', 'header', 2]]);
    expect(storedRoute(perVenue, 'GET /suppliers', 'listSuppliers')).toBe('GET /suppliers x-channel:{x-channel}');
  });

  it('one whose values the document lists (a constant, a choice) is the document’s value, no credential of the venue’s', () => {
    const constant = { ...header('X-Auth-Type'), schema: { type: 'string', enum: ['supplier_api_token'] } };
    expect(schemeOf(plan(paths([constant]), keyScheme))).not.toHaveProperty('secondHeader');
    expect(schemeOf(plan(paths([header('X-Auth-Type')]), keyScheme))).toMatchObject({ secondHeader: 'X-Auth-Type' });
  });

  it('with a scheme declared that venue cannot send, it is a warning saying so, and what could carry it', () => {
    const result = plan(paths([header('x-account-token')]), {
      components: { securitySchemes: { Session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ Session: [] }],
    });
    expect(schemeOf(result)).toBeUndefined();
    expect(warnings(result)).toContain(
      'x-account-token: a header named as a credential that 4 of the 4 operations require; the documents declare no security scheme venue sends, so venue cannot send it (a static key in a header, inventory.auth api-key, could carry one beside it), so those calls will be refused until it can be sent',
    );
  });

  it('beside two keys required together, a third credential header is a warning too', () => {
    const result = plan(paths([header('x-connection-token')]), {
      components: { securitySchemes: { ApiKey: apiKeyIn('X-Api-Key'), AppId: apiKeyIn('X-App-Id') } },
      security: [{ ApiKey: [], AppId: [] }],
    });
    expect(schemeOf(result)).toMatchObject({ name: 'X-Api-Key', secondHeader: 'X-App-Id' });
    expect(warnings(result)).toContainEqual(
      expect.stringMatching(
        /^x-connection-token: .* venue cannot send it beside a static key in the X-Api-Key header, with a second credential bare in the X-App-Id header/,
      ),
    );
  });
});

describe('--server-var naming a credential of the documents', () => {
  const VALUE = 'tok-DoNotEcho-8812';
  const refusal = (result: ImportPlan, name: string) => {
    try {
      refuseCredentialVars([name], result);
    } catch (error) {
      return error as UsageError;
    }
    throw new Error(`--server-var ${name} was not refused`);
  };

  it('is refused (exit 2), saying it is a credential and which secret sends it, never showing the value', () => {
    const keyed = plan(
      paths([header('x-connection-token')]),
      {
        components: { securitySchemes: { ApiKey: apiKeyIn('x-api-key') } },
        security: [{ ApiKey: [] }],
      },
      { 'x-connection-token': VALUE },
    );
    const error = refusal(keyed, 'x-connection-token');
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(
      '--server-var x-connection-token: x-connection-token is a credential of the documents, and venue never takes a credential from the command line',
    );
    expect(error.hint).toContain('from the secret inventory.apiSecret');
    expect(error.hint).toContain('`venue config set-secret inventory.apiSecret`');
    expect(error.hint).toContain('--secret-stdin or --secret-env <VAR>');
    expect(`${error.message} ${error.hint}`).not.toContain(VALUE);
    // The scheme's own key is refused the same way, naming inventory.apiKey; the name in any case.
    expect(refusal(keyed, 'X-API-KEY').hint).toContain('`venue config set-secret inventory.apiKey`');
    // A per-venue header that is no credential is not refused here.
    expect(() => refuseCredentialVars(['x-store-id'], keyed)).not.toThrow();
  });

  it('a scheme’s name is refused when it is named as a credential or is what the chosen scheme sends, not otherwise', () => {
    // An apiKey scheme whose header names no credential (an API version declared as one) stays a per-venue value,
    // unless it is the header the key goes in.
    const schemes = { Shop: apiKeyIn('X-Shop'), Version: apiKeyIn('X-Api-Version') };
    const result = plan(paths(), { components: { securitySchemes: schemes }, security: [{ Shop: [] }] });
    expect(schemeOf(result)).toMatchObject({ name: 'X-Shop' });
    expect(() => refuseCredentialVars(['X-Api-Version'], result)).not.toThrow();
    expect(refusal(result, 'x-shop').hint).toContain('from the secret inventory.apiKey');
  });

  it('beside a scheme that cannot send it, it says so', () => {
    const basic = plan(paths([header('x-connection-token')]), {
      components: { securitySchemes: { Basic: { type: 'http', scheme: 'basic' } } },
      security: [{ Basic: [] }],
    });
    const error = refusal(basic, 'x-connection-token');
    expect(error.hint).toContain("as inventory.auth's second-header, from the secret inventory.apiSecret");
    expect(error.hint).toContain('beside HTTP basic authentication it cannot send it');
  });
});

describe('documents that declare no security scheme, whose operations require credential headers', () => {
  it('the one header is the key, sent from inventory.apiKey, and the review says to check it', () => {
    const result = plan(paths([header('x-account-token')]));
    expect(schemeOf(result)).toEqual({ type: 'api-key', in: 'header', name: 'x-account-token', prefix: '' });
    expect(result.auth.evidence).toBe(
      'the documents declare no security scheme; x-account-token, a header parameter named as a credential that 4 of the 4 operations require, is the key, sent from inventory.apiKey: check it',
    );
    expect(result.auth.warnings ?? []).toEqual([]);
    expect(reviewText(result, context)).toContain('venue config set-secret inventory.apiKey');
  });

  it('of two, Authorization is the key whatever the order, after the prefix its example or description gives; the other is its second header', () => {
    const authorization = (extra: Record<string, unknown>) => ({ ...header('Authorization'), ...extra });
    for (const headers of [
      [header('x-app-key'), authorization({ example: 'Bearer eyJhbGciOi' })],
      [authorization({ description: 'Bearer token generated post user authentication' }), header('x-app-key')],
    ]) {
      const result = plan(paths(headers));
      expect(formatAuthScheme(schemeOf(result)!)).toBe(
        'api-key in=header name=Authorization prefix="Bearer " second-header=x-app-key',
      );
      expect(result.auth.evidence).toContain('after the prefix "Bearer " (its declaration says so)');
      expect(result.auth.evidence).toContain(
        'x-app-key, a header named as a credential that 4 of the 4 operations require, is sent beside the key',
      );
    }
  });

  it('without Authorization, the name that says most plainly it is the key is the key', () => {
    const result = plan(paths([header('X-Client-Id-Auth'), header('X-Api-Key')]));
    expect(schemeOf(result)).toMatchObject({ name: 'X-Api-Key', secondHeader: 'X-Client-Id-Auth' });
    // A signature is the secret beside an account's id, whichever is declared first.
    const signed = plan(paths([header('api-auth-id'), header('api-auth-signature')]));
    expect(schemeOf(signed)).toMatchObject({ name: 'api-auth-signature', secondHeader: 'api-auth-id' });
  });

  it('a header required on fewer than half the operations, optional, or not named as a credential is no key: no scheme, as before', () => {
    expect(schemeOf(plan(paths([header('x-account-token', false)])))).toBeUndefined();
    expect(schemeOf(plan(paths([header('x-store-id')])))).toBeUndefined();
    const documentPaths = paths();
    (documentPaths['/suppliers'].get as Record<string, unknown>).parameters = [header('x-account-token')];
    expect(schemeOf(plan(documentPaths))).toBeUndefined();
  });
});

describe('documents that declare no security scheme, whose description says how the Authorization header is sent', () => {
  const described = (description: string, extra: Record<string, unknown> = {}) =>
    plan(paths(), { info: { title: 't', version: '1', description }, ...extra });

  it('a prefix said once, in any of the forms a guide writes it, is a static key sent after it; the evidence says where', () => {
    for (const description of [
      '## Authentication\n\nSend the token in the Authorization header:\n\n```\nAuthorization: Bearer <your-jwt-token>\n```',
      '- `Authorization` - This header should be of the form `Bearer <token>`, where `token` is the JWT',
      '## 認証方法\n\n```\nAuthorization: Bearer wz2FvCW3NRm4GZgLC7GMlW3XbM2qIIbuCDv8RZ8F...\n```',
    ]) {
      const result = described(description);
      expect(schemeOf(result)).toEqual({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' });
      expect(result.auth.evidence).toBe(
        'the documents declare no security scheme; the description (info.description) says the credential goes in the Authorization header after "Bearer": a key you obtained, sent from inventory.apiKey, check it',
      );
    }
    // Requirements naming schemes the document never describes say no more than none.
    expect(schemeOf(described('Authorization: Token <key>', { security: [{ Bearer: [] }] }))).toMatchObject({
      name: 'Authorization',
      prefix: 'Token ',
    });
    expect(schemeOf(described('Use `Authorization: Basic <base64 of user:password>`'))).toEqual({ type: 'basic' });
  });

  it('two prefixes (a token request in Basic, the calls in Bearer), none, or a declared scheme: the description is not read', () => {
    expect(
      schemeOf(
        described(
          'Get a token with\nAuthorization: Basic <client credentials>\nthen call with\nAuthorization: Bearer `access_token`',
        ),
      ),
    ).toBeUndefined();
    expect(schemeOf(described('Every call needs an API key; ask your account manager.'))).toBeUndefined();
    const declared = described('Authorization: Bearer <token>', {
      components: { securitySchemes: { Key: apiKeyIn('X-Api-Key') } },
      security: [{ Key: [] }],
    });
    expect(schemeOf(declared)).toMatchObject({ name: 'X-Api-Key' });
  });
});
