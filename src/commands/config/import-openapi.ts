import { defineCommand } from '../define.js';
import type { Context } from '../../lib/context.js';
import type { OpenApiImport } from '../../lib/openapi-import.js';
import { targetProfile } from './shared.js';

interface Options {
  dryRun?: boolean;
  yes?: boolean;
}

export default defineCommand<Options>({
  name: 'import-openapi',
  args: '<file|url>',
  summary: "Set the profile's inventory routes, base path and auth scheme from the vendor's OpenAPI 3 document",
  description:
    "Reads the vendor's OpenAPI 3.x document (JSON or YAML; a file, or an https:// URL — http only to this machine) and matches each of " +
    "venue's 21 inventory operations by method, path parameters and the words of its path, operationId, tags and summary. Prints each " +
    'match with its evidence, the base path (from servers[0].url, under the profile\'s inventory.url) and the auth scheme (from the ' +
    'securitySchemes the operations use: http bearer, or an apiKey header), then stores them in the profile (--profile, else the ' +
    'current one) after asking; --yes stores without asking (needed without a terminal), --dry-run stores nothing. Operations it ' +
    'cannot match keep their route (venue\'s default, or one you set) and are listed with the `venue config set` command to set ' +
    'them by hand. Exit 0 when at least one operation matched, even if some did not (the matched ones are stored); exit 6 when the ' +
    'document cannot be read or matches nothing (nothing is stored); exit 2 for a Swagger 2.0 document or an auth scheme venue ' +
    'cannot send (query or cookie keys, OAuth2) with no bearer or header key offered beside it.',
  examples: [
    'venue --profile main config import-openapi ./vendor-inventory.yaml --dry-run',
    'venue --profile main config import-openapi ./vendor-inventory.yaml --yes -o json',
  ],
  configure: (cmd) => {
    cmd.option('--dry-run', 'show the matches and store nothing');
    cmd.option('-y, --yes', 'store without asking (required without a terminal)');
  },
  async run(ctx, options, source) {
    const { UsageError, VenueError } = await import('../../lib/errors.js');
    const { importOpenApi, basePathUnder, parseImportRecord, formatImportRecord } = await import('../../lib/openapi-import.js');
    const { inventoryOperations, routeSettingKey, parseRoute, formatAuthScheme } = await import('../../lib/inventory/routes.js');
    if (!options.dryRun && !options.yes && !ctx.prompter.canPrompt) {
      throw new UsageError('import-openapi changes the profile\'s inventory routes: pass --yes to store them without a terminal to confirm on', {
        hint: '--dry-run shows the matches and stores nothing.',
      });
    }
    const config = await ctx.config();
    const profile = await targetProfile(ctx);
    const { document, label } = await readDocument(ctx, source!);
    const result = importOpenApi(document);

    if (!result.auth.scheme && result.auth.unsupported.length) {
      throw new UsageError(
        `the document's operations ask for ${result.auth.unsupported.map((s) => `${s.name} (${s.kind})`).join(', ')}, which venue cannot send`,
        { hint: 'venue sends the inventory token as "Authorization: Bearer" or in a named header. If the vendor also accepts one of those, import again after setting it: `venue config set inventory.auth header:<Header-Name>`. Nothing was stored.' },
      );
    }

    const basePath = basePathUnder(result.server.path, config.resolve(profile, 'inventory.url').value);
    const auth = result.auth.scheme ? formatAuthScheme(result.auth.scheme) : undefined;
    const current = config.currentProfile();
    const profileFlag = profile === current ? '' : `--profile ${profile} `;
    const setCommand = (operation: keyof typeof inventoryOperations) =>
      `venue ${profileFlag}config set ${routeSettingKey(operation)} "${parseRoute(inventoryOperations[operation].route).method} /<path>"`;
    const matched = result.operations.filter((o) => o.matched);
    const unmatched = result.operations.filter((o) => !o.matched);

    const mayStore = !options.dryRun && matched.length > 0;
    const stored = mayStore && (options.yes || (await ctx.prompter.confirm(`Store ${matched.length} route${matched.length === 1 ? '' : 's'}, the base path and the auth scheme in profile "${profile}"?`, { flag: '--yes', default: true })));
    const importedAt = new Date(ctx.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    if (stored) {
      const writable = await config.enableWriting();
      const previous = parseImportRecord(config.resolve(profile, 'inventory.importedRoutes').value);
      const record: { basePath: string; auth?: string; routes: Record<string, string> } = { basePath, auth, routes: {} };
      for (const operation of result.operations) {
        const key = routeSettingKey(operation.operation);
        if (operation.matched) {
          record.routes[operation.operation] = String(writable.setSetting(profile, key, operation.route));
        } else if (previous?.routes[operation.operation] !== undefined && config.resolve(profile, key).value === previous.routes[operation.operation]) {
          // Stored by the previous import, not found in this document: it goes, rather than linger as a stale route.
          writable.unsetSetting(profile, key);
        }
      }
      if (basePath) writable.setSetting(profile, 'inventory.basePath', basePath);
      else writable.unsetSetting(profile, 'inventory.basePath');
      if (auth) writable.setSetting(profile, 'inventory.auth', auth);
      writable.setSetting(profile, 'inventory.routesSource', `${label} imported ${importedAt}`);
      writable.setSetting(profile, 'inventory.importedRoutes', formatImportRecord(record));
    }

    const rows = result.operations.map((o) =>
      o.matched
        ? { operation: o.operation, matched: true, method: o.method, path: o.path, route: o.route, operationId: o.operationId ?? null, evidence: o.evidence }
        : { operation: o.operation, matched: false, route: null, reason: o.reason, command: setCommand(o.operation) },
    );
    if (ctx.output.format === 'json' || ctx.output.format === 'ndjson') {
      await ctx.output.record({
        source: label, profile, stored, openapi: result.openapi, title: result.title ?? null,
        serverUrl: result.server.url ?? null, basePath, auth: auth ?? null, authEvidence: result.auth.evidence,
        matched: matched.length, operations: rows, unused: result.unused,
      });
    } else if (ctx.output.isMachine) {
      await ctx.output.list(rows, { columns: ['operation', 'matched', 'route', 'operationId', 'evidence', 'reason', 'command'] });
    } else {
      await ctx.output.list(
        rows.map((r) => ({ operation: r.operation, route: r.route ?? 'not matched', evidence: r.matched ? r.evidence : r.reason })),
        { columns: ['operation', 'route', 'evidence'] },
      );
      ctx.terminal.write(describeFindings(result, basePath, auth, unmatched.map((o) => setCommand(o.operation))));
    }

    if (!matched.length) {
      throw new VenueError('server', `nothing in ${label} matched venue's inventory operations; nothing was stored`, {
        hint: 'Check that this is the inventory service\'s document, or set each route by hand with the commands above.',
      });
    }
    if (options.dryRun) ctx.terminal.info('--dry-run: nothing was stored.');
    else if (!stored) ctx.terminal.info('Nothing was stored.');
    else {
      ctx.terminal.success(
        `profile "${profile}": ${matched.length} of ${result.operations.length} routes, base path ${basePath || '(none)'}${auth ? `, auth ${auth}` : ''} stored; \`venue ${profileFlag}config routes\` shows the map`,
      );
      if (auth && ctx.env.VENUE_INVENTORY_AUTH && ctx.env.VENUE_INVENTORY_AUTH !== auth) {
        ctx.terminal.warn(`VENUE_INVENTORY_AUTH=${ctx.env.VENUE_INVENTORY_AUTH} in the environment overrides the stored auth scheme ${auth}`);
      }
    }
  },
});

/** The lines under the table: base path, auth, operations not matched with their commands, document operations not used. */
function describeFindings(result: OpenApiImport, basePath: string, auth: string | undefined, commands: string[]): string {
  const lines = [
    '',
    `Base path: ${basePath || '(none)'}${result.server.url ? ` (servers[0].url ${result.server.url})` : ' (the document names no server)'}`,
    `Auth:      ${auth ?? 'unchanged (bearer unless set)'} (${result.auth.evidence})`,
  ];
  if (commands.length) {
    lines.push('', `Not matched: ${commands.length}. Each keeps its current route until you set it by hand:`, ...commands.map((c) => `  ${c}`));
  }
  if (result.unused.length) {
    const shown = result.unused.slice(0, 8);
    lines.push('', `Not used from the document: ${shown.join(', ')}${result.unused.length > shown.length ? `, and ${result.unused.length - shown.length} more` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The document and how to name it: a URL through the HTTP layer (no auth), else a file. */
async function readDocument(ctx: Context, source: string): Promise<{ document: unknown; label: string }> {
  const { VenueError } = await import('../../lib/errors.js');
  const { parseOpenApiText } = await import('../../lib/openapi-import.js');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    const { checkBaseUrl } = await import('../../lib/config.js');
    const { HttpClient } = await import('../../lib/http.js');
    const url = new URL(checkBaseUrl(source, 'the document URL'));
    const http = new HttpClient({
      service: 'inventory',
      baseUrl: url.origin,
      timeoutMs: (ctx.globals.timeout ?? 30) * 1000,
      trace: ctx.globals.verbose ? (line) => ctx.terminal.debug(line) : undefined,
    });
    let data: unknown;
    try {
      const response = await http.request({
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        responseType: 'text',
        headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' },
        operation: 'fetch the OpenAPI document',
      });
      data = response.data;
    } catch (error) {
      throw new VenueError('server', `cannot read the OpenAPI document at ${source}: ${(error as Error).message}`, { cause: error });
    }
    const document = typeof data === 'string' ? await parseOpenApiText(data, source) : data;
    return { document, label: source };
  }
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const file = path.resolve(source);
  let body: string;
  try {
    body = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new VenueError('server', code === 'ENOENT' ? `no file ${file}` : `cannot read ${file}: ${(error as Error).message}`, {
      hint: 'Give the path of the vendor\'s OpenAPI document (JSON or YAML), or its https:// address.',
    });
  }
  return { document: await parseOpenApiText(body, file), label: file };
}
