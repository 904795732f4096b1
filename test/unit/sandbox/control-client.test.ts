import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxControl, SandboxNotRunningError } from '../../../src/lib/sandbox-control.js';
import { exitCodeFor } from '../../../src/lib/errors.js';

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: string, message: string, details?: unknown) =>
      send(status, { error: { status, code, message, details } });
    if (request.url === '/_sandbox/health')
      return send(200, { ok: true, pid: 1, origin: 'x', stateDir: '/s', startedAt: 'now' });
    if (request.url === '/_sandbox/bad')
      return error(400, 'validation_failed', 'invalid settings', [{ field: 'tokenScale', rule: 'must be above 0' }]);
    if (request.url === '/_sandbox/conflict') return error(409, 'conflict', 'taken');
    if (request.url === '/_sandbox/broken') return error(500, 'internal', 'oops');
    if (request.url === '/_sandbox/slow') return void setTimeout(() => send(200, {}), 500);
    return error(404, 'not_found', 'no such path');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { details?: string[] };
  }
  throw new Error('expected a failure');
}

describe('SandboxControl', () => {
  it('reads health, and none when nothing answers', async () => {
    expect(await new SandboxControl(origin).health()).toMatchObject({ ok: true, stateDir: '/s' });
    expect(await new SandboxControl('http://127.0.0.1:1').health()).toBeUndefined();
  });

  it('maps answers to the typed errors and their exit codes', async () => {
    const control = new SandboxControl(origin);
    const bad = await failure(control.request('POST', '/bad', { tokenScale: 0 }));
    expect([exitCodeFor(bad), bad.message, bad.details]).toEqual([
      2,
      'invalid settings',
      ['tokenScale must be above 0'],
    ]);
    expect(exitCodeFor(await failure(control.request('GET', '/missing')))).toBe(4);
    expect(exitCodeFor(await failure(control.request('GET', '/conflict')))).toBe(5);
    expect(exitCodeFor(await failure(control.request('GET', '/broken')))).toBe(6);
  });

  it('says how to start a sandbox that does not answer, and names a timeout', async () => {
    const down = await failure(new SandboxControl('http://127.0.0.1:1').call((client) => client.settings()));
    expect(down).toBeInstanceOf(SandboxNotRunningError);
    expect(exitCodeFor(down)).toBe(6);
    expect((down as SandboxNotRunningError).hint).toMatch(/venue sandbox start/);
    const slow = await failure(new SandboxControl(origin, 100).request('GET', '/slow'));
    expect(slow.message).toMatch(/did not answer GET \/slow/);
  });
});
