// The commands in process through main(), with buffered streams: flag checks
// that need no server (exit codes, messages, nothing leaked) and the offline
// verify. The network paths are covered end to end under test/process/webhooks.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { sign } from '../../../src/lib/webhooks/signature.js';
import { tempDir } from '../../support/venue.js';

async function venue(argv: string[], options: { stdin?: string | Buffer; env?: Record<string, string> } = {}) {
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean };
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  stdin.end(options.stdin ?? '');
  const code = await main({
    argv,
    version: 'test',
    streams: { stdin, stdout, stderr },
    env: {
      VENUE_CONFIG_DIR: tempDir(),
      VENUE_SANDBOX_AUTOSTART: '0',
      VENUE_SANDBOX_URL: 'http://127.0.0.1:9',
      NO_COLOR: '1',
      ...options.env,
    },
  });
  return { code, stdout: out, stderr: err };
}

const SECRET = 'command-test-secret-000';

describe('webhooks commands', () => {
  it('events lists the five types with their meanings', async () => {
    const result = await venue(['webhooks', 'events', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { type: 'stock.adjusted', meaning: 'Stock was adjusted' },
      { type: 'stock.received', meaning: 'Stock was received' },
      { type: 'stock.counted', meaning: 'A stock take was counted' },
      { type: 'product.created', meaning: 'A product was created' },
      { type: 'product.updated', meaning: 'A product was updated' },
    ]);
  });

  it('verify: 0 for a valid signature (any listed secret), 5 otherwise, from stdin bytes exactly', async () => {
    const body = Buffer.from('{"id":"1","type":"stock.adjusted","data":{"name":"Ünïcødé"}}\n');
    const env = { OLD: 'old-secret-0000000000', NEW: SECRET };
    const ok = await venue(
      ['webhooks', 'verify', '--secret-env', 'OLD', '--secret-env', 'NEW', '--signature', sign(body, SECRET)],
      { stdin: body, env },
    );
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/signature valid .*secret from NEW/);
    expect(ok.stderr + ok.stdout).not.toContain(SECRET);
    const trimmed = await venue(['webhooks', 'verify', '--secret-env', 'NEW', '--signature', sign(body, SECRET)], {
      stdin: body.subarray(0, -1),
      env,
    });
    expect(trimmed.code).toBe(5);
    expect(trimmed.stderr).toMatch(/signature mismatch/);
    const garbled = await venue(['webhooks', 'verify', '--secret-env', 'NEW', '--signature', 'sha256=xyz'], {
      stdin: body,
      env,
    });
    expect(garbled.code).toBe(5);
    expect(garbled.stderr).toMatch(/unreadable signature/);
  });

  it('create: every check fails before any request (the sandbox address here answers nothing)', async () => {
    expect(
      (await venue(['webhooks', 'create', '--url', 'https://a.example.com/h', '--events', 'stock.adjusted', '--yes']))
        .code,
    ).toBe(2);
    expect(
      (
        await venue([
          'webhooks',
          'create',
          '--url',
          'https://a.example.com/h',
          '--events',
          'stock.adjusted',
          '--generate-secret',
          '--secret-stdin',
          '--yes',
        ])
      ).code,
    ).toBe(2);
    const short = await venue(
      [
        'webhooks',
        'create',
        '--url',
        'https://a.example.com/h',
        '--events',
        'stock.adjusted',
        '--secret-stdin',
        '--yes',
      ],
      { stdin: 'fifteen-chars!!' },
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 16 characters \(got 15\)/);
    expect(short.stderr).not.toContain('fifteen-chars!!');
  });

  it('update needs a UUID and at least one change; delete needs --yes without a TTY', async () => {
    const id = '6c0b8f0e-3d1c-4f53-9b1e-2a1c7d9e4b10';
    expect((await venue(['webhooks', 'update', 'abc', '--events', 'stock.adjusted', '--yes'])).code).toBe(2);
    const nothing = await venue(['webhooks', 'update', id, '--yes']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/at least one must be given/);
    const noYes = await venue(['webhooks', 'delete', id]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);
  });

  it('listen refuses bad flags before binding anything', async () => {
    const env = { S: SECRET };
    expect((await venue(['webhooks', 'listen', '--secret-env', 'S', '--port', '70000'], { env })).code).toBe(2);
    expect((await venue(['webhooks', 'listen', '--secret-env', 'S', '--path', 'hooks'], { env })).code).toBe(2);
    expect((await venue(['webhooks', 'listen', '--secret-env', 'S', '--cert', 'c.pem'], { env })).code).toBe(2);
    expect((await venue(['webhooks', 'listen', '--secret-env', 'S', '--forward-to', 'ftp://x'], { env })).code).toBe(2);
    expect((await venue(['webhooks', 'listen', '--secret-env', 'MISSING'], { env })).code).toBe(2);
  });

  it('listen and verify check --scheme and what Standard Webhooks needs before anything else', async () => {
    const env = { S: SECRET, W: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    const bad = await venue(['webhooks', 'listen', '--secret-env', 'S', '--scheme', 'svix'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--scheme must be hmac, standard or auto/);
    const notWhsec = await venue(['webhooks', 'listen', '--secret-env', 'S', '--scheme', 'standard'], { env });
    expect(notWhsec.code).toBe(2);
    expect(notWhsec.stderr).toMatch(/whsec_/);
    expect(notWhsec.stderr).not.toContain(SECRET);
    expect(
      (await venue(['webhooks', 'listen', '--secret-env', 'W', '--scheme', 'standard', '--register'], { env })).code,
    ).toBe(2);
    const noId = await venue(
      ['webhooks', 'verify', '--secret-env', 'W', '--signature', 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='],
      { stdin: '{}', env },
    );
    expect(noId.code).toBe(2);
    expect(noId.stderr).toMatch(/--webhook-id and --webhook-timestamp/);
    expect(
      (
        await venue(
          ['webhooks', 'verify', '--secret-env', 'S', '--signature', sign('{}', SECRET), '--webhook-timestamp', '1'],
          { stdin: '{}', env },
        )
      ).code,
    ).toBe(2);
    expect((await venue(['webhooks', 'replay', '.', '--to', 'http://127.0.0.1:9/x', '--scheme', 'svix'])).code).toBe(2);
  });

  it('replay refuses a missing path and a bad target', async () => {
    expect((await venue(['webhooks', 'replay', '/nonexistent/events', '--to', 'http://127.0.0.1:9/x'])).code).toBe(2);
    expect((await venue(['webhooks', 'replay', '.', '--to', 'not a url'])).code).toBe(2);
    expect((await venue(['webhooks', 'replay', '.'])).code).toBe(2);
  });

  it('sandbox trigger and deliveries check their flags first', async () => {
    expect((await venue(['sandbox', 'trigger', 'stock.moved'])).code).toBe(2);
    expect((await venue(['sandbox', 'trigger', 'stock.adjusted', '--quantity', 'many'])).code).toBe(2);
    expect((await venue(['sandbox', 'deliveries', '--status', 'lost'])).code).toBe(2);
    expect((await venue(['sandbox', 'deliveries', '--limit', '0'])).code).toBe(2);
  });
});
