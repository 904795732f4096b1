// The sandbox never masquerades: its profile's URLs cannot be pointed at a real
// host, the [sandbox] mark appears only for the local emulator, each config
// directory has its own sandbox, and one serving another directory's state is
// refused.

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { sandboxPort } from '../../../src/lib/sandbox-address.js';

let other: SandboxHandle;
const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  other = await startSandbox();
});
afterAll(async () => {
  await other?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox profile', () => {
  it('refuses a real URL on the sandbox profile, naming the command that makes a real profile', async () => {
    const configDir = fresh();
    const result = await runVenue(['config', 'set', 'inventory.url', 'https://inventory.my-venue.example'], {
      env: { VENUE_CONFIG_DIR: configDir },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('venue config init <name>');
    expect(
      fs.existsSync(`${configDir}/config.json`) ? fs.readFileSync(`${configDir}/config.json`, 'utf8') : '',
    ).not.toContain('my-venue');
  });

  it('never marks a real host [sandbox]', async () => {
    const result = await runVenue(['inventory', 'categories'], {
      env: {
        VENUE_CONFIG_DIR: fresh(),
        VENUE_INVENTORY_URL: 'https://127.0.0.2:1/inventory',
        VENUE_SANDBOX_AUTOSTART: '0',
        VENUE_RETRIES: '0',
      },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).not.toContain('[sandbox]');
  });

  it('gives each config directory a port of its own', () => {
    const a = sandboxPort({ VENUE_CONFIG_DIR: '/tmp/venue-a' });
    const b = sandboxPort({ VENUE_CONFIG_DIR: '/tmp/venue-b' });
    expect(a).not.toBe(b);
    expect(a).toBeGreaterThan(47800);
    expect(sandboxPort({ VENUE_CONFIG_DIR: '/tmp/venue-a', VENUE_SANDBOX_PORT: '48123' })).toBe(48123);
  });

  it("refuses a sandbox that serves another config directory's state", async () => {
    const port = new URL(other.origin).port;
    const result = await runVenue(['inventory', 'categories'], {
      env: { VENUE_CONFIG_DIR: fresh(), VENUE_SANDBOX_PORT: port, VENUE_SANDBOX_AUTOSTART: '0' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("serves another configuration's state");
    expect(result.stderr).toContain(other.configDir);
  });

  it('config init without a terminal and without flags saves nothing and names the flags (exit 2)', async () => {
    const configDir = fresh();
    const result = await runVenue(['config', 'init', 'main'], { env: { VENUE_CONFIG_DIR: configDir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--inventory-url');
    const profiles = await runVenue(['config', 'profiles', '-o', 'json'], { env: { VENUE_CONFIG_DIR: configDir } });
    expect(profiles.stdout).not.toContain('"main"');
  });
});
