// The review on a terminal, with a fake context: the person confirms, cancels,
// or goes through the operations one by one picking another candidate or
// leaving one unmapped; a server variable is asked for with the document's
// example as the default. What is stored is read back from the config.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import importOpenapi from '../../../src/commands/config/import-openapi.js';
import { ConfigStore } from '../../../src/lib/config.js';
import type { Context } from '../../../src/cli/context.js';
import { Output } from '../../../src/lib/output.js';
import type { Choice } from '../../../src/lib/questions.js';
import { repoRoot } from '../../support/venue.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-review-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const partial = path.join(repoRoot, 'test/fixtures/openapi/partial.yaml');

interface Asked {
  message: string;
  choices: string[];
}

/** answers: what select returns, in order, chosen by the start of the choice's name ("Store", "GET /misc"). */
function contextWith(answers: string[], inputs: string[] = []) {
  const fake = fakeTerminal({ tty: false });
  const env = {
    VENUE_CONFIG_DIR: fs.mkdtempSync(path.join(dir, 'config-')),
    VENUE_INVENTORY_URL: 'https://inventory.example',
  };
  const asked: Asked[] = [];
  const select = vi.fn(async <T>(message: string, choices: Array<Choice<T>>) => {
    asked.push({ message, choices: choices.map((c) => c.name) });
    const answer = answers.shift() ?? '';
    const found = choices.find((c) => c.name.startsWith(answer));
    if (!found)
      throw new Error(`no choice starting "${answer}" for ${message}: ${choices.map((c) => c.name).join(' | ')}`);
    return found.value;
  });
  const input = vi.fn(
    async (message: string, options: { default?: string; validate?: (v: string) => true | string }) => {
      asked.push({ message: `${message} [${options.default ?? ''}]`, choices: [] });
      const value = inputs.shift() ?? options.default ?? '';
      const valid = options.validate?.(value);
      if (valid !== true && valid !== undefined) throw new Error(valid);
      return value;
    },
  );
  let store: ConfigStore | undefined;
  const ctx = {
    terminal: fake.terminal,
    output: new Output(fake.terminal, { format: 'table' }),
    prompter: { canPrompt: true, select, input, confirm: vi.fn() },
    config: async () => (store ??= await ConfigStore.open(env)),
    globals: {},
    env,
    now: () => Date.parse('2026-05-01T10:00:00Z'),
  } as unknown as Context;
  const stored = async (key: string) => (await ConfigStore.open(env)).resolve('sandbox', key as never).value;
  return { ctx, fake, asked, select, input, stored };
}

describe('the review on a terminal', () => {
  it('shows the review, then stores on "Store them"', async () => {
    const { ctx, fake, asked, stored } = contextWith(['Store them']);
    await importOpenapi.run(ctx, {}, partial);
    expect(fake.stdout()).toMatch(/receiveStock\s+POST \/stock\/receipts\s+0\.\d\d/);
    expect(fake.stdout()).toContain('Not mapped: 2.');
    expect(asked[0]).toEqual({
      message: 'Store 19 routes, the base path and the auth scheme in profile "sandbox"?',
      choices: ['Store them', 'Review operation by operation', 'Cancel: store nothing'],
    });
    expect(await stored('inventory.routes.receiveStock')).toBe('POST /stock/receipts');
    expect(await stored('inventory.basePath')).toBe('/kiosk/api');
    expect(fake.stderr()).toContain(
      'profile "sandbox": 19 of 21 routes, base path /kiosk/api, auth header:X-Kiosk-Token stored',
    );
  });

  it('stores nothing on "Cancel": declined, exit 8', async () => {
    const { ctx, stored } = contextWith(['Cancel']);
    await expect(importOpenapi.run(ctx, {}, partial)).rejects.toMatchObject({
      category: 'declined',
      exitCode: 8,
      message: expect.stringContaining('Nothing was stored'),
    });
    expect(await stored('inventory.routes.receiveStock')).toBeUndefined();
  });

  it('operation by operation: keeps, swaps for a candidate, leaves one unmapped', async () => {
    // The first question, then one per operation that has a route or a candidate, in venue's order.
    const { ctx, asked, stored } = contextWith(['Review', ...Array(21).fill('')]);
    const answers: Record<string, string> = { listClasses: 'leave unmapped', listContainers: 'GET /misc' };
    (ctx.prompter.select as ReturnType<typeof vi.fn>).mockImplementation(
      async (message: string, choices: Array<Choice<unknown>>) => {
        asked.push({ message, choices: choices.map((c) => c.name) });
        const wanted = message.startsWith('Store') ? 'Review' : (answers[message] ?? '');
        return (choices.find((c) => c.name.startsWith(wanted)) ?? choices[0]!).value;
      },
    );
    await importOpenapi.run(ctx, {}, partial);
    const containers = asked.find((a) => a.message === 'listContainers')!;
    expect(containers.choices[0]).toMatch(/^GET \/misc \(0\.\d\d\)$/);
    expect(containers.choices).toContain('leave unmapped — keep');
    expect(asked.find((a) => a.message === 'listClasses')!.choices[0]).toMatch(/^GET \/classes \(0\.\d\d\) — keep$/);
    expect(await stored('inventory.routes.listContainers')).toBe('GET /misc');
    expect(await stored('inventory.routes.listClasses')).toBeUndefined();
    expect(await stored('inventory.routes.listProducts')).toBe('GET /products');
    const record = JSON.parse((await stored('inventory.importedRoutes'))!) as { routes: Record<string, string> };
    expect(record.routes.listContainers).toBe('GET /misc');
    expect(record.routes.listClasses).toBeUndefined();
  });

  it("asks for a variable of the server path, offering the document's example", async () => {
    const { ctx, asked, stored } = contextWith(['Store them'], ['connect/v5']);
    await importOpenapi.run(ctx, {}, path.join(repoRoot, 'test/fixtures/openapi/handwritten.yaml'));
    expect(asked[0]!.message).toBe('Value of {prefix} in the server URL [connect/v4]');
    expect(await stored('inventory.basePath')).toBe('/connect/v5');
  });

  it('a variable given with --server-var is not asked for', async () => {
    const { ctx, input, stored } = contextWith(['Store them']);
    await importOpenapi.run(
      ctx,
      { serverVar: ['prefix=connect/v4'] },
      path.join(repoRoot, 'test/fixtures/openapi/handwritten.yaml'),
    );
    expect(input).not.toHaveBeenCalled();
    expect(await stored('inventory.basePath')).toBe('/connect/v4');
  });
});
