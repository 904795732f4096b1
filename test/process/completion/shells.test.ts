// Completion in real shells: bash, zsh and fish run under tmux with
// `venue completion <shell>` loaded; a line is typed, TAB pressed, and the
// screen read. Ids come from the completion cache (seeded here, fresh), so no
// service is asked; the sandbox address points at nothing.
// A shell that is not installed is skipped with a warning (CI installs them).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionCache } from '../../../src/lib/completion-cache.js';
import { tmuxAvailable, warnWithoutTmux } from '../../support/terminal.js';
import { runVenue, tempDir } from '../../support/venue.js';
import { killShells, ShellSession, shellAvailable, type ShellName } from '../../support/shell-session.js';

const locations = [
  { id: 'loc-riverside', label: 'Riverside Fun Park' },
  { id: 'loc-harbour', label: 'Harbour Arcade' },
];
const webhooks = [
  { id: '3f0c2a9e-1111-4c1a-9d7e-000000000001', label: 'https://hooks.example/a' },
  { id: '9b7d5e21-2222-4c1a-9d7e-000000000002', label: 'https://hooks.example/b' },
];

let configDir: string;
let env: Record<string, string>;
const homes: string[] = [];

beforeAll(async () => {
  warnWithoutTmux('shell completion tests');
  configDir = tempDir('venue-completion-config-');
  env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_URL: 'http://127.0.0.1:9', VENUE_SANDBOX_AUTOSTART: '0' };
  for (const profile of ['store1', 'store2']) {
    const made = await runVenue(['config', 'init', profile, '--warehouse', '1'], { env });
    expect(made.code, made.stderr).toBe(0);
  }
  const cache = new CompletionCache(path.join(configDir, 'state'));
  cache.store('sandbox', 'location', locations);
  cache.store('sandbox', 'webhook', webhooks);
});

afterAll(() => {
  killShells();
  for (const dir of [configDir, ...homes]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function shell(name: ShellName): Promise<ShellSession> {
  const home = tempDir(`venue-${name}-home-`);
  homes.push(home);
  return ShellSession.start(name, home, env);
}

for (const name of ['bash', 'zsh', 'fish'] as const) {
  const available = tmuxAvailable && shellAvailable(name);
  if (tmuxAvailable && !available)
    console.warn(`${name} completion tests skipped: ${name} is not installed (apt-get install -y ${name})`);

  describe.skipIf(!available)(`completion in ${name}`, () => {
    it('completes the group after a global option and its value', async () => {
      const session = await shell(name);
      try {
        await session.completeUntil('venue --profile store1 inv', () =>
          session.promptLine().includes('venue --profile store1 inventory'),
        );
      } finally {
        session.stop();
      }
    });

    it('offers the output formats after -o, not command names', async () => {
      const session = await shell(name);
      try {
        const screen = await session.completeUntil('venue -o ', (s) =>
          ['table', 'ndjson', 'csv'].every((f) => s.includes(f)),
        );
        expect(screen).not.toContain('inventory');
      } finally {
        session.stop();
      }
    });

    it('offers the profile names after --profile', async () => {
      const session = await shell(name);
      try {
        await session.completeUntil('venue --profile ', (s) =>
          ['sandbox', 'store1', 'store2'].every((p) => s.includes(p)),
        );
      } finally {
        session.stop();
      }
    });

    it('offers the cached location ids after booking experiences --location', async () => {
      const session = await shell(name);
      try {
        await session.completeUntil('venue booking experiences --location ', (s) =>
          locations.every((l) => s.includes(l.id)),
        );
      } finally {
        session.stop();
      }
    });

    it('offers the cached webhook ids after webhooks delete, and completes one from its start', async () => {
      const session = await shell(name);
      try {
        const screen = await session.completeUntil('venue webhooks delete ', (s) =>
          webhooks.every((w) => s.includes(w.id)),
        );
        // zsh and fish show each candidate's description (here the subscriber's URL); bash has no place for one.
        if (name !== 'bash') expect(screen).toContain(webhooks[0]!.label);
      } finally {
        session.stop();
      }
      const again = await shell(name);
      try {
        await again.completeUntil('venue webhooks delete 9b', () =>
          again.promptLine().includes(`venue webhooks delete ${webhooks[1]!.id}`),
        );
      } finally {
        again.stop();
      }
    });
  });
}
