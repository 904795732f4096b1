// The checks behind `venue doctor`: for one service, is it configured, can we
// get a token, how far is it, is its clock close to ours (JWT expiry trouble
// starts there), is the connection protected, and (inventory) what does its
// health report say. A failed login is told by its reason: the credentials
// refused, the login route not found, or the service failing.

import type { Context } from '../../cli/context.js';
import { ApiError, LoginError, VenueError, type LoginFailureReason } from '../../lib/errors.js';
import type { HttpResponse } from '../../lib/http.js';
import type { ServiceName } from '../../lib/tokens.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { isHealthReport, readHealth } from '../../lib/inventory/health.js';
import { secretSpecs } from '../../lib/config.js';
import {
  authSecrets,
  describeAuthScheme,
  isStaticScheme,
  formatAuthScheme,
  pathVariablesOf,
} from '../../lib/inventory/routes.js';

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
  const urlKey =
    service === 'wallet' && (await ctx.setting('wallet.environment')) === 'uat' ? 'wallet.uatUrl' : `${service}.url`;
  const baseUrl = config.resolve(profile, urlKey as 'booking.url').value;
  if (!baseUrl) {
    add('address', 'skip', `${urlKey} is not set`, venueHint(['config', 'set', urlKey, placeholder('url')]));
    return findings;
  }
  const url = new URL(baseUrl);
  if (url.protocol === 'https:') add('tls', 'ok', 'https', '');
  else
    add(
      'tls',
      (await ctx.isSandbox()) ? 'ok' : 'warn',
      'plain http (loopback only)',
      'Use an https:// address for a real service.',
    );

  let http;
  try {
    http = await ctx.http(service);
  } catch (error) {
    add('reachable', 'fail', (error as Error).message, 'Check the address and that the service runs.', 'server');
    return findings;
  }

  const started = performance.now();
  try {
    // Inventory's health operation goes where the profile's route map puts it (method, path, base path);
    // asked once: an unhealthy service's 503 carries its report.
    const probe =
      service === 'inventory'
        ? { ...(await ctx.inventoryRoutes()).resolve('health'), retries: 0 }
        : { method: 'GET' as const, path: { booking: '/api/v1/locations', wallet: '/api/v1/quickreload' }[service] };
    const answer = await http.request(probe).then(
      (response): Pick<HttpResponse, 'status' | 'headers' | 'data'> => response,
      (error: unknown) => {
        // A 401 on an unauthenticated probe still proves the service answers; so does a health report with a 503.
        if (
          error instanceof ApiError &&
          (error.category === 'auth' ||
            (service === 'inventory' && error.status >= 500 && isHealthReport(error.info.body)))
        ) {
          return { status: error.status, headers: error.info.headers ?? {}, data: error.info.body };
        }
        throw error;
      },
    );
    const { headers } = answer;
    const latency = Math.round(performance.now() - started);
    add('reachable', 'ok', `answered in ${latency} ms`, '');
    if (service === 'inventory') {
      try {
        const { view, verdict } = readHealth(answer.data, answer.status, {
          service,
          operation: 'check the inventory service health',
        });
        const said = `status ${view.status}${view.database ? `, database ${view.database}` : ''}${view.checks ? ` (${view.checks})` : ''}${answer.status >= 300 ? `, HTTP ${answer.status}` : ''}`;
        if (verdict === 'healthy') add('health', 'ok', said, '');
        else if (verdict === 'degraded')
          add(
            'health',
            'warn',
            `degraded: ${said}`,
            `The service reports itself degraded: tell the venue's support (${venueHint(['inventory', 'health'])} shows the report).`,
          );
        else if (verdict === 'unhealthy')
          add(
            'health',
            'fail',
            `unhealthy: ${said}`,
            `The service reports itself unhealthy: tell the venue's support (${venueHint(['inventory', 'health'])} shows the report).`,
            'server',
          );
        else
          add(
            'health',
            'warn',
            `venue cannot judge ${said}`,
            `${venueHint(['inventory', 'health'])} shows the report as sent.`,
          );
      } catch (error) {
        add(
          'health',
          'warn',
          (error as Error).message,
          'The health route answered, but not with a report venue can read: check inventory.routes.health (`venue config routes`).',
        );
      }
    }
    const serverDate = headers.date ? Date.parse(headers.date) : NaN;
    if (!Number.isNaN(serverDate)) {
      const skew = serverDate - ctx.now();
      add(
        'clock',
        Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? 'warn' : 'ok',
        `server clock ${skew >= 0 ? 'ahead by' : 'behind by'} ${Math.abs(Math.round(skew / 1000))} s`,
        Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? "Sync this machine's clock (NTP); token expiry depends on it." : '',
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A 404, 405 or 410 from inventory's health route is an answer: the service is there, the route (or a per-venue value
    // in it) is not where the profile puts it. The login and the credentials are still worth checking.
    if (service === 'inventory' && error instanceof ApiError && [404, 405, 410].includes(error.status)) {
      const routes = await ctx.inventoryRoutes();
      const values = pathVariablesOf('health', routes.route('health')).map(
        (name) =>
          `{${name}} now ${routes.pathVars[name] === undefined ? 'unset' : JSON.stringify(routes.pathVars[name])}`,
      );
      add('reachable', 'ok', `answered ${error.status}`, '');
      add(
        'health',
        'fail',
        message,
        `The health route is not where the profile puts it: check inventory.routes.health${values.length ? ` and inventory.pathVars (the route names ${values.join(', ')})` : ''} (${venueHint(['config', 'routes'])}).`,
      );
    } else {
      const tlsProblem = /certificate|self.signed|TLS|SSL/i.test(message);
      add(
        'reachable',
        'fail',
        message,
        tlsProblem
          ? 'The TLS certificate is not trusted: fix it on the server, or set NODE_EXTRA_CA_CERTS to its CA.'
          : // A route the profile cannot call (unmapped, a path variable without a value) says how to fix it.
            error instanceof VenueError && error.category === 'usage' && error.hint
            ? error.hint
            : 'Check the address, the network and that the service runs.',
        'server',
      );
      return findings;
    }
  }

  // Inventory needs the secrets of its scheme only (a static key has no secret).
  const inventoryAuth = service === 'inventory' ? (await ctx.inventoryRoutes()).auth : undefined;
  const needed = inventoryAuth
    ? authSecrets(inventoryAuth).map(({ key }) => key)
    : (Object.keys(secretSpecs).filter((k) => k.startsWith(`${service}.`)) as Array<keyof typeof secretSpecs>);
  const missing = needed.filter((key) => !config.resolveSecret(profile, key).value);
  if (missing.length) {
    add(
      'credentials',
      'fail',
      `missing ${missing.join(', ')}`,
      missing.map((k) => venueHint(['config', 'set-secret', k])).join('; '),
      'auth',
    );
    return findings;
  }
  add('credentials', 'ok', 'present', '');
  if (inventoryAuth && isStaticScheme(inventoryAuth)) {
    // No token to get: the key goes with every call, and the route checks below are its test.
    add(
      'auth',
      'ok',
      `${describeAuthScheme(inventoryAuth)} (inventory.auth): no login, checked by the calls below`,
      '',
    );
    return findings;
  }
  if (inventoryAuth && inventoryAuth.type !== 'bearer')
    add('auth', 'ok', `${describeAuthScheme(inventoryAuth)} (inventory.auth)`, '');

  try {
    const tokens = await ctx.tokens();
    await tokens.drop(service);
    const took = performance.now();
    const { expiresAt } = await tokens.get(service);
    const minutes = Math.round((expiresAt - ctx.now()) / 60_000);
    add('token', 'ok', `obtained in ${Math.round(performance.now() - took)} ms, valid for ${minutes} min`, '');
  } catch (error) {
    if (error instanceof LoginError) {
      const { reason, method, path, status, said } = error.login;
      const answered =
        status === undefined ? `failed (${error.message})` : `answered ${status}${said ? ` (${said})` : ''}`;
      add(
        'token',
        'fail',
        `${error.login.scopesRefused ? 'scopes refused' : loginWords[reason]}: ${method} ${path} ${answered}`,
        loginFix(reason, error),
        error.category === 'auth' ? 'auth' : 'server',
      );
    } else {
      const category = error instanceof VenueError && error.category === 'auth' ? 'auth' : 'server';
      add(
        'token',
        'fail',
        (error as Error).message,
        error instanceof VenueError && error.hint ? error.hint : 'Run again with --verbose to see the login.',
        category,
      );
    }
  }
  return findings;
}

const loginWords: Record<LoginFailureReason, string> = {
  refused: 'credentials refused',
  'route-missing': 'login route not found',
  failing: 'service failing',
  unreadable: 'login answer unreadable',
};

function loginFix(reason: LoginFailureReason, error: LoginError): string {
  switch (reason) {
    case 'refused':
      // The scopes asked for, not the credentials: the login's own hint names them and where they come from.
      if (error.login.scopesRefused && error.hint) return error.hint;
      return `The credentials were refused: check them in the vendor's administration area, then store them again (${venueHint(['config', 'set-secret', placeholder('name')])}). ${error.hint ?? ''}`.trim();
    case 'failing':
      return 'The service fails while issuing tokens (the credentials were not judged): try again later, and tell its support if it persists.';
    default:
      return error.hint ?? 'Run again with --verbose to see the login.';
  }
}

/** The inventory operations that read a list: safe to call, and what every journey starts with. */
export const inventoryListOperations = [
  'listProducts',
  'listCategories',
  'listClasses',
  'listWarehouses',
  'listTaxGroups',
  'listContainers',
  'listSuppliers',
  'stockLevels',
  'listWebhooks',
] as const;

/**
 * Calls each mapped list operation of the inventory route map with the
 * profile's token and auth scheme: a route the server does not have (404,
 * 405) is a wrong map, not a broken server, so the fix names `config routes`
 * and `config import-openapi`. Run after the token check passed.
 */
export async function diagnoseInventoryRoutes(ctx: Context): Promise<Finding[]> {
  const routes = await ctx.inventoryRoutes();
  const http = await ctx.http('inventory');
  const token = (await ctx.tokens()).source('inventory');
  // An operation the profile leaves unmapped ("none") is not called: nothing stands in for it.
  const answers = await Promise.all(
    inventoryListOperations
      .filter((operation) => routes.isMapped(operation))
      .map(async (operation) => {
        // A route naming a path variable the profile has no value for is said, never sent.
        let resolved: ReturnType<typeof routes.resolve>;
        try {
          resolved = routes.resolve(operation);
        } catch (error) {
          return { operation, call: `${routes.route(operation).method} ${routes.route(operation).path}`, error };
        }
        const { method, path } = resolved;
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
      fix = `The server has no ${call} (${routes.origin(operation)} route): see ${venueHint(['config', 'routes'])}; import the vendor's document with ${venueHint(['config', 'import-openapi', placeholder('file|url')])}, or set it: ${venueHint(['config', 'set', `inventory.routes.${operation}`, 'GET /<path>'])}.`;
    } else if (status === 401 || status === 403) {
      category = 'auth';
      fix = `The token was refused on ${call}: check how it is sent (inventory.auth, now ${formatAuthScheme(routes.auth)}; ${venueHint(['config', 'routes'])} shows it, the vendor's securitySchemes say which it should be).`;
    } else if (error instanceof VenueError && error.category === 'usage') {
      fix = error.hint ?? `See ${venueHint(['config', 'routes'])}.`;
    } else {
      fix = 'The service failed on this call: try again, and contact its support if it persists.';
    }
    findings.push({
      service: 'inventory',
      check: `route ${operation}`,
      status: 'fail',
      detail: `${call}: ${said}`,
      fix,
      category,
    });
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
