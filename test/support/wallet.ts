// Shared by the wallet end-to-end tests: demo data of the sandbox and a login.

import { expect } from 'vitest';
import type { SandboxHandle } from './venue.js';

export const DEMO_PASSWORD = 'Sandbox123';
/** Card n of the demo data: 19-digit number, 10-digit barcode, 3-digit CVV. */
export const demoCard = (n: number) => ({
  cardNumber: `600100000000000${String(n).padStart(4, '0')}`,
  barcode: `10000000${String(n).padStart(2, '0')}`,
  cvv: `${n}${n}${n}`,
});

export async function login(sb: SandboxHandle, email: string, password = DEMO_PASSWORD): Promise<void> {
  const result = await sb.run(['wallet', 'login', email, '--password-stdin'], { input: `${password}\n` });
  expect(result.code, result.stderr).toBe(0);
}

/** A call to the wallet service itself, bypassing the CLI (contract checks). */
export async function walletFetch(
  sb: SandboxHandle,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${sb.origin}/wallet${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  const body = type.includes('json') ? JSON.parse(raw.toString('utf8')) : raw.length ? raw : undefined;
  return { status: response.status, type, body, raw };
}

export async function adminToken(sb: SandboxHandle): Promise<string> {
  const r = await walletFetch(sb, 'POST', '/api/v1/token', { body: { clientSecret: 'sandbox-wallet-client-secret' } });
  return r.body.accessToken as string;
}

export async function guestTokens(
  sb: SandboxHandle,
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  const r = await walletFetch(sb, 'POST', '/api/v1/admin/login', {
    token: await adminToken(sb),
    body: { username, password },
  });
  expect(r.status).toBe(200);
  return r.body;
}

export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  data?: { confirmationCode?: string };
}

export async function latestCode(sb: SandboxHandle, to: string): Promise<string> {
  const { items } = await sb.control<{ items: OutboxMail[] }>('GET', `/outbox?to=${encodeURIComponent(to)}`);
  const code = items.at(-1)?.data?.confirmationCode ?? items[0]?.data?.confirmationCode;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
