// Inputs checked before any request (exit 2, nothing sent), secrets kept out
// of output and traces, and the listener's lifecycle: --register creates a
// temporary subscriber and deletes it on Ctrl-C or SIGTERM; --events filters;
// --cert/--key serves HTTPS that the sandbox delivers to.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/lib/webhooks/signature.js';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { post, startListener, waitUntil } from '../../support/webhooks.js';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startSandbox();
}, 30_000);

afterAll(async () => {
  await sb?.stop();
});

async function subscriberIds(): Promise<string[]> {
  const listed = await sb.run(['webhooks', 'list', '-o', 'json']);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout).map((s: { id: string }) => s.id);
}

describe('checked before sending (exit 2, nothing sent)', () => {
  it.each([
    [['--url', 'http://erp.example.com/hooks', '--events', 'stock.adjusted'], /--url must use https/],
    [['--url', 'erp.example.com', '--events', 'stock.adjusted'], /--url must be an absolute/],
    [
      ['--url', 'https://erp.example.com/hooks', '--events', 'stock.adjusted,stock.moved'],
      /"stock.moved" is not an event type/,
    ],
    [['--url', 'https://erp.example.com/hooks', '--events', ','], /at least one event type/],
    [['--events', 'stock.adjusted'], /missing --url/],
  ])('create %j', async (args, message) => {
    const result = await sb.run(['-v', 'webhooks', 'create', '--yes', ...args, '--generate-secret']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/> POST/);
  });

  it('reports every broken flag at once', async () => {
    const result = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'ftp://x',
      '--events',
      'nope',
      '--generate-secret',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--url/);
    expect(result.stderr).toMatch(/--events/);
  });

  it('a short secret from stdin, or none without a TTY', async () => {
    const short = await sb.run(
      [
        '-v',
        'webhooks',
        'create',
        '--yes',
        '--url',
        'https://erp.example.com/h',
        '--events',
        'stock.adjusted',
        '--secret-stdin',
      ],
      { input: 'too-short' },
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 16 characters/);
    expect(short.stderr).not.toContain('too-short');
    expect(short.stderr).not.toMatch(/> POST/);
    const none = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/h',
      '--events',
      'stock.adjusted',
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--generate-secret, --secret-stdin or --secret-env/);
    expect(await subscriberIds()).toEqual([]);
  });

  it.each([
    ['update', ['not-a-uuid', '--events', 'stock.adjusted', '--yes']],
    ['delete', ['12345', '--yes']],
  ])('%s with a malformed id', async (command, args) => {
    const result = await sb.run(['-v', 'webhooks', command, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/webhookId must be a UUID/);
    expect(result.stderr).not.toMatch(/> (PATCH|DELETE)/);
  });

  it('verify without a secret variable, and listen without any secret', async () => {
    expect((await sb.run(['webhooks', 'verify', '--signature', 'sha256=00'], { input: '{}' })).code).toBe(2);
    expect(
      (await sb.run(['webhooks', 'verify', '--secret-env', 'UNSET_VAR', '--signature', 'sha256=00'], { input: '{}' }))
        .code,
    ).toBe(2);
    const listen = await sb.run(['webhooks', 'listen', '--port', '0']);
    expect(listen.code).toBe(2);
    expect(listen.stderr).toMatch(/--secret-env VAR, --secret-stdin or --register/);
    expect((await sb.run(['webhooks', 'listen', '--port', '0', '--register', '--events', 'stock.bogus'])).code).toBe(2);
  });

  it('a generated secret is shown once, and never in a --verbose trace', async () => {
    const created = await sb.run([
      '-v',
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/h',
      '--events',
      'product.created',
      '--generate-secret',
      '-o',
      'json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { record, venue } = JSON.parse(created.stdout);
    const { id } = record;
    const { secret } = venue;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).not.toContain(secret);
    expect(created.stderr).toMatch(/"secret":"\[redacted\]"/);
    const listed = await sb.run(['webhooks', 'list', '-o', 'json']);
    expect(listed.stdout).not.toContain(secret);
    expect((await sb.run(['webhooks', 'delete', id, '--yes'])).code).toBe(0);
  });
});

describe('listen lifecycle', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 0],
  ] as const)(
    '--register subscribes the listener and %s deletes the subscriber (exit %d)',
    async (signal, exitCode) => {
      const listener = await startListener(['--register', '--events', 'stock.received'], sb.env);
      await waitUntil(() => /registered temporary subscriber/.test(listener.stderr()), 15_000, 'registration');
      const id = /registered temporary subscriber (\S+)/.exec(listener.stderr())![1]!;
      expect(await subscriberIds()).toContain(id);
      const triggered = await sb.run(['sandbox', 'trigger', 'stock.received', '-o', 'json']);
      expect(triggered.code, triggered.stderr).toBe(0);
      expect(JSON.parse(triggered.stdout).deliveries).toContainEqual(
        expect.objectContaining({ subscriberId: id, status: 'delivered' }),
      );
      await waitUntil(() => listener.events().some((e) => e.kind === 'delivery'), 5000, 'the delivery');
      expect(await listener.stop(signal)).toBe(exitCode);
      expect(listener.stderr()).toMatch(new RegExp(`deleted temporary subscriber ${id}`));
      expect(await subscriberIds()).not.toContain(id);
    },
  );

  it('--events acknowledges other types but marks them ignored and does not save them', async () => {
    const saveDir = tempDir('venue-ignored-');
    const listener = await startListener(['--secret-env', 'S', '--events', 'stock.counted', '--save', saveDir], {
      S: 'filter-secret-0123456789',
    });
    try {
      const other = JSON.stringify({ id: 'x1', type: 'product.created', data: {} });
      const wanted = JSON.stringify({ id: 'x2', type: 'stock.counted', data: {} });
      expect(
        (await post(listener.url, other, { 'x-inventory-signature': sign(other, 'filter-secret-0123456789') })).status,
      ).toBe(200);
      expect(
        (await post(listener.url, wanted, { 'x-inventory-signature': sign(wanted, 'filter-secret-0123456789') }))
          .status,
      ).toBe(200);
      await waitUntil(() => listener.events().length >= 2, 5000, 'two events');
      expect(listener.events().map((e) => [e.deliveryId, e.verdict])).toEqual([
        ['x1', 'ignored'],
        ['x2', 'accepted'],
      ]);
      expect(fs.readdirSync(saveDir)).toHaveLength(1);
    } finally {
      await listener.stop();
      fs.rmSync(saveDir, { recursive: true, force: true });
    }
  });

  const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
  it.skipIf(!hasOpenssl)('serves HTTPS with --cert/--key, and the sandbox delivers to it', async () => {
    const dir = tempDir('venue-tls-');
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const secret = 'tls-listener-secret-0123456789';
    const listener = await startListener(['--secret-env', 'S', '--cert', cert, '--key', key], { ...sb.env, S: secret });
    try {
      expect(listener.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/webhooks$/);
      const created = await sb.run(
        [
          'webhooks',
          'create',
          '--yes',
          '--url',
          listener.url,
          '--events',
          'stock.counted',
          '--secret-stdin',
          '-o',
          'json',
        ],
        { input: secret },
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).not.toMatch(/plain http/);
      const triggered = await sb.run(['sandbox', 'trigger', 'stock.counted', '-o', 'json']);
      expect(JSON.parse(triggered.stdout).deliveries[0]).toMatchObject({ status: 'delivered', lastStatus: 200 });
      await waitUntil(
        () => listener.events().some((e) => e.kind === 'delivery' && e.verdict === 'accepted'),
        5000,
        'the delivery',
      );
      await sb.run(['webhooks', 'delete', JSON.parse(created.stdout).record.id, '--yes']);
    } finally {
      await listener.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
