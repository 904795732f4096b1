// Redaction never alters data (issue 18, item 7), through the built binary: a
// secret or token that is a common word ("true", "SNACKS", "string") is masked
// where it travels (headers, credential fields, an error answer about it) and
// never searched for in the data, which comes out valid and unchanged.

import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { runVenue } from '../../support/in-process.js';
import { fakeServiceForFile, type FakeService } from '../../support/fake-service.js';

const PRODUCT = {
  productId: 1001,
  sku: 'SNK-001',
  name: 'string',
  categoryId: 'SNACKS',
  isActive: true,
  isTracked: false,
  unitPrice: 2.5,
  description: 'true to its string: SNACKS',
};

let service: FakeService;
let configDir: string;
let venue: (args: string[], env: Record<string, string>) => ReturnType<typeof runVenue>;
// The fake's own token route is moved aside: these tests script the real one.
fakeServiceForFile({ tokenPath: '/unused', urlKey: 'inventory.url', basePath: '/api', runVenue }, (profile) => {
  ({ service, configDir } = profile);
  venue = (args, env) => profile.venue(args, env);
});
beforeEach(() => {
  fs.rmSync(`${configDir}/state`, { recursive: true, force: true }); // no cached token: every test logs in
  service.seen.length = 0;
});

describe('a secret that is a common word', () => {
  it('secret "true", key "SNACKS": products get -o json is valid JSON with the data unchanged; the trace masks them where they travel', async () => {
    service.script('POST /api/auth/token', {
      status: 200,
      body: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzbmFja3MifQ.c2lnbmF0dXJlLXNuYWNrcy0x' },
    });
    service.script('GET /api/products/1001', { status: 200, body: PRODUCT });
    const env = { VENUE_INVENTORY_API_KEY: 'SNACKS', VENUE_INVENTORY_API_SECRET: 'true' };
    for (const args of [
      ['inventory', 'products', 'get', '1001', '-o', 'json'],
      ['-v', 'inventory', 'products', 'get', '1001', '-o', 'json'],
    ]) {
      const result = await venue(args, env);
      expect(result.code, result.stderr).toBe(0);
      const shown = JSON.parse(result.stdout);
      // In venue's names (the service says name and description).
      expect(shown).toMatchObject({
        productId: 1001,
        categoryId: 'SNACKS',
        isActive: true,
        productName: 'string',
        productDescription: 'true to its string: SNACKS',
      });
      expect(result.stdout).not.toContain('[redacted]');
    }
    fs.rmSync(`${configDir}/state`, { recursive: true, force: true });
    const traced = await venue(['-v', 'inventory', 'products', 'get', '1001', '-o', 'json'], env);
    // Where the credentials travel, they are masked by name; the token too.
    expect(traced.stderr).toMatch(/> \{"apiKey":"\[redacted\]","apiSecret":"\[redacted\]"\}/);
    expect(traced.stderr).toMatch(/> authorization: Bearer \[redacted\]/);
    expect(traced.stderr).not.toContain('"apiKey":"SNACKS"');
    // The product's own data in the trace is as the service sent it.
    expect(traced.stderr).toContain('"categoryId":"SNACKS","isActive":true');
    // The service did receive the real credentials.
    expect(JSON.parse(service.seen.find((r) => r.path === '/api/auth/token')!.body)).toEqual({
      apiKey: 'SNACKS',
      apiSecret: 'true',
    });
  });

  it('a server that echoes the plain credentials in its error gets them masked there, with and without -v', async () => {
    service.script('POST /api/auth/token', {
      status: 400,
      body: {
        message: 'invalid body {"apiKey":"SNACKS","apiSecret":"true"}',
        errors: [{ field: 'apiSecret', message: '"true" is not a valid secret', rejectedValue: 'true' }],
      },
    });
    for (const args of [
      ['inventory', 'categories'],
      ['-v', 'inventory', 'categories'],
    ]) {
      const result = await venue(args, { VENUE_INVENTORY_API_KEY: 'SNACKS', VENUE_INVENTORY_API_SECRET: 'true' });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('invalid body {"apiKey":"[redacted]","apiSecret":"[redacted]"}');
      expect(result.stderr).toContain('"[redacted]" is not a valid secret');
      expect(result.stderr).not.toMatch(/"(SNACKS|true)"/);
    }
  });
});

describe('a token that is a common word', () => {
  it('the token "string" with -v: the data keeps every "string", the trace masks the token alone', async () => {
    service.script('POST /api/auth/token', { status: 200, body: { accessToken: 'string', tokenType: 'string' } });
    const categories = {
      items: [
        { categoryId: 'string', categoryName: 'string', description: 'a string of lights' },
        { categoryId: 'SNACKS', categoryName: 'Snacks' },
      ],
    };
    service.script('GET /api/categories', { status: 200, body: categories });
    const result = await venue(['-v', 'inventory', 'categories', '-o', 'json'], {
      VENUE_INVENTORY_API_KEY: 'key-Plain-4471',
      VENUE_INVENTORY_API_SECRET: 'secret-Plain-8812',
    });
    expect(result.code, result.stderr).toBe(0);
    const shown = JSON.parse(result.stdout);
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ categoryId: 'string', name: 'string', description: 'a string of lights' }),
      ]),
    );
    expect(result.stdout).not.toContain('[redacted]');
    // The token went out as "string"; the trace shows its header and its field masked, and the data whole.
    expect(service.seen.find((r) => r.path === '/api/categories')!.headers.authorization).toBe('Bearer string');
    expect(result.stderr).toMatch(/> authorization: Bearer \[redacted\]/);
    expect(result.stderr).toContain('"accessToken":"[redacted]","tokenType":"string"');
    expect(result.stderr).toContain('"categoryId":"string","categoryName":"string","description":"a string of lights"');
    expect(result.stderr).not.toContain('key-Plain-4471');
  });

  it('the same token as a bare text body is masked in the trace as the whole body', async () => {
    service.script('POST /api/auth/token', {
      status: 200,
      body: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXh0In0.c2lnbmF0dXJlLXRleHQtYm9keQ',
      headers: { 'content-type': 'text/plain' },
    });
    service.script('GET /api/categories', {
      status: 200,
      body: { items: [{ categoryId: 'string', categoryName: 'string' }] },
    });
    const result = await venue(['-v', 'inventory', 'categories', '-o', 'json'], {
      VENUE_INVENTORY_API_KEY: 'key-Plain-4471',
      VENUE_INVENTORY_API_SECRET: 'secret-Plain-8812',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('c2lnbmF0dXJlLXRleHQtYm9keQ');
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ categoryId: 'string', name: 'string' });
  });
});
