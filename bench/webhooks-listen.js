// Listener throughput and integrity: `venue webhooks listen` (the built binary,
// as a child process) receives 1,000 signed deliveries sent 50 at a time and
// relays them to a forward target. Every delivery id must arrive exactly once
// at the target and be reported exactly once on the listener's ndjson output.
// Expects `npm run build` done. Usage: node bench/webhooks-listen.js [count] [concurrency]
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 50);
const secret = 'bench-webhook-secret-0123456789';

// The forward target: counts bodies by the delivery id header and by body id.
const atTarget = new Map();
const bodyIds = new Map();
const target = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = req.headers['x-inventory-delivery'];
    atTarget.set(id, (atTarget.get(id) ?? 0) + 1);
    const bodyId = JSON.parse(Buffer.concat(chunks).toString()).id;
    bodyIds.set(bodyId, (bodyIds.get(bodyId) ?? 0) + 1);
    res.end('ok');
  });
});
await new Promise((r) => target.listen(0, '127.0.0.1', r));
const targetUrl = `http://127.0.0.1:${target.address().port}/hooks`;

const listener = spawn(
  process.execPath,
  [
    path.join(root, 'bin/venue.js'),
    'webhooks',
    'listen',
    '--port',
    '0',
    '--secret-env',
    'WH_SECRET',
    '--forward-to',
    targetUrl,
    '-o',
    'ndjson',
  ],
  {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', WH_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let out = '';
let err = '';
listener.stdout.setEncoding('utf8').on('data', (d) => (out += d));
const url = await new Promise((resolve, reject) => {
  listener.stderr.setEncoding('utf8').on('data', (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]);
  });
  listener.on('exit', (code) => reject(new Error(`listener exited ${code}: ${err}`)));
});

const agent = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
const ids = Array.from({ length: total }, () => randomUUID());
const statuses = new Map();
let next = 0;
async function sender() {
  while (next < ids.length) {
    const id = ids[next++];
    const body = JSON.stringify({
      id,
      type: 'stock.adjusted',
      createdAt: new Date().toISOString(),
      data: { productId: 1001, adjustmentQuantity: -1, note: 'bench ☕' },
    });
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      body,
      headers: {
        'content-type': 'application/json',
        'x-inventory-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        'x-inventory-event': 'stock.adjusted',
        'x-inventory-delivery': id,
      },
    });
    await response.body.dump();
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, sender));
const acknowledgedMs = performance.now() - started;
const deadline = Date.now() + 30_000;
while ((atTarget.size < total || countKind('forwarded') < total) && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 10));
const relayedMs = performance.now() - started;

function countKind(kind) {
  let n = 0;
  for (const line of out.split('\n')) if (line.includes(`"kind":"${kind}"`)) n++;
  return n;
}
const events = out
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const reported = new Map();
for (const e of events) if (e.kind === 'delivery') reported.set(e.deliveryId, (reported.get(e.deliveryId) ?? 0) + 1);

const lost = ids.filter((id) => !atTarget.has(id)).length;
const duplicated =
  [...atTarget.values()].filter((n) => n > 1).length + [...bodyIds.values()].filter((n) => n > 1).length;
const unreported = ids.filter((id) => reported.get(id) !== 1).length;
const forwardedOk = events.filter((e) => e.kind === 'forwarded' && e.status === 200).length;

console.log(
  `deliveries sent:       ${total} (${concurrency} at a time; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
);
console.log(`listener answers:      ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}`);
console.log(`at the forward target: ${atTarget.size} distinct delivery ids, ${lost} lost, ${duplicated} duplicated`);
console.log(
  `listener output:       ${reported.size} deliveries reported, ${unreported} not exactly once; ${forwardedOk} forwarded with 200`,
);
console.log(
  `acknowledged:          ${(total / (acknowledgedMs / 1000)).toFixed(0)} deliveries/s (${acknowledgedMs.toFixed(0)} ms)`,
);
console.log(
  `relayed end to end:    ${(total / (relayedMs / 1000)).toFixed(0)} deliveries/s (${relayedMs.toFixed(0)} ms)`,
);

// CPU the listener process used (Linux): the fair figure on a busy machine.
try {
  const fields = fs.readFileSync(`/proc/${listener.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  console.log(
    `listener CPU:          ${cpuMs.toFixed(0)} ms in all, start-up included (~${((cpuMs / total) * 1000).toFixed(0)} µs a delivery)`,
  );
} catch {
  // not Linux: no /proc
}
listener.kill('SIGTERM');
await new Promise((r) => listener.once('exit', r));
await agent.close();
target.close();
const ok = lost === 0 && duplicated === 0 && unreported === 0 && statuses.get(200) === total && forwardedOk === total;
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
