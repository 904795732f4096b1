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
    // Inventory's health operation goes where the profile's route map puts it (method, path, base path).
    const probe =
      service === 'inventory'
        ? (await ctx.inventoryRoutes()).resolve('health')
        : { method: 'GET' as const, path: { booking: '/api/v1/locations', wallet: '/api/v1/quickreload' }[service] };
    const headers = await http.request(probe).then(
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

/** The inventory operations that read a list: safe to call, and what every journey starts with. */
export const inventoryListOperations = [
  'listProducts', 'listCategories', 'listClasses', 'listWarehouses', 'listTaxGroups',
  'listContainers', 'listSuppliers', 'stockLevels', 'listWebhooks',
] as const;

/**
 * Calls each mapped list operation of the inventory route map with the
 * profile's token and auth scheme: a route the server does not have (404,
 * 405) is a wrong map, not a broken server, so the fix names `config routes`
 * and `config import-openapi`. Run after the token check passed.
 */
export async function diagnoseInventoryRoutes(ctx: Context): Promise<Finding[]> {
  const routes = await ctx.inventoryRoutes();
  const { formatAuthScheme } = await import('./inventory/routes.js');
  const http = await ctx.http('inventory');
  const token = (await ctx.tokens()).source('inventory');
  const answers = await Promise.all(
    inventoryListOperations.map(async (operation) => {
      const { method, path } = routes.resolve(operation);
      const call = `${method} ${path}`;
      try {
        // Paged lists are asked for one row; the others take no query at all.
        const query = operation === 'listProducts' || operation === 'stockLevels' ? { pageSize: 1 } : undefined;
        const response = await http.request({ method, path, auth: token, query, operation });
        return { operation, call, status: response.status };
      } catch (error) {
        return { operation, call, error };
      }
    }),
  );
  const findings: Finding[] = [];
  const failed = answers.filter((a) => a.error !== undefined);
  for (const { operation, call, error } of failed) {
    const status = error instanceof ApiError ? error.info.status : undefined;
    const said = error instanceof Error ? error.message : String(error);
    let fix: string;
    let category: Finding['category'] = 'server';
    if (status === 404 || status === 405) {
      fix = `The server has no ${call} (${routes.origin(operation)} route): see \`venue config routes\`; import the vendor's document with \`venue config import-openapi <file|url>\`, or set it: \`venue config set inventory.routes.${operation} "GET /<path>"\`.`;
    } else if (status === 401 || status === 403) {
      category = 'auth';
      fix = `The token was refused on ${call}: check how it is sent (inventory.auth, now ${formatAuthScheme(routes.auth)}; \`venue config routes\` shows it, the vendor's securitySchemes say which it should be).`;
    } else {
      fix = 'The service failed on this call: try again, and contact its support if it persists.';
    }
    findings.push({ service: 'inventory', check: `route ${operation}`, status: 'fail', detail: `${call}: ${said}`, fix, category });
  }
  const answered = answers.length - failed.length;
  if (answered) {
    findings.unshift({
      service: 'inventory',
      check: 'routes',
      status: 'ok',
      detail: `${answered} of ${answers.length} list operations answered${routes.basePath ? ` under ${routes.basePath}` : ''}`,
      fix: '',
    });
  }
  return findings;
}
