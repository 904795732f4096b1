// A small scriptable HTTP service on loopback for the foundation's end-to-end
// tests: it issues real JWTs and answers each path from a queue of scripted
// replies, so retries, 401 replays and lost answers can be provoked exactly.
// It records every request with its headers (seen), so a test can show what
// reached it, and what did not.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | { drop: true }; // read the request, then close the socket without answering

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  tokensIssued: string[];
  /** Replies for "METHOD /path", used in order; the last one repeats. */
  script(route: string, ...replies: Reply[]): void;
  /** Tokens the service no longer accepts (answers 401). */
  revoke(token: string): void;
  close(): Promise<void>;
}

const key = new TextEncoder().encode('fake-service-signing-key-0123456789');

export async function startFakeService(
  options: { tokenPath?: string; lifetimeSeconds?: number } = {},
): Promise<FakeService> {
  const tokenPath = options.tokenPath ?? '/auth/token';
  const scripts = new Map<string, Reply[]>();
  const revoked = new Set<string>();
  const seen: SeenRequest[] = [];
  const tokensIssued: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      // The token route issues tokens unless a test scripted its answers (a 404, a 500, a body without a token).
      if (req.method === 'POST' && url.pathname === tokenPath && !scripts.has(`POST ${tokenPath}`)) {
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({ n: tokensIssued.length })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now)
          .setExpirationTime(now + (options.lifetimeSeconds ?? 3600))
          .sign(key);
        tokensIssued.push(token);
        return json(200, { token, accessToken: token });
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (revoked.has(bearer)) return json(401, { error: { message: 'token revoked' } });
      const queue = scripts.get(`${req.method} ${url.pathname}`);
      const reply = queue && (queue.length > 1 ? queue.shift()! : queue[0]);
      if (!reply) return json(404, { message: `no route ${req.method} ${url.pathname}` });
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      json(reply.status, reply.body, reply.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    tokensIssued,
    script: (route, ...replies) => scripts.set(route, replies),
    revoke: (token) => revoked.add(token),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FakeServiceProfile {
  service: FakeService;
  configDir: string;
  /** `venue --profile venue1 …` with this config directory, VENUE_RETRIES=0 and env. */
  venue(args: string[], env?: Record<string, string>, input?: string): ReturnType<typeof import('./venue.js').runVenue>;
}

/** The flag of `config init` that sets a service's address: inventory.url → --inventory-url. */
export function initFlag(urlKey: string): string {
  const flags: Record<string, string> = {
    'inventory.url': '--inventory-url',
    'wallet.url': '--wallet-url',
    'wallet.uatUrl': '--wallet-uat-url',
    'booking.url': '--booking-url',
  };
  const flag = flags[urlKey];
  if (!flag) throw new Error(`no config init flag sets ${urlKey}`);
  return flag;
}

/**
 * A fake service started before the file's tests and closed after, set as
 * `<urlKey>` (e.g. inventory.url) of profile venue1 (made by `config init`) in a private config
 * directory, at basePath under the service (e.g. /api).
 */
export function fakeServiceForFile(
  options: {
    tokenPath?: string;
    urlKey: string;
    basePath: string;
    /** How venue runs: the built binary (venue.ts's runVenue) unless given (in-process.ts's). */ runVenue?: typeof import('./venue.js').runVenue;
  },
  use: (profile: FakeServiceProfile) => void,
): void {
  let profile: FakeServiceProfile | undefined;
  beforeAll(async () => {
    const { tempDir } = await import('./venue.js');
    const runVenue = options.runVenue ?? (await import('./venue.js')).runVenue;
    const service = await startFakeService({ tokenPath: options.tokenPath });
    const configDir = tempDir();
    const set = await runVenue(
      ['config', 'init', 'venue1', initFlag(options.urlKey), `${service.url}${options.basePath}`],
      {
        env: { VENUE_CONFIG_DIR: configDir },
      },
    );
    if (set.code !== 0) throw new Error(`config init venue1 ${options.urlKey} failed: ${set.stderr}`);
    profile = {
      service,
      configDir,
      venue: (args, env = {}, input) =>
        runVenue(['--profile', 'venue1', ...args], {
          env: { VENUE_CONFIG_DIR: configDir, VENUE_RETRIES: '0', ...env },
          input,
        }),
    };
    use(profile);
  });
  afterAll(async () => {
    await profile?.service.close();
    if (profile) (await import('./venue.js')).removeDir(profile.configDir);
  });
}
