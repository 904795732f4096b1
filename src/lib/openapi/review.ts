// The review of an import plan, as data: the record `-o json` prints, the
// rows of the table a person reads, and the lines under it (base path, auth
// and the secrets it needs, what stays unmapped with its candidates,
// conflicts, warnings). No terminal here; the command writes it.

import {
  authSecrets,
  describeAuthScheme,
  fillPathVars,
  formatAuthScheme,
  formatUpdateReplaces,
  inventoryOperations,
  parseRoute,
  routeSettingKey,
  type AuthScheme,
  type InventoryOperation,
} from '../inventory/routes.js';
import type { ImportPlan, MappedOperation, OperationResult } from './import.js';
import { pagingWords } from './list-shape.js';

export interface ReviewContext {
  profile: string;
  /** "--profile kiosk " when the profile is not the current one, else "". */
  profileFlag: string;
  stored: boolean;
  /** The base path that will be (or was) stored, after merging with earlier imports. */
  basePath?: string;
  kept: Array<{ operation: InventoryOperation; route: string; source?: string }>;
  /** Operations whose earlier, stronger route stays over this import's (without --replace). */
  held?: Array<{ operation: InventoryOperation; route: string; source?: string; instead: { route: string } }>;
  conflicts: string[];
}

const short = (label: string) => label.split(/[\\/]/).pop() ?? label;

/** The scheme with its OAuth2 scopes' path variables filled from the values the import has. */
function sentScheme(scheme: AuthScheme, plan: ImportPlan): AuthScheme {
  if (scheme.type !== 'oauth2') return scheme;
  const values = Object.fromEntries(plan.pathVars.filter((v) => v.value !== undefined).map((v) => [v.name, v.value!]));
  return { ...scheme, scopes: scheme.scopes.map((scope) => fillPathVars(scope, values)) };
}

export function schemeRecord(scheme: AuthScheme | undefined): Record<string, unknown> | null {
  if (!scheme) return null;
  return { ...scheme, value: formatAuthScheme(scheme), description: describeAuthScheme(scheme) };
}

/** The record -o json prints: everything the review shows, for scripts. */
export function reviewRecord(plan: ImportPlan, context: ReviewContext): Record<string, unknown> {
  const auth = plan.auth.scheme;
  return {
    sources: plan.documents.map((d) => ({
      source: d.label,
      form: d.form,
      syntax: d.syntax,
      bytes: d.bytes,
      externalFiles: d.externalFiles,
      operations: d.operations,
      serverUrl: d.server.url ?? null,
      brokenRefs: d.brokenRefs,
      faults: d.faults ?? [],
    })),
    profile: context.profile,
    stored: context.stored,
    serverPath: plan.serverPath,
    basePath: plan.unresolved.length ? null : (context.basePath ?? plan.basePath ?? null),
    serverVariables: plan.unresolved.map((v) => ({
      name: v.name,
      default: v.default ?? null,
      flag: `--server-var ${v.name}=<value>`,
    })),
    pathVariables: plan.pathVars.map((v) => ({
      name: v.name,
      in: v.in ?? 'path',
      value: v.value ?? null,
      needed: v.value === undefined,
      routes: v.routes,
      inScopes: v.inScopes,
      description: v.description ?? null,
      example: v.example ?? null,
      why: v.why,
      flag: `--server-var ${v.name}=<value>`,
    })),
    auth: auth ? formatAuthScheme(auth) : null,
    // The scheme as its calls send it: OAuth2 scopes naming a path variable filled with the values given.
    authSent: auth ? formatAuthScheme(sentScheme(auth, plan)) : null,
    authScheme: schemeRecord(auth),
    authEvidence: plan.auth.evidence,
    authOptions: plan.auth.options.map((o) => ({
      name: o.name,
      kind: o.kind,
      value: o.scheme ? formatAuthScheme(o.scheme) : null,
      note: o.note ?? null,
    })),
    secrets: auth
      ? authSecrets(auth).map((s) => ({ ...s, command: `venue ${context.profileFlag}config set-secret ${s.key}` }))
      : [],
    matched: plan.operations.filter((o) => o.matched).length,
    operations: plan.operations.map((o) => operationRecord(o, context)),
    kept: context.kept,
    held: (context.held ?? []).map((h) => ({
      operation: h.operation,
      route: h.route,
      source: h.source ?? null,
      instead: h.instead.route,
    })),
    conflicts: [...new Set([...plan.conflicts, ...context.conflicts])],
    warnings: warnings(plan),
    unused: plan.unused,
  };
}

function operationRecord(o: OperationResult, context: ReviewContext): Record<string, unknown> {
  if (o.matched) {
    return {
      operation: o.operation,
      matched: true,
      route: o.route,
      method: o.method,
      path: o.path,
      source: o.source ?? null,
      operationId: o.operationId ?? null,
      confidence: o.confidence,
      reasons: o.reasons,
      fields: o.fields,
      answerNames: o.answers.names,
      answerFields: { matched: o.answers.matched, unmatched: o.answers.unmatched },
      ...(o.replaces ? { replaces: o.replaces } : {}),
      ...(o.jsonPatch ? { jsonPatch: true } : {}),
      ...(o.list
        ? {
            list: {
              records: o.list.records?.at ?? null,
              form: o.list.records?.form ?? null,
              paging: o.list.paging,
            },
          }
        : {}),
      chosenBy: o.chosenBy,
      alternatives: o.alternatives.map((c) => ({ route: c.route, confidence: c.confidence, why: c.shortfall })),
    };
  }
  return {
    operation: o.operation,
    matched: false,
    route: null,
    confidence: null,
    why: o.why,
    candidates: o.candidates.map((c) => ({
      route: c.route,
      source: c.source,
      confidence: c.confidence,
      why: c.shortfall,
    })),
    command: setCommand(o.operation, context.profileFlag),
  };
}

export function setCommand(operation: InventoryOperation, profileFlag: string): string {
  return `venue ${profileFlag}config set ${routeSettingKey(operation)} "${parseRoute(inventoryOperations[operation].route).method} /<path>"`;
}

export function warnings(plan: ImportPlan): string[] {
  const out: string[] = [];
  for (const doc of plan.documents) {
    for (const fault of doc.faults ?? [])
      out.push(fault.startsWith(doc.label) ? short(doc.label) + fault.slice(doc.label.length) : fault);
    for (const broken of doc.brokenRefs.slice(0, 5)) out.push(`${short(doc.label)}: ${broken}`);
    if (doc.brokenRefs.length > 5)
      out.push(
        `${short(doc.label)}: and ${doc.brokenRefs.length - 5} more $refs that cannot be read or point nowhere (-o json lists them in sources[].brokenRefs)`,
      );
    if (doc.server.repaired) out.push(`${short(doc.label)}: ${doc.server.repaired}`);
    if (doc.server.others.length)
      out.push(
        `${short(doc.label)} names ${doc.server.others.length + 1} servers; the first is used (${doc.server.url})`,
      );
  }
  if (plan.tokenHost) out.push(plan.tokenHost);
  // What the operations require that venue will not send (a credential header beside another scheme, schemes required together).
  out.push(...(plan.auth.warnings ?? []));
  for (const name of plan.unusedVars)
    out.push(`--server-var ${name}: no mapped route or scope uses {${name}}; its value is not stored`);
  for (const o of plan.operations)
    if (o.matched && o.list && !o.list.records)
      out.push(
        `${o.operation}: cannot tell where the list's records are in the answer of ${o.route} (${o.list.schema ? 'its success schema holds no array of records' : o.list.unread !== undefined ? `its success schema, $ref "${o.list.unread}", cannot be read` : 'the document gives no success response schema'}); venue reads the answer by rule and exits 6 if it finds none`,
      );
  for (const choice of plan.risky) out.push(`--map ${choice.operation}="${choice.route}": ${choice.why}`);
  return [...new Set(out)];
}

/** The table's rows: one per operation, each reason once; an earlier, stronger route that stays is shown with this import's beside it. */
export function reviewRows(plan: ImportPlan, context?: Pick<ReviewContext, 'held'>): Array<Record<string, unknown>> {
  return plan.operations.map((o) => {
    const held = context?.held?.find((h) => h.operation === o.operation);
    if (o.matched && held)
      return {
        operation: o.operation,
        route: held.route,
        confidence: '',
        evidence: `kept from ${held.source ? short(held.source) : 'an earlier import'}, stronger than ${o.route} (${o.confidence.toFixed(2)}) of this import; --replace takes it`,
      };
    if (!o.matched) return { operation: o.operation, route: 'not mapped', confidence: '', evidence: o.why };
    const said =
      o.chosenBy !== 'evidence' &&
      !o.reasons.some((r) => r.startsWith(`chosen with ${o.chosenBy}`) || r.startsWith(`chosen in the ${o.chosenBy}`));
    return {
      operation: o.operation,
      route: o.route,
      confidence: o.confidence.toFixed(2),
      evidence: [...new Set([said ? `chosen with ${o.chosenBy}` : '', ...o.reasons].filter(Boolean))].join('; '),
    };
  });
}

/** The lines under the table. */
export function reviewText(plan: ImportPlan, context: ReviewContext): string {
  const lines: string[] = [''];
  const docs = plan.documents;
  lines.push(
    `Documents: ${docs.map((d) => `${short(d.label)} (${d.form}${d.externalFiles ? `, ${d.externalFiles} ${d.externalFiles === 1 ? 'file' : 'files'} by $ref` : ''}${d.brokenRefs.length ? `, ${d.brokenRefs.length} $ref${d.brokenRefs.length === 1 ? '' : 's'} not read (see Warnings)` : ''}, ${d.operations} operations)`).join('; ')}`,
  );
  const basePath = context.basePath ?? plan.basePath;
  if (plan.unresolved.length) {
    lines.push(
      `Base path: ${plan.serverPath} needs a value for ${plan.unresolved.map((v) => `{${v.name}}`).join(', ')}: ${plan.unresolved.map((v) => `--server-var ${v.name}=<value>${v.default !== undefined ? ` (the document's example: ${v.default})` : ''}`).join(', ')}`,
    );
  } else {
    lines.push(
      `Base path: ${basePath || '(none)'}${
        docs[0]?.server.url
          ? ` (servers[0].url ${docs
              .map((d) => d.server.url)
              .filter(Boolean)
              .join(', ')})`
          : ' (the document names no server)'
      }`,
    );
  }
  if (plan.pathVars.length) {
    lines.push(
      `Path vars: ${plan.pathVars
        .map(
          (v) =>
            `${v.in === 'query' ? `?${v.name}=` : v.in === 'header' ? `${v.name}:` : `{${v.name}}`} in ${v.routes} route${v.routes === 1 ? '' : 's'}${v.inScopes ? ' and the OAuth2 scopes' : ''}: ${
              v.value !== undefined
                ? v.value
                : `needs a value (--server-var ${v.name}=<value>${v.example !== undefined ? `; the document's example: ${v.example}` : ''})`
            }`,
        )
        .join('\n           ')}`,
      `           (one value per venue: ${[...new Set(plan.pathVars.map((v) => v.why))].join('; ')}; stored as inventory.pathVars)`,
    );
  }
  const auth = plan.auth.scheme;
  lines.push(`Auth:      ${auth ? formatAuthScheme(auth) : 'unchanged'} (${plan.auth.evidence})`);
  if (auth) {
    const secrets = authSecrets(auth).map(
      (s) => `venue ${context.profileFlag}config set-secret ${s.key}   (${s.role})`,
    );
    lines.push(`Secrets:   ${secrets.join('\n           ')}`);
  }
  const unmapped = plan.operations.filter((o) => !o.matched);
  if (unmapped.length) {
    lines.push(
      '',
      `Not mapped: ${unmapped.length}. Each keeps its current route until you map it (--map <operation>="METHOD /path") or set it:`,
    );
    for (const o of unmapped) {
      if (o.matched) continue;
      if (o.chosenBy === '--map') {
        lines.push(
          `  ${o.operation}: ${o.why}: stored as "none", so calling it exits 2 naming it (venue's default route is not called in its place)`,
        );
        continue;
      }
      lines.push(`  ${o.operation}: ${o.why}`);
      for (const c of o.candidates)
        lines.push(`      candidate ${c.route}${c.confidence ? ` (${c.confidence.toFixed(2)})` : ''}: ${c.shortfall}`);
      lines.push(`      ${setCommand(o.operation, context.profileFlag)}`);
    }
  }
  const lists = plan.operations.filter((o): o is MappedOperation => o.matched && o.list !== undefined);
  if (lists.length) {
    lines.push('', "Lists (where each answer's records are, and how it pages, by the response schemas):");
    for (const o of lists) {
      const records = o.list!.records;
      const where = !records
        ? 'records not found in the schema (see Warnings)'
        : records.at === ''
          ? 'the answer is the records (a bare array)'
          : `records at ${records.at} (${records.form})`;
      const paging = pagingWords(o.list!.paging);
      lines.push(`  ${o.operation}: ${where}; ${paging ? `paging: ${paging}` : 'no paging declared'}`);
    }
  }
  // An update that replaces the record: said, with what venue does about it (reads first, sends it whole).
  for (const o of plan.operations)
    if (o.matched && o.replaces)
      lines.push(
        '',
        `${o.operation} replaces the whole record (its request requires the record's other values): venue reads the product first and sends it whole, with ${formatUpdateReplaces(o.replaces)} (inventory.updateReplaces; * required)`,
      );
  // A product update that takes a JSON Patch: said, with what venue sends.
  for (const o of plan.operations)
    if (o.matched && o.jsonPatch)
      lines.push(
        '',
        `${o.operation} takes a JSON Patch: venue sends replace/add/remove operations on the fields it changes (inventory.jsonPatch)`,
      );
  const answering = plan.operations.filter(
    (o): o is MappedOperation => o.matched && (o.answers.matched.length > 0 || o.answers.unmatched.length > 0),
  );
  if (answering.some((o) => o.answers.matched.length)) {
    lines.push('', "Answer fields read in venue's names (the document's own words, by the response schemas):");
    for (const o of answering)
      if (o.answers.matched.length)
        lines.push(`  ${o.operation}: ${o.answers.matched.map((m) => `${m.path} → ${m.venue}`).join(', ')}`);
  }
  if (answering.some((o) => o.answers.unmatched.length)) {
    lines.push('', "Answer fields not matched to a field of venue's (kept as the service names them):");
    for (const o of answering) {
      const left = o.answers.unmatched;
      if (!left.length) continue;
      lines.push(
        `  ${o.operation}: ${left
          .slice(0, 5)
          .map((u) => `${u.path} (${u.why})`)
          .join('; ')}${left.length > 5 ? `; and ${left.length - 5} more` : ''}`,
      );
    }
  }
  if (context.kept.length) {
    lines.push(
      '',
      `Kept from earlier imports (--replace forgets them): ${context.kept.map((k) => `${k.operation} ${k.route}${k.source ? ` (${short(k.source)})` : ''}`).join(', ')}`,
    );
  }
  const conflicts = [...new Set([...plan.conflicts, ...context.conflicts])];
  if (conflicts.length) lines.push('', 'Conflicts:', ...conflicts.map((c) => `  ${c}`));
  const warned = warnings(plan);
  if (warned.length) lines.push('', 'Warnings:', ...warned.map((w) => `  ${w}`));
  if (plan.unused)
    lines.push(
      '',
      `${plan.unused} other operation${plan.unused === 1 ? '' : 's'} of the document${docs.length > 1 ? 's' : ''} not used.`,
    );
  return `${lines.join('\n')}\n`;
}
