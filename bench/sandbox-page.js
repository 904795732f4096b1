// Sandbox page latency: seeds 100,000 products, then times ~200 requests of
// GET /inventory/products?page=N&pageSize=200 over loopback (target: median < 5 ms).
// Expects `npm run build` done. Usage: node bench/sandbox-page.js [products]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = Number(process.argv[2] ?? 100_000);

/** Starts a sandbox for a bench; `args` are more serve options (`--dialect hal`, `--shuffle-keys`). */
export async function startBenchSandbox(args = []) {
  // A folder of its own (state, config, the bench's files): the caller removes it (sb.dir) when done.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-bench-'));
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'bin/venue.js'),
      'sandbox',
      'serve',
      '--port',
      '0',
      '--state-dir',
      path.join(dir, 'state'),
      ...args,
    ],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, VENUE_CONFIG_DIR: dir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const origin = await new Promise((resolve, reject) => {
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
      const m = /listening on (http:\/\/\S+)/.exec(log);
      if (m) resolve(m[1].replace(/\/+$/, ''));
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${log}`)));
  });
  return {
    origin,
    dir,
    pid: child.pid,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

export async function seedAndToken(origin, count) {
  const seeded = await fetch(`${origin}/_sandbox/inventory/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ products: count }),
  }).then((r) => r.json());
  // The token as the dialect answers it (venue, decoy and hal: token; pascal: AccessToken).
  const answer = await fetch(`${origin}/inventory/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: 'sandbox-inventory-api-key', apiSecret: 'sandbox-inventory-api-secret' }),
  }).then((r) => r.json());
  const token = answer.token ?? answer.AccessToken ?? answer.jwt ?? answer.data?.accessToken;
  // Let the one big debounced state write finish before timing anything.
  await new Promise((r) => setTimeout(r, 3000));
  return { seeded, token };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const pct = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

if (import.meta.url === `file://${process.argv[1]}`) {
  const sb = await startBenchSandbox();
  try {
    const { seeded, token } = await seedAndToken(sb.origin, products);
    const { Agent, request } = await import('undici');
    const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1 });
    const totalPages = Math.ceil(seeded.totalProducts / 200);
    const times = [];
    for (let i = 0; i < 220; i++) {
      const page = 1 + ((i * 37) % totalPages);
      const started = performance.now();
      const res = await request(`${sb.origin}/inventory/products?page=${page}&pageSize=200`, {
        headers: { authorization: `Bearer ${token}` },
        dispatcher: agent,
      });
      await res.body.arrayBuffer();
      if (i >= 20) times.push(performance.now() - started); // the first 20 warm up the JIT
    }
    await agent.close();
    const rows = [
      ['products in sandbox', seeded.totalProducts],
      ['seed time (ms)', seeded.ms],
      ['requests timed', times.length],
      ['median latency (ms)', median(times).toFixed(2)],
      ['p90 latency (ms)', pct(times, 0.9).toFixed(2)],
      ['max latency (ms)', Math.max(...times).toFixed(2)],
      ['target median (ms)', '< 5'],
    ];
    console.log('sandbox page: GET /inventory/products?page=N&pageSize=200');
    for (const [k, v] of rows) console.log(`  ${String(k).padEnd(22)} ${v}`);
  } finally {
    await sb.stop();
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}
