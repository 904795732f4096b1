// Helpers for the webhooks end-to-end tests: a plain receiver standing in for
// the integrator's app, and `venue webhooks listen` run as a child process.

import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseEnv, repoRoot, venueBin } from './venue.js';

export interface Hit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  waitFor(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(status = 200): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app/hooks`;
  return {
    url,
    hits,
    waitFor: (count, ms = 15_000) =>
      waitUntil(() => hits.length >= count, ms, `${count} hits at the receiver (have ${hits.length})`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitUntil(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ListenerProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The ndjson events printed so far. */
  events(): Array<Record<string, any>>;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

/** `venue webhooks listen --port 0 … -o ndjson`, resolved once it prints its address. */
export async function startListener(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<ListenerProcess> {
  const child = spawn(process.execPath, [venueBin, 'webhooks', 'listen', '--port', '0', '-o', 'ndjson', ...args], {
    env: baseEnv(env),
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d) => (err += d));
  child.stdin!.on('error', () => undefined);
  if (input !== undefined) child.stdin!.end(input);
  else child.stdin!.end();
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1))),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`listener did not start:\n${err}`)), 15_000);
    const poll = setInterval(() => {
      const match = /listening on (https?:\/\/\S+)/.exec(err);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`listener exited with ${code}:\n${err}`));
    });
  });
  return {
    url,
    child,
    stdout: () => out,
    stderr: () => err,
    events: () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>),
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function post(url: string, body: Buffer | string, headers: Record<string, string> = {}, method = 'POST') {
  const response = await fetch(url, {
    method,
    body: method === 'GET' ? undefined : body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: response.status, text: await response.text() };
}
