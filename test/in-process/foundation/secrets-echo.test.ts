// Redaction by value, through the built binary: a server that echoes the
// secrets it was sent, or hands tokens back under unexpected keys and body
// types, never gets them printed, in the normal error line or in -v traces.

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runVenue } from '../../support/in-process.js';
import { fakeServiceForFile, type FakeServiceProfile } from '../../support/fake-service.js';

const API_KEY = 'key-EchoEcho-7781';
const API_SECRET = 'secret-Echo"Quote\\Back-5521';
// A JWT-shaped token the service gives back under "jwt" and as a bare text body.
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlY2hvIiwiZXhwIjo0MTAyNDQ0ODAwfQ.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

let fake: FakeServiceProfile;
// The fake's own token route is moved aside: these tests script the real one.
fakeServiceForFile(
  { tokenPath: '/unused', urlKey: 'inventory.url', basePath: '/api', runVenue },
  (profile) => (fake = profile),
);
const venue = (args: string[]) =>
  fake.venue(args, { VENUE_INVENTORY_API_KEY: API_KEY, VENUE_INVENTORY_API_SECRET: API_SECRET });

function expectNoSecret(text: string): void {
  for (const secret of [API_KEY, API_SECRET, JSON.stringify(API_SECRET).slice(1, -1), TOKEN])
    expect(text).not.toContain(secret);
}

describe('a server that echoes secrets', () => {
  it('a 400 quoting the request body prints no key or secret, with or without -v', async () => {
    const echo = `invalid body ${JSON.stringify({ apiKey: API_KEY, apiSecret: API_SECRET })}`;
    fake.service.script('POST /api/auth/token', {
      status: 400,
      body: { message: echo, errors: [{ field: 'apiSecret', message: `"${API_SECRET}" is wrong` }] },
    });
    for (const args of [
      ['inventory', 'categories'],
      ['-v', 'inventory', 'categories'],
    ]) {
      const result = await venue(args);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('invalid body');
      expect(result.stderr).toContain('[redacted]');
      expectNoSecret(result.stderr + result.stdout);
    }
  });

  it('a token under "jwt" and a token sent as a bare text body are masked in -v traces', async () => {
    fake.service.script('GET /api/categories', {
      status: 200,
      body: { items: [{ categoryId: 'SNACKS', categoryName: 'Snacks' }] },
    });
    fake.service.script('POST /api/auth/token', { status: 200, body: { jwt: TOKEN } });
    const jwtKey = await venue(['-v', 'inventory', 'categories']);
    expect(jwtKey.code, jwtKey.stderr).toBe(0);
    expect(jwtKey.stdout).toContain('SNACKS');
    expectNoSecret(jwtKey.stderr + jwtKey.stdout);

    fs.rmSync(`${fake.configDir}/state`, { recursive: true, force: true }); // forget the cached token
    fake.service.script('POST /api/auth/token', {
      status: 200,
      body: TOKEN,
      headers: { 'content-type': 'text/plain' },
    });
    const textBody = await venue(['-v', 'inventory', 'categories']);
    expect(textBody.code, textBody.stderr).toBe(0);
    expectNoSecret(textBody.stderr + textBody.stdout);
  });
});

describe("a server that echoes a static key's second credential", () => {
  // The key in X-Api-Key and the secret bare in X-Connection-Token: the fake echoes both back in its error bodies.
  const twoKeys = { VENUE_INVENTORY_AUTH: 'api-key in=header name=X-Api-Key second-header=X-Connection-Token' };

  it('a 401 and a 400 quoting the headers print neither value, with or without -v; the 401 names both secrets', async () => {
    const echoed = { 'x-api-key': API_KEY, 'x-connection-token': API_SECRET };
    fake.service.script(
      'GET /api/categories',
      { status: 401, body: { message: `connection ${API_SECRET} is not linked`, received: echoed } },
      { status: 401, body: { message: `connection ${API_SECRET} is not linked`, received: echoed } },
      { status: 400, body: { message: `bad request ${JSON.stringify(echoed)}` } },
    );
    const from = fake.service.seen.length;
    for (const args of [
      ['inventory', 'categories'],
      ['-v', 'inventory', 'categories'],
    ]) {
      const result = await fake.venue(args, {
        VENUE_INVENTORY_API_KEY: API_KEY,
        VENUE_INVENTORY_API_SECRET: API_SECRET,
        ...twoKeys,
      });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain('is not linked');
      expect(result.stderr).toContain('[redacted]');
      expect(result.stderr).toContain('the API key or the second credential (X-Connection-Token) was refused');
      expect(result.stderr).toContain('Check inventory.apiKey and inventory.apiSecret');
      expectNoSecret(result.stderr + result.stdout);
    }
    const bad = await fake.venue(['-v', 'inventory', 'categories'], {
      VENUE_INVENTORY_API_KEY: API_KEY,
      VENUE_INVENTORY_API_SECRET: API_SECRET,
      ...twoKeys,
    });
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('bad request');
    expectNoSecret(bad.stderr + bad.stdout);
    // Both went out, each in its header, on every call: the secret bare, no login asked for.
    const calls = fake.service.seen.slice(from);
    expect(calls.map((c) => [c.path, c.headers['x-api-key'], c.headers['x-connection-token']])).toEqual(
      Array.from({ length: 3 }, () => ['/api/categories', API_KEY, API_SECRET]),
    );
  });
});
