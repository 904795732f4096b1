import { ServerError, UsageError } from '../../lib/errors.js';
import type { HttpMethod } from '../../lib/http.js';
import { readAllStdin } from '../../cli/secret-input.js';
import type { ServiceName } from '../../lib/tokens.js';
import { argument, defineCommand, option } from '../define.js';
import { serviceNames } from '../../lib/tokens.js';
import { readFile } from 'node:fs/promises';
import { jmespathModule } from '../../lib/lazy-modules.js';

interface ApiOptions {
  data?: string;
  as?: string;
  param: string[];
  auth: boolean;
}

const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export default defineCommand<ApiOptions>({
  name: 'api',
  args: [
    argument('<service>', { kind: 'text' }),
    argument('<method>', { kind: 'text' }),
    argument('<path>', { kind: 'text' }),
  ],
  summary: 'A raw authenticated call to a service, for shapes venue does not model',
  description:
    "Sends one request with the profile's credentials and prints the answer's body. The body comes from a file (--data @file) or standard input (--data -), never from the command line. Wallet calls use the admin token, or a guest's token with --as. POST and PATCH are never retried blindly: a lost answer exits 7. " +
    "The path is under the service's base URL; a full URL is taken only when it lies under that base URL too: a URL anywhere else is refused (exit 2, nothing sent), so the profile's token never goes to another host.",
  examples: [
    'venue api inventory GET /products --param pageSize=5',
    "venue api inventory GET /products --param pageSize=5 --query 'length(@)'",
    'venue api wallet GET /api/v1/card --as ava@example.com',
    `printf '{"experienceId":"exp-vr-arena","slotId":"%s","quantity":2}' "$(venue booking sessions exp-vr-arena --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" | venue api booking POST /api/v1/orders/reservations/reserve --data -`,
  ],
  options: [
    option('-d, --data <@file|->', 'request body (JSON) from a file or standard input', { kind: 'text' }),
    option(
      '--param <key=value>',
      'query parameter (repeatable); the global --query is a JMESPath expression over the answer',
      { kind: 'assignment', parse: (v: string, all: string[]) => [...all, v], default: [] },
    ),
    option('--as <email>', "wallet: use this guest's stored session", { kind: 'guest' }),
    option('--no-auth', 'send no token (health checks, token exchanges)'),
  ],
  fleet: (operands) => (/^(get|head)$/i.test(operands[1] ?? '') ? 'read' : 'write'),
  confirmation: { never: 'raw' },
  async run(ctx, options, serviceArg, methodArg, path) {
    const jmespath = ctx.globals.query;
    // The old spelling, --query key=value, is the global JMESPath --query now. A key=value is never a JMESPath
    // expression (JMESPath has no lone "="), so it is told apart and refused: taken as a parameter it could lose
    // a repeated one (a global option keeps its last value), taken as JMESPath it would print nothing useful.
    if (jmespath !== undefined && looksLikeParameter(jmespath)) {
      throw new UsageError(`--query ${jmespath}: api takes query parameters as --param key=value`, {
        hint: `Write --param ${jmespath} (repeatable). --query is venue's JMESPath expression over the answer (venue help formatting).`,
      });
    }
    const service = serviceArg as ServiceName;
    if (!serviceNames.includes(service))
      throw new UsageError(`service must be one of ${serviceNames.join(', ')} (got "${serviceArg}")`);
    const method = methodArg!.toUpperCase() as HttpMethod;
    if (!methods.includes(method))
      throw new UsageError(`method must be one of ${methods.join(', ')} (got "${methodArg}")`);
    if (options.as && service !== 'wallet') throw new UsageError('--as applies only to wallet calls');
    const target = await pathUnderBase(await ctx.serviceBaseUrl(service), service, path!);

    const query: Record<string, string> = {};
    for (const pair of options.param) {
      const at = pair.indexOf('=');
      if (at < 1) throw new UsageError(`--param takes key=value (got "${pair}")`);
      query[pair.slice(0, at)] = pair.slice(at + 1);
    }
    let body: unknown;
    if (options.data !== undefined) {
      let text: string;
      if (options.data === '-') text = await readAllStdin(ctx.terminal.stdin);
      else if (options.data.startsWith('@')) {
        text = await readFile(options.data.slice(1), 'utf8').catch(() => {
          throw new UsageError(`cannot read ${options.data!.slice(1)}`);
        });
      } else
        throw new UsageError(
          '--data takes @file or - (a body on the command line could leak secrets into shell history)',
        );
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new UsageError(`--data is not valid JSON: ${(error as Error).message}`);
      }
    }

    const http = await ctx.http(service);
    let auth;
    if (options.auth) {
      if (options.as) {
        auth = (await ctx.wallet()).guestToken(options.as);
      } else auth = (await ctx.tokens()).source(service);
    }
    const response = await http.request({ method, path: target, query, body, auth, responseType: 'text' });
    ctx.terminal.debug(`${response.status}`);
    const text =
      typeof response.data === 'string'
        ? response.data
        : response.data === undefined
          ? ''
          : JSON.stringify(response.data);
    if (!text) {
      ctx.terminal.info(`${response.status} (no body)`);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      if (jmespath !== undefined)
        throw new ServerError(
          `--query: the answer (${response.status}) is not JSON, so no JMESPath expression applies to it`,
          { hint: 'Run it again without --query to see the body.' },
        );
      ctx.terminal.write(text.endsWith('\n') ? text : `${text}\n`);
      return;
    }
    if (jmespath !== undefined) {
      const { search } = await jmespathModule();
      try {
        parsed = search(parsed as never, jmespath);
      } catch (error) {
        throw new UsageError(`--query is not a valid JMESPath expression: ${(error as Error).message}`, {
          hint: 'See `venue help formatting`.',
        });
      }
    }
    ctx.terminal.write(
      `${ctx.output.format === 'ndjson' ? JSON.stringify(parsed) : JSON.stringify(parsed, null, 2)}\n`,
    );
  },
});

/** key=value with a plain key (pageSize=5, filter[status]=open): JMESPath has no lone "=", so this is never one of its expressions. */
export function looksLikeParameter(text: string): boolean {
  return /^[A-Za-z_][\w.\-[\]]*=(?!=)/.test(text);
}

/**
 * The path to call under the service's base URL. A full URL is accepted only
 * when it lies under that base URL (then it is that path): the profile's
 * token is never sent to another origin, nor outside the service's base path.
 */
async function pathUnderBase(baseUrl: string, service: string, given: string): Promise<string> {
  if (given.startsWith('/')) return given;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`path must start with "/" or be a URL under ${baseUrl} (got "${given}")`);
  }
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const inside = url.origin === base.origin && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`));
  if (!inside || url.username || url.password) {
    throw new UsageError(
      `${url.origin}${url.pathname} is not under the ${service} base URL (${baseUrl}): refused, nothing was sent`,
      {
        hint: `venue sends the profile's ${service} credentials only to ${base.origin}. Give a path under the base URL; call any other address with a tool of your own.`,
      },
    );
  }
  return `${url.pathname.slice(basePath.length) || '/'}${url.search}`;
}
