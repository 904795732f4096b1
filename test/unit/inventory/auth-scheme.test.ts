// inventory.auth: every scheme a vendor's document may declare, as a profile
// stores it. The runtime for the static ones lands later; the stored form is
// fixed here so that it can be built on.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/lib/errors.js';
import {
  authSecrets,
  describeAuthScheme,
  formatAuthScheme,
  isStaticScheme,
  parseAuthScheme,
  type AuthScheme,
} from '../../../src/lib/inventory/routes.js';
import { credentialPlacement, staticCredential } from '../../../src/lib/auth/credential-placement.js';
import { checkSettingValue } from '../../../src/lib/config.js';

describe('parseAuthScheme and formatAuthScheme', () => {
  it.each<[string, AuthScheme, string]>([
    ['bearer', { type: 'bearer' }, 'bearer'],
    ['  Bearer ', { type: 'bearer' }, 'bearer'],
    ['header:X-Api-Token', { type: 'header', name: 'X-Api-Token' }, 'header:X-Api-Token'],
    [
      'api-key in=header name=X-Auth-Token',
      { type: 'api-key', in: 'header', name: 'X-Auth-Token', prefix: '' },
      'api-key in=header name=X-Auth-Token',
    ],
    [
      'api-key in=header name=GROCY-API-KEY',
      { type: 'api-key', in: 'header', name: 'GROCY-API-KEY', prefix: '' },
      'api-key in=header name=GROCY-API-KEY',
    ],
    [
      'api-key in=header name=Authorization prefix="Token "',
      { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' },
      'api-key in=header name=Authorization prefix="Token "',
    ],
    [
      'api-key name=Authorization in=header prefix="Bearer "',
      { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' },
      'api-key in=header name=Authorization prefix="Bearer "',
    ],
    [
      'api-key in=query name=api_key',
      { type: 'api-key', in: 'query', name: 'api_key', prefix: '' },
      'api-key in=query name=api_key',
    ],
    [
      'api-key in=header name=X-Key prefix=Key=',
      { type: 'api-key', in: 'header', name: 'X-Key', prefix: 'Key=' },
      'api-key in=header name=X-Key prefix=Key=',
    ],
    [
      'oauth2 token-url=https://id.example/connect/token scopes="inventory.read inventory.write"',
      { type: 'oauth2', tokenUrl: 'https://id.example/connect/token', scopes: ['inventory.read', 'inventory.write'] },
      'oauth2 token-url=https://id.example/connect/token scopes="inventory.read inventory.write"',
    ],
    ['oauth2 token-url=/o/token/', { type: 'oauth2', tokenUrl: '/o/token/', scopes: [] }, 'oauth2 token-url=/o/token/'],
    [
      'oauth2 token-url=http://127.0.0.1:47800/oauth/token scopes=read',
      { type: 'oauth2', tokenUrl: 'http://127.0.0.1:47800/oauth/token', scopes: ['read'] },
      'oauth2 token-url=http://127.0.0.1:47800/oauth/token scopes=read',
    ],
    ['basic', { type: 'basic' }, 'basic'],
    [
      'api-key in=header name=X-Api-Key second-header=X-Connection-Token',
      { type: 'api-key', in: 'header', name: 'X-Api-Key', prefix: '', secondHeader: 'X-Connection-Token' },
      'api-key in=header name=X-Api-Key second-header=X-Connection-Token',
    ],
    [
      'api-key second-header=api-auth-accountid in=header prefix="Key " name=Authorization',
      { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Key ', secondHeader: 'api-auth-accountid' },
      'api-key in=header name=Authorization prefix="Key " second-header=api-auth-accountid',
    ],
    [
      'api-key in=query name=api_key second-header=X-App-Id',
      { type: 'api-key', in: 'query', name: 'api_key', prefix: '', secondHeader: 'X-App-Id' },
      'api-key in=query name=api_key second-header=X-App-Id',
    ],
  ])('%s', (text, scheme, formatted) => {
    expect(parseAuthScheme(text)).toEqual(scheme);
    expect(formatAuthScheme(scheme)).toBe(formatted);
    expect(parseAuthScheme(formatAuthScheme(scheme))).toEqual(scheme);
  });

  it('keeps a prefix exactly, quotes and backslashes included', () => {
    const scheme: AuthScheme = { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Key "a\\b" ' };
    expect(parseAuthScheme(formatAuthScheme(scheme))).toEqual(scheme);
  });

  it.each([
    ['', 'not a scheme venue knows'],
    ['token', 'not a scheme venue knows'],
    ['header:', 'is not a header name'],
    ['header:X Api', 'is not a header name'],
    ['api-key', 'api-key needs in=header or in=query'],
    ['api-key in=cookie name=sid', 'api-key needs in=header or in=query'],
    ['api-key in=header', 'api-key needs name='],
    ['api-key in=header name=Bad:Name', 'api-key needs name='],
    ['api-key in=header name=A name=B', 'name is given twice'],
    ['api-key in=header name=A scopes=x', 'scopes is not a setting of this scheme'],
    ['api-key in=header name=Authorization prefix="Token ', 'cannot read'],
    ['api-key in=header name=A prefix="a\\nb"', 'the prefix cannot hold a line break'],
    ['api-key in=header name=X-Api-Key second-header="X Token"', 'second-header: "X Token" is not a header name'],
    [
      'api-key in=header name=X-Api-Key second-header=x-api-key',
      "second-header cannot be X-Api-Key, the key's own header",
    ],
    [
      'api-key in=header name=Authorization prefix="Token " second-header=AUTHORIZATION',
      "second-header cannot be Authorization, the key's own header",
    ],
    ['api-key in=query name=token second-header=Token', "second-header cannot be token, the key's own name"],
    ['api-key in=header name=X-Api-Key second-header=Content-Type', 'venue writes that header itself'],
    ['oauth2', 'oauth2 needs token-url='],
    ['oauth2 token-url=http://id.example/token', 'the token-url must be https://'],
    ['oauth2 token-url=ftp://x', 'the token-url must be https://'],
  ])('refuses %j: %s', (text, why) => {
    expect(() => parseAuthScheme(text)).toThrow(UsageError);
    expect(() => parseAuthScheme(text)).toThrow(why);
  });

  it('config set stores the canonical form', () => {
    expect(checkSettingValue('inventory.auth', 'api-key name=Authorization   in=header prefix="Token "')).toBe(
      'api-key in=header name=Authorization prefix="Token "',
    );
    expect(
      checkSettingValue('inventory.auth', 'api-key second-header=X-Connection-Token name=X-Api-Key in=header'),
    ).toBe('api-key in=header name=X-Api-Key second-header=X-Connection-Token');
    expect(checkSettingValue('inventory.auth', ' BEARER ')).toBe('bearer');
    expect(() => checkSettingValue('inventory.auth', 'api-key in=body name=x')).toThrow(UsageError);
  });
});

describe('what each scheme needs', () => {
  it('names the secrets and what they are to the scheme', () => {
    expect(authSecrets({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' })).toEqual([
      { key: 'inventory.apiKey', role: 'the key sent in Authorization after "Token "' },
    ]);
    expect(authSecrets({ type: 'oauth2', tokenUrl: 'https://id.example/token', scopes: [] }).map((s) => s.key)).toEqual(
      ['inventory.apiKey', 'inventory.apiSecret'],
    );
    expect(authSecrets({ type: 'basic' }).map((s) => s.role)).toEqual(['the user name', 'the password']);
    expect(authSecrets({ type: 'bearer' }).map((s) => s.key)).toEqual(['inventory.apiKey', 'inventory.apiSecret']);
    // A static key with a second header sends both: the secret, unused by a static key alone, is the second.
    expect(authSecrets(parseAuthScheme('api-key in=header name=X-Api-Key second-header=X-Connection-Token'))).toEqual([
      { key: 'inventory.apiKey', role: 'the key sent in X-Api-Key' },
      { key: 'inventory.apiSecret', role: 'the second credential, sent bare in X-Connection-Token beside the key' },
    ]);
  });

  it('says in words what is sent', () => {
    expect(describeAuthScheme({ type: 'api-key', in: 'header', name: 'GROCY-API-KEY', prefix: '' })).toBe(
      'a static key in the GROCY-API-KEY header',
    );
    expect(describeAuthScheme(parseAuthScheme('api-key in=query name=key second-header=X-Account-Id'))).toBe(
      'a static key in the key query parameter, with a second credential bare in the X-Account-Id header',
    );
    expect(describeAuthScheme({ type: 'oauth2', tokenUrl: 'https://id.example/token', scopes: ['a'] })).toBe(
      'OAuth2 client credentials from https://id.example/token (scopes a)',
    );
  });

  it('each scheme puts its credential where it was declared, with its exact prefix', () => {
    expect(credentialPlacement({ type: 'header', name: 'X-Api-Token' })).toEqual({
      in: 'header',
      name: 'X-Api-Token',
      prefix: '',
    });
    expect(credentialPlacement({ type: 'bearer' })).toBeUndefined();
    expect(credentialPlacement({ type: 'oauth2', tokenUrl: '/oauth/token', scopes: [] })).toBeUndefined();
    expect(credentialPlacement({ type: 'basic' })).toEqual({ in: 'header', name: 'authorization', prefix: 'Basic ' });
    expect(credentialPlacement(parseAuthScheme('api-key in=header name=Authorization prefix="Token "'))).toEqual({
      in: 'header',
      name: 'Authorization',
      prefix: 'Token ',
    });
    expect(credentialPlacement(parseAuthScheme('api-key in=query name=api_key'))).toEqual({
      in: 'query',
      name: 'api_key',
      prefix: '',
    });
  });

  it('a static scheme sends the key itself, or basic the base64 of user:password (a user with a colon refused)', () => {
    const key = parseAuthScheme('api-key in=header name=GROCY-API-KEY');
    expect(isStaticScheme(key) && staticCredential(key, 'k1', undefined)).toBe('k1');
    expect(staticCredential({ type: 'basic' }, 'ava', 'pa:ss')).toBe(Buffer.from('ava:pa:ss').toString('base64'));
    expect(() => staticCredential({ type: 'basic' }, 'a:b', 'x')).toThrow(UsageError);
    expect(isStaticScheme({ type: 'oauth2', tokenUrl: '/t', scopes: [] })).toBe(false);
    expect(isStaticScheme({ type: 'bearer' })).toBe(false);
  });
});
