// The checks behind `venue doctor`: for one service, is it configured, can we
// get a token, how far is it, is its clock close to ours (JWT expiry trouble
// starts there), and is the connection protected.

import type { Context } from './context.js';
import { ApiError } from './errors.js';
import type { ServiceName } from './tokens.js';

export interface Finding {
  service: ServiceName;
  check: string;
  status: 'ok' | 'warn' | 'fail' | 'skip';
  detail: string;
  fix: string;
  category?: 'auth' | 'server';
}

/** Clocks further apart than this make short-lived tokens look expired or not yet valid. */
const CLOCK_SKEW_LIMIT_MS = 60_000;

export async function diagnoseService(ctx: Context, service: ServiceName): Promise<Finding[]> {
  const findings: Finding[] = [];
  const add = (check: string, status: Finding['status'], detail: string, fix = '', category?: Finding['category']) =>
    findings.push({ service, check, status, detail, fix, category });

  const config = await ctx.config();
  const profile = await ctx.profileName();
  const urlKey = service === 'wallet' && (await ctx.setting('wallet.environment')) === 'uat' ? 'wallet.uatUrl' : `${service}.url`;
  const baseUrl = config.resolve(profile, urlKey as 'booking.url').value;
  if (!baseUrl) {
    add('address', 'skip', `${urlKey} is not set`, `venue config set ${urlKey} https://…`);
    return findings;
  }
  const url = new URL(baseUrl);
  if (url.protocol === 'https:') add('tls', 'ok', 'https', '');
  else add('tls', (await ctx.isSandbox()) ? 'ok' : 'warn', 'plain http (loopback only)', 'Use an https:// address for a real service.');

  let http;
  try {
    http = await ctx.http(service);
  } catch (error) {
    add('reachable', 'fail', (error as Error).message, 'Check the address and that the service runs.', 'server');
    return findings;
  }

  const started = performance.now();
  try {
    const probePath = { inventory: '/health', booking: '/api/v1/locations', wallet: '/api/v1/quickreload' }[service];
    const headers = await http.request({ method: 'GET', path: probePath }).then(
      (response) => response.headers,
      (error: unknown) => {
        // A 401 on an unauthenticated probe still proves the service answers.
        if (error instanceof ApiError && error.category === 'auth') return error.info.headers ?? {};
        throw error;
      },
    );
    const latency = Math.round(performance.now() - started);
    add('reachable', 'ok', `answered in ${latency} ms`, '');
    const serverDate = headers.date ? Date.parse(headers.date) : NaN;
    if (!Number.isNaN(serverDate)) {
      const skew = serverDate - ctx.now();
      add(
        'clock',
        Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? 'warn' : 'ok',
        `server clock ${skew >= 0 ? 'ahead by' : 'behind by'} ${Math.abs(Math.round(skew / 1000))} s`,
        Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? 'Sync this machine\'s clock (NTP); token expiry depends on it.' : '',
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tlsProblem = /certificate|self.signed|TLS|SSL/i.test(message);
    add(
      'reachable',
      'fail',
      message,
      tlsProblem ? 'The TLS certificate is not trusted: fix it on the server, or set NODE_EXTRA_CA_CERTS to its CA.' : 'Check the address, the network and that the service runs.',
      'server',
    );
    return findings;
  }

  const { secretSpecs } = await import('./config.js');
  const needed = Object.keys(secretSpecs).filter((k) => k.startsWith(`${service}.`)) as Array<keyof typeof secretSpecs>;
  const missing = needed.filter((key) => !config.resolveSecret(profile, key).value);
  if (missing.length) {
    add('credentials', 'fail', `missing ${missing.join(', ')}`, missing.map((k) => `venue config set-secret ${k}`).join('; '), 'auth');
    return findings;
  }
  add('credentials', 'ok', 'present', '');

  try {
    const tokens = await ctx.tokens();
    await tokens.drop(service);
    const took = performance.now();
    await tokens.get(service);
    const cached = tokens.cached(service);
    const minutes = cached ? Math.round((cached.expiresAt - ctx.now()) / 60_000) : undefined;
    add('token', 'ok', `obtained in ${Math.round(performance.now() - took)} ms${minutes !== undefined ? `, valid for ${minutes} min` : ''}`, '');
  } catch (error) {
    add('token', 'fail', (error as Error).message, 'The credentials were refused: check them in the vendor\'s administration area, then `venue config set-secret`.', 'auth');
  }
  return findings;
}
