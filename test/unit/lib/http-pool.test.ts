// The shared connection pool does not throttle what the flags allow: a chain's
// venues may share one origin (a gateway routing by path, as the sandbox
// fleet does), and `--parallel 8` at 4 pages a venue is 32 requests at once.
// The pool once held 16 per origin: half the asked parallelism, silently
// (hidden while requests that started together each made a pool of their own).

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, closeHttpConnections } from '../../../src/lib/http.js';

let server: http.Server;
let origin: string;
let inFlight = 0;
let most = 0;
let release: () => void = () => {};
// Every request is held until the test releases them all.
const gate = new Promise<void>((resolve) => (release = resolve));
let arrived: (n: number) => void = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    inFlight++;
    most = Math.max(most, inFlight);
    arrived(inFlight);
    void gate.then(() => {
      inFlight--;
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  release();
  await closeHttpConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the shared pool', () => {
  it('carries 32 requests to one origin at once', async () => {
    const clients = Array.from(
      { length: 8 },
      (_, venue) =>
        new HttpClient({ service: 'inventory', baseUrl: `${origin}/fleet/venue-${venue}/inventory`, retries: 0 }),
    );
    const all32 = new Promise<void>((resolve) => (arrived = (n) => n >= 32 && resolve()));
    const requests = clients.flatMap((client) =>
      Array.from({ length: 4 }, (_, page) => client.request({ method: 'GET', path: `/products?page=${page + 1}` })),
    );
    // Every request reaches the server before any is answered: none waits for a connection.
    await Promise.race([
      all32,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`only ${inFlight} reached the server at once`)), 10_000),
      ),
    ]);
    release();
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(most).toBe(32);
  });
});
