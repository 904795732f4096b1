import { defineCommand } from '../define.js';
import { venueHint } from '../../lib/hint-command.js';
import {
  InventoryRouteMap,
  inventoryOperationNames,
  routeSettingKey,
  formatRoute,
  authSecrets,
  formatAuthScheme,
  fillPathVars,
  formatPathVars,
  templateNames,
  pathVariablesOf,
  routeQueryText,
  formatUpdateReplaces,
  UNMAPPED_ROUTE,
} from '../../lib/inventory/routes.js';
import { parseImportRecord } from '../../lib/openapi/record.js';

export default defineCommand({
  name: 'routes',
  summary:
    "The profile's inventory route map: each operation's method and path, the base path, the auth scheme, and where each came from",
  description:
    'Origins: "default" is venue\'s own layout (docs/api-conventions.md); "imported" was stored by `venue config import-openapi` and is ' +
    'unchanged since (the import keeps a copy of what it stored in inventory.importedRoutes); "set by hand" was stored with ' +
    '`venue config set` or changed after an import; "environment" comes from an environment variable (VENUE_INVENTORY_AUTH). ' +
    'The path shown is the one called: the base path, then the route, its path variables (inventory.pathVars: a tenant or project key ' +
    'the vendor puts in its paths) filled where the profile has a value; "Secrets" names the secrets the auth scheme sends and what each is to it ' +
    '(`venue config set-secret` stores them); "Path vars" lists each with its value, and "Scopes" the OAuth2 ' +
    'scopes asked for. An operation set to "none" is unmapped: calling it exits 2 naming it. ' +
    "Body names are the request fields written in the vendor's names " +
    "(inventory.bodyNames); answer names the vendor's words for answer fields, read as venue's (inventory.answerNames). " +
    '"Update" says when updateProduct\'s route replaces the whole product (inventory.updateReplaces, the fields it takes): venue reads the product first and sends it whole. ' +
    '"Per line" names the stock writes sent one call per line with the product in the body (inventory.perLine); one whose route holds {productId} is sent one call per line, the product in its path. ' +
    '"Patch" names the record updates sent as a JSON Patch (inventory.jsonPatch): the record read first, operations on the fields that change.',
  examples: ['venue config routes', 'venue --profile main config routes -o json'],
  fleet: 'read',
  async run(ctx) {
    const config = await ctx.config();
    const profile = await ctx.profileName(); // one that exists: a mistyped --profile is not a profile whose settings are all unset
    const resolve = (key: string) => config.resolve(profile, key as Parameters<typeof config.resolve>[1]);
    const map = InventoryRouteMap.fromSettings((key) => {
      const { value, source } = resolve(key);
      return { value, source: source === 'flag' ? 'profile' : source };
    });
    const source = resolve('inventory.routesSource').value;
    const imported = parseImportRecord(resolve('inventory.importedRoutes').value);

    const originOf = (resolved: { value?: string; source?: string }, importedValue: string | undefined): string => {
      if (resolved.source === 'environment') return 'environment';
      if (resolved.value === undefined || resolved.source === 'default' || resolved.source === undefined)
        return 'default';
      return importedValue !== undefined && importedValue === resolved.value ? 'imported' : 'set by hand';
    };

    const rows = inventoryOperationNames.map((operation) => {
      const origin = originOf(resolve(routeSettingKey(operation)), imported?.routes[operation]);
      if (!map.isMapped(operation))
        return { operation, method: null, path: null, route: UNMAPPED_ROUTE, origin, mapped: false };
      const route = map.route(operation);
      return {
        operation,
        method: route.method,
        path: `${map.basePath}${fillPathVars(`${route.path}${routeQueryText(route)}`, map.pathVars)}`,
        route: formatRoute(route),
        origin,
        mapped: true,
      };
    });
    // Every path variable the routes or the OAuth2 scopes name, with its value (null while the profile has none).
    const named = new Set<string>();
    for (const operation of inventoryOperationNames)
      if (map.isMapped(operation)) for (const name of pathVariablesOf(operation, map.route(operation))) named.add(name);
    for (const scope of map.storedAuth.type === 'oauth2' ? (map.oauthScopes ?? map.storedAuth.scopes) : [])
      for (const name of templateNames(scope)) named.add(name);
    const pathVarsSetting = resolve('inventory.pathVars');
    const pathVars = [...new Set([...Object.keys(map.pathVars), ...named])].map((name) => ({
      name,
      value: map.pathVars[name] ?? null,
    }));
    const basePathSetting = resolve('inventory.basePath');
    const authSetting = resolve('inventory.auth');
    const basePath = {
      value: map.basePath,
      origin: basePathSetting.value === undefined ? 'default' : originOf(basePathSetting, imported?.basePath),
    };
    const auth = { value: formatAuthScheme(map.storedAuth), origin: originOf(authSetting, imported?.auth) };
    // The secrets the scheme sends, each with what it is to it (a static key's second header needs the second).
    const secrets = authSecrets(map.storedAuth).map((s) => ({
      ...s,
      command: venueHint(['config', 'set-secret', s.key]),
    }));
    // A replacing update: the fields it takes, and who said so (the import, or a person).
    const updateReplaces = map.updateReplaces
      ? {
          fields: map.updateReplaces,
          origin: originOf(resolve('inventory.updateReplaces'), imported?.updateReplaces),
        }
      : null;
    // Stock writes sent one call per line with the product in the body: which, and who said so.
    const perLine = map.perLine
      ? { operations: map.perLine, origin: originOf(resolve('inventory.perLine'), imported?.perLine) }
      : null;
    // Record updates sent as a JSON Patch: which, and who said so.
    const jsonPatch = map.jsonPatch
      ? { operations: map.jsonPatch, origin: originOf(resolve('inventory.jsonPatch'), imported?.jsonPatch) }
      : null;

    if (ctx.output.format === 'json' || ctx.output.format === 'ndjson') {
      await ctx.output.record({
        profile,
        basePath,
        auth,
        secrets,
        routesSource: source ?? null,
        oauthScopes:
          map.auth.type === 'oauth2'
            ? { sent: map.auth.scopes, from: map.oauthScopes ? 'inventory.oauth.scopes' : 'inventory.auth' }
            : null,
        pathVars: {
          values: pathVars,
          origin: pathVarsSetting.value === undefined ? 'default' : originOf(pathVarsSetting, imported?.pathVars),
        },
        routes: rows,
        updateReplaces,
        perLine,
        jsonPatch,
        bodyNames: map.bodyNames,
        answerNames: map.answerNames,
      });
      return;
    }
    if (ctx.output.isMachine) {
      await ctx.output.list(rows, { columns: ['operation', 'method', 'path', 'route', 'origin'], bounded: true });
      return;
    }
    await ctx.output.list(
      rows.map((r) => ({
        operation: r.operation,
        route: r.mapped ? `${r.method} ${r.path}` : 'none (unmapped)',
        origin: r.origin,
      })),
      { columns: ['operation', 'route', 'origin'], bounded: true },
    );
    const counts = rows.reduce<Record<string, number>>(
      (all, r) => ({ ...all, [r.origin]: (all[r.origin] ?? 0) + 1 }),
      {},
    );
    ctx.terminal.write(
      [
        '',
        `Base path: ${basePath.value || '(none)'} (${basePath.origin})`,
        `Auth:      ${auth.value} (${auth.origin})`,
        `Secrets:   ${secrets.map((s) => `${s.key} (${s.role})`).join('\n           ')}`,
        ...(map.auth.type === 'oauth2'
          ? [
              `Scopes:    ${map.auth.scopes.join(' ') || '(none asked for: the server grants the client its own)'}${map.oauthScopes ? ' (inventory.oauth.scopes)' : ''}`,
            ]
          : []),
        ...(pathVars.length
          ? [
              `Path vars: ${pathVars.map((v) => (v.value !== null ? formatPathVars({ [v.name]: v.value }) : `${v.name}=(no value)`)).join(' ')}`,
              // The setting holds every value at once: the command keeps those the profile has.
              ...(pathVars.some((v) => v.value === null)
                ? [
                    `           set: ${venueHint(['config', 'set', 'inventory.pathVars', formatPathVars({ ...map.pathVars, ...Object.fromEntries(pathVars.filter((v) => v.value === null).map((v) => [v.name, '<value>'])) })])}`,
                  ]
                : []),
            ]
          : []),
        `Routes:    ${Object.entries(counts)
          .map(([origin, n]) => `${n} ${origin}`)
          .join(', ')}`,
        ...(source ? [`Imported:  ${source}`] : []),
        ...(updateReplaces
          ? [
              `Update:    updateProduct replaces the record: read first, sent whole with ${formatUpdateReplaces(updateReplaces.fields)} (* required; ${updateReplaces.origin})`,
            ]
          : []),
        ...(perLine
          ? [
              `Per line:  ${perLine.operations.join(', ')} sent one call per line, the product in the body (${perLine.origin})`,
            ]
          : []),
        ...(jsonPatch
          ? [
              `Patch:     ${jsonPatch.operations.join(', ')} sent as a JSON Patch: read first, replace/add/remove operations on the fields it changes (${jsonPatch.origin})`,
            ]
          : []),
        // Request bodies written in the vendor's names (inventory.bodyNames, from the document's request schemas).
        ...Object.entries(map.bodyNames).map(
          ([operation, names], i) => `${i === 0 ? 'Body names:' : '           '} ${operation}: ${names!.join(', ')}`,
        ),
        // Answer fields read in venue's names (inventory.answerNames, from the document's response schemas).
        ...Object.entries(map.answerNames).map(
          ([operation, names], i) =>
            `${i === 0 ? 'Answer names:' : '             '} ${operation}: ${Object.entries(names!)
              .map(([vendor, venue]) => `${vendor} → ${venue}`)
              .join(', ')}`,
        ),
        '',
      ].join('\n'),
    );
  },
});
