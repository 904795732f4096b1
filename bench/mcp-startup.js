#!/usr/bin/env node
// `venue mcp` start-up: the wall time from spawning `venue mcp` to its answer
// to tools/list (initialize, initialized, tools/list over stdio, as an
// assistant's client sends them), beside `venue --help` and bare node, runs
// interleaved so load affects all alike. venue's own server answers from the
// tool catalogue (dist/mcp.json) after checking the profiles served; no
// command module is loaded before the first call. Target (issue 22): ≤ 1.5×
// `venue --help`.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/venue.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 20);
const configDir = mkdtempSync(path.join(tmpdir(), 'venue-bench-mcp-'));
// No sandbox is needed: listing tools calls no service.
const env = { ...process.env, VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_AUTOSTART: '0', VENUE_SANDBOX_PORT: '48899' };

function timedSync(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Spawns `venue mcp`, resolves with the ms until its tools/list answer (and the number of tools). */
function mcpToolsList() {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [bin, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    let buffer = '';
    let stderr = '';
    let ms;
    let tools;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      buffer += d;
      let at;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        const message = JSON.parse(line);
        if (message.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (message.id === 2) {
          ms = Number(process.hrtime.bigint() - started) / 1e6;
          tools = message.result.tools.length;
          child.stdin.end();
        }
      }
    });
    child.on('close', (code) =>
      ms !== undefined && code === 0
        ? resolve({ ms, tools })
        : reject(new Error(`venue mcp exited ${code}: ${stderr}`)),
    );
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const times = { node: [], help: [], mcp: [] };
let tools = 0;
try {
  for (let i = 0; i < runs + 2; i++) {
    const node = timedSync(['-e', '0']);
    const help = timedSync([bin, '--help']);
    const mcp = await mcpToolsList();
    tools = mcp.tools;
    if (i < 2) continue; // the first runs warm the file cache
    times.node.push(node);
    times.help.push(help);
    times.mcp.push(mcp.ms);
  }
} finally {
  rmSync(configDir, { recursive: true, force: true });
}
const [node, help, mcp] = [median(times.node), median(times.help), median(times.mcp)];
const ratio = mcp / help;
console.log(`mcp start-up, ${runs} runs each, node ${process.version}`);
console.log('case                          median ms   ratio to --help');
console.log(`node -e 0                     ${node.toFixed(1).padStart(9)}   ${(node / help).toFixed(2).padStart(6)}`);
console.log(`venue --help                  ${help.toFixed(1).padStart(9)}   ${(1).toFixed(2).padStart(6)}`);
console.log(
  `venue mcp → tools/list (${String(tools).padStart(2)})${mcp.toFixed(1).padStart(9)}   ${ratio.toFixed(2).padStart(6)}   ${ratio <= 1.5 ? '≤ 1.5 ok' : '> 1.5 MISSED'}`,
);
process.exitCode = ratio <= 1.5 ? 0 : 1;
