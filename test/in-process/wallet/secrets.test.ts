// No password, CVV or token ever reaches stdout or stderr, --verbose traces
// included, across every wallet command that handles one.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle, type RunResult } from '../../support/in-process.js';
import { demoCard, latestCode } from '../../support/wallet.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => sb?.stop());

it('passwords, CVVs, confirmation codes in bodies and tokens stay out of every output and trace', async () => {
  const card = demoCard(4);
  const password = 'Xyzzy7Secret';
  const newPassword = 'Plugh8Secret';
  const outputs: RunResult[] = [];
  const run = async (args: string[], input?: string, expected = 0) => {
    const r = await sb.run(['--verbose', ...args], { input });
    expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(expected);
    outputs.push(r);
    return r;
  };
  await run(
    [
      'wallet',
      'signup',
      '--email',
      'zed@example.com',
      '--first-name',
      'Zed',
      '--last-name',
      'Q',
      '--barcode',
      card.barcode,
      '--password-stdin',
      '--cvv-stdin',
    ],
    `${password}\n${card.cvv}\n`,
  );
  await run(['wallet', 'login', 'zed@example.com', '--password-stdin'], `${password}\n`);
  await run(['wallet', 'login', 'zed@example.com', '--password-stdin'], 'Wrong9Secret\n', 3);
  await run(['wallet', 'cards']);
  await run(['wallet', 'balance', card.cardNumber]);
  await run(['wallet', 'reload', card.cardNumber, '--product', 'RL-10', '--payment-ref', 'sec-1', '--yes']);
  await run(['wallet', 'sessions', '--json']);
  await run(['wallet', 'diagnose', 'zed@example.com', '--json']);
  await run(['wallet', 'diagnose', 'zed@example.com', '--password-stdin'], `${password}\n`);
  await run(['wallet', 'reset-password', 'zed@example.com']);
  const code = await latestCode(sb, 'zed@example.com');
  await run(['wallet', 'confirm-reset', 'zed@example.com', '--code', code, '--password-stdin'], `${newPassword}\n`);
  await run(['wallet', 'login', 'zed@example.com', '--password-stdin'], `${newPassword}\n`);
  // Renewal path: the refresh token is sent in a body.
  await sb.control('POST', '/clock', { advanceSeconds: 7200 });
  await run(['wallet', 'cards']);
  await sb.control('POST', '/clock', { offsetSeconds: 0 });

  const sessions = JSON.parse(fs.readFileSync(path.join(sb.configDir, 'state', 'wallet-sessions.json'), 'utf8'))
    .sandbox['zed@example.com'];
  const admin = JSON.parse(fs.readFileSync(path.join(sb.configDir, 'state', 'tokens.json'), 'utf8'))['sandbox:wallet']
    .token as string;
  const all = outputs.map((r) => r.stdout + r.stderr).join('\n');
  expect(all).toContain('> POST'); // the traces are really there
  expect(all).toContain('[redacted]');
  for (const secret of [
    password,
    newPassword,
    'Wrong9Secret',
    sessions.accessToken,
    sessions.refreshToken,
    admin,
    'sandbox-wallet-client-secret',
  ]) {
    expect(all).not.toContain(secret);
  }
  expect(all).not.toMatch(/"cardCvv":"\d{3}"/);
  expect(all).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
});
