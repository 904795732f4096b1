// auth, doctor and completion through the built binary against the sandbox.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { venueBin } from '../../support/venue.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

describe('auth', () => {
  it('status shows credentials and expiries, never a token; token prints one; logout forgets', async () => {
    const token = await sb.run(['auth', 'token', 'inventory']);
    expect(token.code).toBe(0);
    const jwt = token.stdout.trim();
    expect(jwt.split('.')).toHaveLength(3);

    const status = await sb.run(['auth', 'status', '-o', 'json']);
    expect(status.code).toBe(0);
    expect(status.stdout).not.toContain(jwt);
    const rows = JSON.parse(status.stdout) as Array<{
      service: string;
      credentials: string;
      token: string;
      expiresAt: string | null;
    }>;
    const inventory = rows.find((r) => r.service === 'inventory')!;
    expect(inventory.credentials).toBe('set (default)');
    expect(inventory.token).toBe('valid');
    expect(Date.parse(inventory.expiresAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(rows.find((r) => r.service === 'booking')!.token).toBe('none cached');

    expect((await sb.run(['auth', 'logout'])).code).toBe(0);
    const after = JSON.parse((await sb.run(['auth', 'status', '-o', 'json'])).stdout) as typeof rows;
    expect(after.every((r) => r.token === 'none cached')).toBe(true);
  });

  it('token for an unknown service is a usage error', async () => {
    expect((await sb.run(['auth', 'token', 'payments'])).code).toBe(2);
  });
});

describe('doctor', () => {
  it('passes every check on the sandbox', async () => {
    const result = await sb.run(['doctor', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const findings = JSON.parse(result.stdout) as Array<{ service: string; check: string; status: string }>;
    for (const service of ['wallet', 'booking', 'inventory']) {
      expect(findings.filter((f) => f.service === service).map((f) => f.check)).toEqual(
        expect.arrayContaining(['reachable', 'credentials', 'token', 'clock']),
      );
    }
    expect(findings.filter((f) => f.status === 'fail')).toEqual([]);
  });

  it('fails with exit 3 and a fix when a secret is refused', async () => {
    const result = await sb.run(['doctor', '-o', 'json'], { env: { VENUE_INVENTORY_API_SECRET: 'wrong-secret' } });
    expect(result.code).toBe(3);
    const findings = JSON.parse(result.stdout) as Array<{
      service: string;
      check: string;
      status: string;
      fix: string;
    }>;
    const token = findings.find((f) => f.service === 'inventory' && f.check === 'token')!;
    expect(token.status).toBe('fail');
    expect(token.fix).toContain('venue config set-secret');
    expect(result.stdout + result.stderr).not.toContain('wrong-secret');
  });
});

describe('completion', () => {
  it('prints a bash script that asks venue itself, and it completes groups and subcommands', async () => {
    const result = await sb.run(['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('venue __complete');
    const script = path.join(sb.configDir, 'venue.bash');
    fs.writeFileSync(script, result.stdout);
    // The script calls `venue`: a shim on PATH runs this checkout's binary against this sandbox.
    const bin = path.join(sb.configDir, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'venue'), `#!/bin/sh\nexec "${process.execPath}" "${venueBin}" "$@"\n`, {
      mode: 0o755,
    });
    const complete = (line: string) =>
      spawnSync(
        'bash',
        [
          '-c',
          `source ${script}; COMP_WORDS=(${line}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _venue_complete; echo "\${COMPREPLY[*]}"`,
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, ...sb.env, PATH: `${bin}:${process.env.PATH}` },
        },
      ).stdout.trim();
    expect(complete('venue inv')).toBe('inventory');
    expect(complete("venue inventory stock ''").split(' ')).toEqual(
      expect.arrayContaining(['levels', 'take', 'receive', 'adjust']),
    );
  });

  it('knows zsh and fish, and refuses other shells', async () => {
    expect((await sb.run(['completion', 'zsh'])).stdout).toContain('#compdef venue');
    expect((await sb.run(['completion', 'fish'])).stdout).toContain('complete -c venue');
    expect((await sb.run(['completion', 'powershell'])).code).toBe(2);
  });
});
