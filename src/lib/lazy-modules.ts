// The one place src/lib and the commands load a module on demand. Everything
// else is imported statically: a command's module is loaded when it runs (the
// command boundary, src/commands/<group>/index.ts), and with it all it uses.
// A module is here only when it is a third-party package (or a part of Node
// that loads much with it) that a run needs on one rare branch and that costs
// a short command measurably to load (bare node starts in about 50 ms; each of
// these adds 4 to 60 ms, measured with `node -e "import('<name>')"`). The
// CLI's own (prompts, the spinner, colour, text measuring) are in
// src/cli/lazy-modules.ts: src/lib holds no CLI. The architecture test
// test/unit/architecture/lazy-loading.test.ts fails on an import() elsewhere.

/** One load a process, shared by every caller. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** conf (about 60 ms): only a command that changes settings or secrets writes them through it; reads parse the files. */
export const confModule = once(() => import('conf'));

/** proper-lockfile (about 10 ms): only a run that writes a file venue keeps under a lock (a token renewal, a journal); reads never lock. */
export const lockfileModule = once(() => import('proper-lockfile'));

/** jose's decode entry (about 5 ms): only when a new token arrives, to read its expiry; a cached token carries it. */
export const jwtDecodeModule = once(() => import('jose/jwt/decode'));

/** JMESPath (about 6 ms): only under --query. */
export const jmespathModule = once(() => import('@jmespath-community/jmespath'));

/** csv-stringify (about 7 ms): only under -o csv. */
export const csvStringifyModule = once(() => import('csv-stringify/sync'));

/** standardwebhooks (about 5 ms): only when a Standard Webhooks delivery is verified. */
export const standardWebhooksModule = once(() => import('standardwebhooks'));

/** node:https, and TLS with it (about 3 ms): only a webhook listener given a certificate. */
export const httpsModule = once(() => import('node:https'));

/** js-yaml (about 6 ms): only an OpenAPI document written in YAML. */
export const yamlModule = once(() => import('js-yaml'));

/** json-schema-ref-parser (about 20 ms): only an OpenAPI document with $refs to other files. */
export const refParserModule = once(() => import('@apidevtools/json-schema-ref-parser'));

/** swagger2openapi (about 40 ms): only a Swagger 2.0 document. */
export const swagger2openapiModule = once(() => import('swagger2openapi'));

// venue's own modules that are the one adapter of a slow package, loaded where that package would be.

/** table-layout.ts, measuring with string-width (about 25 ms): only output for people (a list's table or its plain lines); -o json, ndjson and csv never measure. */
export const tableLayoutModule = once(() => import('./table-layout.js'));

/** output/people-table.ts, drawing with cli-table3 (about 10 ms, and string-width): only a bounded table for people. */
export const peopleTableModule = once(() => import('./output/people-table.js'));

/** output/wrap.ts, measuring with string-width (about 25 ms): only text wrapped for a terminal or for people. */
export const textWrapModule = once(() => import('./output/wrap.js'));

/**
 * undici.ts, undici's Agent and request API (bundled: about 15 ms with V8's
 * compile of its HTTP parser): only a run that sends a request; settings,
 * journals and help never do. undici is CommonJS: undici.ts imports it
 * statically and is itself loaded here, so its exports stay intact in the
 * bundle.
 */
export const undiciModule = once(() => import('./undici.js'));

// zod (bundled: about 23 ms to load, all its locales with it) and the schemas built on it: only a run that checks
// its input; read commands and the helpers they share with writes never load it.

/** zod itself, for a check composed where it is made. */
export const zodModule = once(() => import('zod'));
export const walletSchemasModule = once(() => import('./wallet/schemas.js'));
export const bookingSchemasModule = once(() => import('./booking/schemas.js'));
export const inventorySchemasModule = once(() => import('./inventory/schemas.js'));
export const webhooksSchemasModule = once(() => import('./webhooks/schemas.js'));
