import { argument, defineCommand, option } from '../define.js';
import type { Context } from '../../cli/context.js';
import type { ImportPlan, MappedOperation, PlanPathVariable } from '../../lib/openapi/import.js';
import type { InventoryOperation } from '../../lib/inventory/routes.js';
import { targetProfile } from './shared.js';
import { UsageError, VenueError, DeclinedError } from '../../lib/errors.js';
import {
  loadDocuments,
  planImport,
  parseOverrides,
  serverVariables,
  listOf,
  refuseCredentialVars,
  patchingOf,
  replacingOf,
  storedRoute,
  writtenAs,
} from '../../lib/openapi/import.js';
import { score } from '../../lib/openapi/match.js';
import { parseServerVars, checkServerVariable } from '../../lib/openapi/servers.js';
import { reviewRecord, reviewRows, reviewText } from '../../lib/openapi/review.js';
import {
  authSecrets,
  formatAuthScheme,
  formatPathVars,
  parsePathVars,
  checkPathVarValue,
  checkFieldVarValue,
  formatUpdateReplaces,
  formatJsonPatch,
  formatPerLine,
  JSON_PATCH_OPERATIONS,
  parseJsonPatch,
  parsePerLine,
  PER_LINE_OPERATIONS,
} from '../../lib/inventory/routes.js';
import { formatImportRecord, mergeImports, parseImportRecord } from '../../lib/openapi/record.js';
import { didYouMean } from '../../lib/suggest.js';
import { matchAnswer } from '../../lib/openapi/answers.js';
import { checkBaseUrl } from '../../lib/config.js';
import { HttpClient } from '../../lib/http.js';
import type { Strength } from '../../lib/openapi/record.js';

interface Options {
  dryRun?: boolean;
  yes?: boolean;
  map?: string[];
  serverVar?: string[];
  replace?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export default defineCommand<Options>({
  name: 'import-openapi',
  args: [argument('<file|url...>', { kind: 'file' })],
  summary:
    "Map the profile's inventory routes, base path and auth scheme from the vendor's OpenAPI or Swagger documents, on evidence",
  description:
    "Reads the vendor's documents (OpenAPI 3.0 to 3.2, or Swagger 2.0; JSON or YAML; a file, or an https:// URL — http only to this machine; " +
    'split over files by $ref, or several documents of one API given together; a $ref that cannot be read is named in the warnings and what ' +
    "it stands for is no evidence, the rest is read) and weighs each of venue's 21 inventory operations against " +
    'every route on its method and path, operationId, summary, tags and above all its request and response fields. A route is mapped only ' +
    'above a confidence threshold, and never when it is another kind of operation or a job of its own (delete, bulk, import, maintenance, ' +
    '"add missing…"). The review shows each operation\'s route, confidence, reasons and fields, and for those left unmapped their best ' +
    "candidates and why each fell short; -o json gives the same to scripts. It also finds the base path (servers[0].url under the profile's " +
    "inventory.url; a variable in it needs --server-var or is asked for) and the auth scheme (a login route's token, a static key with its " +
    'exact prefix, OAuth2 client credentials, or basic; the secrets it needs are set with `venue config set-secret`; only the OAuth2 scopes ' +
    "the mapped operations' security names; inventory.oauth.scopes sets others), path variables (a path " +
    "parameter no operation of venue's fills but with one value per venue, such as a tenant or project key, at any position: " +
    'its routes are kept, its value is asked for or given with --server-var, stored as inventory.pathVars and filled on every ' +
    'request and in the OAuth2 scopes; a dry run maps them anyway and names the values still needed) and their twins in the ' +
    'query (a business or storefront key required on the routes: the same flag and setting, sent on the routes that require it) ' +
    'and in the headers (a hotel or site id required on the routes, never a credential: the same again), ' +
    "the vendor's names " +
    "for request body fields (inventory.bodyNames), and its own words for answer fields, matched to venue's fields by the response " +
    "schemas' words and types, never between two candidates (inventory.answerNames; the review lists what stayed unmatched and why). On a terminal you then " +
    'store, review operation by operation, or cancel; without one, storing needs --yes. --map overrides one operation (repeatable) with a ' +
    'route of the documents (another exits 2, suggesting the closest); a bulk, destructive or import route is stored only with --yes, ' +
    'saying why; <operation>=none unmaps it (stored as "none": calling it exits 2 naming it, never the default route). Routes earlier ' +
    'imports took from other documents are kept (--replace forgets them); where this import maps the same operation, the stronger ' +
    'mapping stays (the higher confidence, a --map choice over evidence) unless --replace is given, and the review shows both. Exit 0 when ' +
    'at least one operation is mapped; 6 when a document cannot be read or nothing matches (nothing is stored); 2 for a flag, a --map ' +
    'route no document has, a missing server or path variable when storing, or an auth scheme venue cannot use at all (a cookie).',
  examples: [
    'venue --profile main config import-openapi ./vendor-inventory.yaml --dry-run',
    'venue --profile main config import-openapi ./vendor-inventory.yaml --yes -o json',
    'venue --profile main config import-openapi ./vendor-catalog.yaml ./vendor-stock.yaml --server-var tenant=north --dry-run',
    'venue --profile main config import-openapi ./vendor-inventory.yaml --map listContainers="GET /Containers" --map stockTake=none --yes',
    'venue --profile main config import-openapi ./vendor-projects.yaml --server-var projectKey=north-shore --yes',
  ],
  options: [
    option('--dry-run', 'show the review and store nothing'),
    option('-y, --yes', 'store without asking (required without a terminal)'),
    option(
      '--map <operation=route>',
      'map one operation yourself: getProduct="GET /items/{id}", or stockTake=none (repeatable)',
      { kind: 'assignment', parse: collect },
    ),
    option(
      '--server-var <name=value>',
      'a value for a variable of the server URL or a path variable: store_hash=abc123, projectKey=north (repeatable)',
      { kind: 'assignment', parse: collect },
    ),
    option(
      '--replace',
      "forget the routes earlier imports took from other documents, and take this import's where both map one",
    ),
  ],
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, ...sources) {
    const overrides = parseOverrides(options.map);
    const serverVars = parseServerVars(options.serverVar);
    if (!sources.length) throw new UsageError("give the vendor's OpenAPI document: a file or an https:// address");
    if (!options.dryRun && !options.yes && !ctx.prompter.canPrompt) {
      throw new UsageError(
        "import-openapi changes the profile's inventory routes: pass --yes to store them without a terminal to confirm on",
        {
          hint: '--dry-run shows the review and stores nothing.',
        },
      );
    }
    const config = await ctx.config();
    const profile = await targetProfile(ctx);
    const profileFlag = profile === config.currentProfile() ? '' : `--profile ${profile} `;

    const spinner = await ctx.terminal.spinner(`Reading ${sources.join(', ')}`);
    let documents;
    try {
      documents = await loadDocuments(sources, {
        fetchText: (url) => fetchText(ctx, url),
        progress: (phase, detail) =>
          spinner.update(
            `${{ read: 'Reading', parse: 'Parsing', resolve: 'Resolving', convert: 'Converting', check: 'Checking' }[phase]} ${detail}`,
          ),
      });
    } finally {
      spinner.stop();
    }

    // A variable of the servers' URL: given (and then a value that stands in a URL), asked for on a terminal, or
    // (storing without one) a usage error.
    for (const variable of serverVariables(documents))
      if (serverVars[variable.name] !== undefined)
        serverVars[variable.name] = checkServerVariable(variable.name, serverVars[variable.name]!);
    for (const variable of serverVariables(documents)) {
      if (!variable.inPath || serverVars[variable.name] !== undefined || options.dryRun || !ctx.prompter.canPrompt)
        continue;
      const value = await ctx.prompter.input(
        `Value of {${variable.name}} in the server URL${variable.description ? ` (${variable.description})` : ''}`,
        {
          flag: `--server-var ${variable.name}=<value>`,
          default: variable.default,
          validate: (v) => {
            try {
              checkServerVariable(variable.name, v);
              return true;
            } catch (error) {
              return (error as Error).message;
            }
          },
        },
      );
      serverVars[variable.name] = checkServerVariable(variable.name, value);
    }

    const inventoryUrl = config.resolve(profile, 'inventory.url').value;
    let plan = planImport(documents, { serverVars, inventoryUrl, overrides });
    // A credential given as a value (a connection token's header) is refused before its value is used or shown.
    refuseCredentialVars(Object.keys(serverVars), plan);
    await checkGivenVariables(serverVars, plan, serverVariables(documents));
    await askPathVariables(ctx, plan, Boolean(options.dryRun));
    if (!options.dryRun && plan.unresolved.length) {
      throw new UsageError(
        `the server URL's path ${plan.serverPath} has ${plan.unresolved.map((v) => `{${v.name}}`).join(', ')}, which venue will not store as written`,
        {
          hint: `Give ${plan.unresolved.map((v) => `--server-var ${v.name}=<value>${v.default !== undefined ? ` (the document's example: ${v.default})` : ''}`).join(' ')}. Nothing was stored.`,
        },
      );
    }

    const json = ctx.output.format === 'json' || ctx.output.format === 'ndjson';
    let merge = await mergeWithProfile(ctx, plan, profile, Boolean(options.replace));
    const context = () => ({
      profile,
      profileFlag,
      stored: false,
      basePath: merge.basePath,
      kept: merge.kept,
      held: merge.held,
      conflicts: merge.conflicts,
    });
    const show = async (stored: boolean) => {
      if (json) await ctx.output.record(reviewRecord(plan, { ...context(), stored }));
      else if (ctx.output.isMachine)
        await ctx.output.list(reviewRows(plan, context()), {
          columns: ['operation', 'route', 'confidence', 'evidence'],
        });
      else {
        await ctx.output.list(reviewRows(plan, context()), {
          columns: ['operation', 'route', 'confidence', 'evidence'],
        });
        ctx.terminal.write(reviewText(plan, { ...context(), stored }));
      }
    };

    const matched = () => plan.operations.filter((o): o is MappedOperation => o.matched);
    if (!matched().length) {
      await show(false);
      throw new VenueError(
        'server',
        `nothing in ${sources.join(', ')} matched venue's inventory operations; nothing was stored`,
        {
          hint: "Check that this is the inventory service's document; map routes yourself with --map, or set each by hand with the commands above.",
        },
      );
    }
    if (options.dryRun) {
      await show(false);
      ctx.terminal.info('--dry-run: nothing was stored.');
      return;
    }
    // A route --map chose that is a job of its own (bulk, destructive, an import) is stored only when asked for, saying why.
    for (const choice of plan.risky) {
      const said = `--map ${choice.operation}="${choice.route}": ${choice.why}`;
      if (options.yes) ctx.terminal.warn(`${said}; mapped as you asked (--yes)`);
      else if (ctx.prompter.canPrompt) {
        if (!json) await show(false);
        const sure = await ctx.prompter.confirm(`${said}. Map ${choice.operation} to it anyway?`, { flag: '--yes' });
        if (!sure) {
          throw new DeclinedError(`Nothing was stored: profile "${profile}" is as it was.`);
        }
      } else {
        throw new UsageError(`${said}; venue maps such a route only when told to`, {
          hint: 'Pass --yes to map it anyway, or pick another route (the review lists the candidates: --dry-run). Nothing was stored.',
        });
      }
    }
    if (!plan.auth.scheme && plan.auth.options.length) {
      await show(false);
      throw new UsageError(
        `the document's operations take ${plan.auth.options.map((o) => `${o.name} (${o.kind})`).join(', ')}, which venue cannot send`,
        {
          hint: 'venue sends a login token, a static key (header or query), OAuth2 client credentials or basic auth. If the vendor also accepts one of those, set it with `venue config set inventory.auth …` after importing with --dry-run. Nothing was stored.',
        },
      );
    }

    let store = Boolean(options.yes);
    if (!store) {
      if (!json) await show(false);
      const choice = await ctx.prompter.select<'store' | 'review' | 'cancel'>(
        `Store ${matched().length} route${matched().length === 1 ? '' : 's'}, the base path and the auth scheme in profile "${profile}"?`,
        [
          { name: 'Store them', value: 'store' },
          { name: 'Review operation by operation', value: 'review' },
          { name: 'Cancel: store nothing', value: 'cancel' },
        ],
        { flag: '--yes', default: 'store' },
      );
      if (choice === 'review') {
        plan = await reviewEach(ctx, plan);
        merge = await mergeWithProfile(ctx, plan, profile, Boolean(options.replace));
      }
      store = choice !== 'cancel' && matched().length > 0;
      if (choice === 'cancel') {
        if (json) await show(false);
        throw new DeclinedError(`Nothing was stored: profile "${profile}" is as it was.`);
      }
    }
    if (!store) {
      if (json) await show(false);
      ctx.terminal.info('Nothing was stored.');
      return;
    }

    const auth = plan.auth.scheme ? formatAuthScheme(plan.auth.scheme) : undefined;
    const writable = await config.enableWriting();
    for (const route of merge.set) writable.setSetting(profile, `inventory.routes.${route.operation}`, route.route);
    for (const operation of merge.unset) writable.unsetSetting(profile, `inventory.routes.${operation}`);
    if (merge.basePath) writable.setSetting(profile, 'inventory.basePath', merge.basePath);
    else writable.unsetSetting(profile, 'inventory.basePath');
    if (auth) writable.setSetting(profile, 'inventory.auth', auth);
    // The values of the path variables (a tenant or project key), beside those the profile has for other variables.
    const ownPathVars = config.resolve(profile, 'inventory.pathVars');
    const pathVars = {
      ...parsePathVars(ownPathVars.source === 'profile' ? ownPathVars.value : undefined),
      ...Object.fromEntries(plan.pathVars.filter((v) => v.value !== undefined).map((v) => [v.name, v.value!])),
    };
    if (plan.pathVars.length) writable.setSetting(profile, 'inventory.pathVars', formatPathVars(pathVars));
    // The vendor's names of request body fields, for the operations this import mapped (PascalCase documents and the like).
    const bodyNames = Object.fromEntries(
      matched()
        .filter((o) => o.bodyNames.length)
        .map((o) => [o.operation, o.bodyNames]),
    );
    if (Object.keys(bodyNames).length) writable.setSetting(profile, 'inventory.bodyNames', JSON.stringify(bodyNames));
    else writable.unsetSetting(profile, 'inventory.bodyNames');
    // The vendor's words for answer fields the reading layer would not find itself (sku_code for productCode).
    const answerNames = Object.fromEntries(
      matched()
        .filter((o) => Object.keys(o.answers.names).length)
        .map((o) => [o.operation, o.answers.names]),
    );
    if (Object.keys(answerNames).length)
      writable.setSetting(profile, 'inventory.answerNames', JSON.stringify(answerNames));
    else writable.unsetSetting(profile, 'inventory.answerNames');
    // An update that replaces the record, where this import's updateProduct route is the one stored: the fields it
    // takes (inventory.updateReplaces); this import's partial update unsets it. A route kept from elsewhere keeps its own.
    const update = matched().find((o) => o.operation === 'updateProduct');
    const storedUpdate = merge.set.find((r) => r.operation === 'updateProduct');
    let updateReplaces: string | undefined;
    if (update && storedUpdate?.route === storedRoute(plan, update.route, 'updateProduct')) {
      if (update.replaces) {
        updateReplaces = formatUpdateReplaces(update.replaces);
        writable.setSetting(profile, 'inventory.updateReplaces', updateReplaces);
      } else writable.unsetSetting(profile, 'inventory.updateReplaces');
    }
    // Stock writes this import stores as one call per line with the product in the body (inventory.perLine): the
    // take and receipt routes it stored; one of them it stored otherwise is dropped from the setting, one kept from
    // elsewhere keeps its mark.
    const storedHere = (operation: InventoryOperation) => {
      const mine = matched().find((o) => o.operation === operation);
      const kept = merge.set.find((r) => r.operation === operation);
      return mine && kept?.route === storedRoute(plan, mine.route, operation) ? mine : undefined;
    };
    const marked = PER_LINE_OPERATIONS.filter((operation) => storedHere(operation)?.perLine);
    const previous = (parsePerLine(config.resolve(profile, 'inventory.perLine').value) ?? []).filter(
      (operation) => !storedHere(operation) && !merge.unset.includes(operation),
    );
    const perLine = formatPerLine([...new Set([...previous, ...marked])]);
    if (perLine) writable.setSetting(profile, 'inventory.perLine', perLine);
    else writable.unsetSetting(profile, 'inventory.perLine');
    // Updates this import stores as taking a JSON Patch (inventory.jsonPatch), the same way: one it stored that takes
    // a body of fields is dropped from the setting, one kept from elsewhere keeps its mark.
    const patching = JSON_PATCH_OPERATIONS.filter((operation) => storedHere(operation)?.jsonPatch);
    const patchedBefore = (parseJsonPatch(config.resolve(profile, 'inventory.jsonPatch').value) ?? []).filter(
      (operation) => !storedHere(operation) && !merge.unset.includes(operation),
    );
    const jsonPatch = formatJsonPatch([...new Set([...patchedBefore, ...patching])]);
    if (jsonPatch) writable.setSetting(profile, 'inventory.jsonPatch', jsonPatch);
    else writable.unsetSetting(profile, 'inventory.jsonPatch');
    const importedAt = new Date(ctx.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    writable.setSetting(
      profile,
      'inventory.routesSource',
      `${plan.documents.map((d) => d.label).join(', ')} imported ${importedAt}`,
    );
    const importedOps = new Set(matched().map((o) => o.operation));
    const record = {
      basePath: merge.basePath,
      auth,
      ...(plan.pathVars.length ? { pathVars: formatPathVars(pathVars) } : {}),
      ...(updateReplaces ? { updateReplaces } : {}),
      ...(perLine ? { perLine } : {}),
      ...(jsonPatch ? { jsonPatch } : {}),
      routes: {} as Record<string, string>,
      sources: {} as Record<string, string>,
      strengths: {} as Record<string, Strength>,
    };
    for (const route of merge.set) {
      if (
        !importedOps.has(route.operation) &&
        !merge.kept.some((k) => k.operation === route.operation) &&
        route.route !== 'none'
      )
        continue;
      record.routes[route.operation] = route.route;
      if (route.source) record.sources[route.operation] = route.source;
      if (route.strength !== undefined) record.strengths[route.operation] = route.strength;
    }
    writable.setSetting(profile, 'inventory.importedRoutes', formatImportRecord(record));
    if (json) await show(true);

    const stored = matched().length - merge.held.length;
    const unmapped = merge.set.filter(
      (r) => r.route === 'none' && plan.operations.some((o) => o.operation === r.operation && o.chosenBy === '--map'),
    );
    ctx.terminal.success(
      `profile "${profile}": ${stored} of ${plan.operations.length} routes${merge.kept.length ? ` (and ${merge.kept.length} kept from earlier imports)` : ''}${unmapped.length ? `, ${unmapped.map((r) => r.operation).join(', ')} unmapped` : ''}, base path ${merge.basePath || '(none)'}${auth ? `, auth ${auth}` : ''}${plan.pathVars.length ? `, path variables ${formatPathVars(pathVars)}` : ''} stored; \`venue ${profileFlag}config routes\` shows the map`,
    );
    if (plan.auth.scheme) {
      ctx.terminal.info(
        `Secrets it needs: ${authSecrets(plan.auth.scheme)
          .map((s) => `\`venue ${profileFlag}config set-secret ${s.key}\` (${s.role})`)
          .join(', ')}`,
      );
    }
    if (auth && ctx.env.VENUE_INVENTORY_AUTH && ctx.env.VENUE_INVENTORY_AUTH !== auth) {
      ctx.terminal.warn(
        `VENUE_INVENTORY_AUTH=${ctx.env.VENUE_INVENTORY_AUTH} in the environment overrides the stored auth scheme ${auth}`,
      );
    }
  },
});

/** What storing this plan does to the profile: routes of earlier imports kept or replaced, hand-set ones re-based. */
async function mergeWithProfile(ctx: Context, plan: ImportPlan, profile: string, replace: boolean) {
  const config = await ctx.config();
  const resolve = (key: string) => config.resolve(profile, key as Parameters<typeof config.resolve>[1]);
  const own = (key: string) => {
    const found = resolve(key);
    return found.source === 'profile' || found.source === 'extends' ? found.value : undefined;
  };
  return mergeImports({
    previous: parseImportRecord(own('inventory.importedRoutes')),
    current: (operation: InventoryOperation) => own(`inventory.routes.${operation}`),
    currentBasePath: own('inventory.basePath') ?? '',
    labels: plan.documents.map((d) => d.label),
    routes: plan.operations
      .filter((o): o is MappedOperation => o.matched)
      .map((o) => ({
        operation: o.operation,
        // With the per-venue query values and headers the route requires, as variables the profile fills.
        route: storedRoute(plan, o.route, o.operation),
        source: o.source,
        strength: o.chosenBy === 'evidence' ? o.confidence : ('chosen' as const),
      })),
    unmapped: plan.operations.filter((o) => !o.matched && o.chosenBy === '--map').map((o) => o.operation),
    basePath: plan.basePath ?? '',
    replace,
  });
}

/** A --server-var no server URL and no mapped route's path names is a mistake: exit 2, naming the closest. */
async function checkGivenVariables(
  given: Record<string, string>,
  plan: ImportPlan,
  serverVars: Array<{ name: string }>,
): Promise<void> {
  const known = [...serverVars.map((v) => v.name), ...plan.pathVars.map((v) => v.name)];
  for (const name of Object.keys(given)) {
    // A path parameter of the documents that no mapped route uses: the review warns, nothing is stored for it.
    if (known.includes(name) || plan.documentParams.includes(name)) continue;
    throw new UsageError(`--server-var ${name}: neither the server URL nor a route of the documents has {${name}}`, {
      hint: [
        didYouMean(name, known),
        known.length ? `Their variables: ${known.join(', ')}.` : 'The documents have no variables to fill.',
      ]
        .filter(Boolean)
        .join(' '),
    });
  }
  for (const variable of plan.pathVars)
    if (variable.value !== undefined) checkVariableValue(variable, variable.value, `--server-var ${variable.name}`);
}

/** A per-venue value where it goes: one path segment in a path or a scope (no slash), else any text on one line. */
function checkVariableValue(variable: PlanPathVariable, value: string, what: string): string {
  return variable.segment
    ? checkPathVarValue(variable.name, value, what)
    : checkFieldVarValue(variable.name, value, what);
}

/**
 * The values of the path variables the mapped routes and scopes name: given
 * with --server-var, asked for on a terminal, or (storing without one) a
 * usage error naming the flags. A dry run maps the routes anyway and its
 * review names what is still needed.
 */
async function askPathVariables(ctx: Context, plan: ImportPlan, dryRun: boolean): Promise<void> {
  const missing = plan.pathVars.filter((v) => v.value === undefined);
  if (!missing.length || dryRun) return;
  if (!ctx.prompter.canPrompt) {
    throw new UsageError(
      `the mapped routes need ${missing.length === 1 ? 'a value' : 'values'} for ${missing.map((v) => `{${v.name}}`).join(', ')}, one per venue (${missing[0]!.why})`,
      {
        hint: `Give ${missing.map((v) => `--server-var ${v.name}=<value>${v.example !== undefined ? ` (the document's example: ${v.example})` : ''}`).join(' ')}. Nothing was stored.`,
      },
    );
  }
  for (const variable of missing) {
    const value = await ctx.prompter.input(
      `Value of {${variable.name}} in ${variable.routes} route${variable.routes === 1 ? '' : 's'}${variable.inScopes ? ' and the OAuth2 scopes' : ''}${variable.description ? ` (${variable.description})` : ''}`,
      {
        flag: `--server-var ${variable.name}=<value>`,
        validate: (v) => {
          try {
            checkVariableValue(variable, v, `{${variable.name}}`);
            return true;
          } catch (error) {
            return (error as Error).message;
          }
        },
      },
    );
    variable.value = checkVariableValue(variable, value, `{${variable.name}}`);
  }
}

/** On a terminal: each operation's route confirmed, swapped for a candidate, or left unmapped. */
async function reviewEach(ctx: Context, plan: ImportPlan): Promise<ImportPlan> {
  const operations = [...plan.operations];
  for (let i = 0; i < operations.length; i++) {
    const o = operations[i]!;
    const options = o.matched ? o.alternatives : o.candidates.filter((c) => c.confidence > 0);
    if (!o.matched && !options.length) continue;
    type Pick = { route: string | null; confidence: number };
    const choices = [
      ...(o.matched
        ? [
            {
              name: `${o.route} (${o.confidence.toFixed(2)}) — keep`,
              value: { route: o.route, confidence: o.confidence } as Pick,
            },
          ]
        : []),
      ...options.map((c) => ({
        name: `${c.route} (${c.confidence.toFixed(2)})`,
        value: { route: c.route, confidence: c.confidence } as Pick,
        description: c.shortfall,
      })),
      { name: o.matched ? 'leave unmapped' : 'leave unmapped — keep', value: { route: null, confidence: 0 } as Pick },
    ];
    const picked = await ctx.prompter.select<Pick>(`${o.operation}`, choices, {
      flag: '--map',
      default: choices[0]!.value,
    });
    if (picked.route === null) {
      if (o.matched)
        operations[i] = {
          operation: o.operation,
          matched: false,
          why: 'left unmapped in the review',
          candidates: o.alternatives,
          chosenBy: 'review',
        };
    } else if (!o.matched || picked.route !== o.route) {
      const [method, written] = picked.route.split(' ') as [MappedOperation['method'], string];
      const reading = plan.readings.find((r) => `${r.operation.method} ${r.path}` === picked.route);
      const stored = writtenAs(o.operation, reading, method, written, picked.route, true);
      operations[i] = {
        operation: o.operation,
        matched: true,
        method,
        path: stored.path,
        route: stored.route,
        source: reading?.operation.source,
        confidence: picked.confidence,
        reasons: ['chosen in the review', ...stored.keyedEvidence],
        fields: [],
        bodyNames: stored.bodyNames,
        answers: matchAnswer(o.operation, reading?.operation.response),
        ...listOf(o.operation, reading),
        chosenBy: 'review',
        alternatives: [],
        ...replacingOf(reading && score(o.operation, reading, 0, new Set()).replaces, reading),
        ...patchingOf(o.operation, reading),
        ...(stored.perLine ? { perLine: true as const } : {}),
      };
    }
  }
  return { ...plan, operations };
}

/** A document or $ref target at a URL, through the HTTP layer (no auth; https, or http to this machine). */
async function fetchText(ctx: Context, address: string): Promise<string> {
  const url = new URL(checkBaseUrl(address, 'the document URL'));
  const http = new HttpClient({
    service: 'inventory',
    baseUrl: url.origin,
    timeoutMs: (ctx.globals.timeout ?? 30) * 1000,
    trace: ctx.globals.verbose ? (line) => ctx.terminal.debug(line) : undefined,
  });
  try {
    const response = await http.request({
      method: 'GET',
      path: `${url.pathname}${url.search}`,
      responseType: 'text',
      headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' },
      operation: 'fetch the OpenAPI document',
    });
    return typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
  } catch (error) {
    throw new VenueError('server', `cannot read the OpenAPI document at ${address}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
