import { defineCommand, option } from '../define.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../lib/errors.js';
import type { ListenerEvent } from '../../lib/webhooks/listener.js';
import { checkUrlFlag, collect, parseEventTypes, parseScheme, secretsFromEnv } from '../../lib/webhooks/rules.js';
import { venueHint } from '../../lib/hint-command.js';
import { readSecret } from '../../cli/secret-input.js';
import { generateSecret, hasStandardSecret } from '../../lib/webhooks/signature.js';
import { WebhookListener } from '../../lib/webhooks/listener.js';
import * as fs from 'node:fs/promises';
import { WebhooksClient } from '../../lib/webhooks/client.js';
import { inventoryEventTypes } from '../../lib/webhooks/events.js';

interface ListenOptions {
  port: string;
  host: string;
  path: string;
  secretStdin?: boolean;
  secretEnv: string[];
  scheme: string;
  events?: string;
  forwardTo?: string;
  cert?: string;
  key?: string;
  save?: string;
  register?: boolean;
  publicUrl?: string;
}

export default defineCommand<ListenOptions>({
  name: 'listen',
  summary: 'Receive deliveries locally: verify signatures, print, forward, save',
  description:
    'Runs a local receiver. Each POST to --path has its signature checked over the raw body, in constant time, ' +
    "against every secret given: the inventory's HMAC-SHA256 (X-Inventory-Signature: sha256=<hex>) or Standard " +
    'Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>; whsec_ secrets; 5-minute tolerance), ' +
    'told from the headers unless --scheme says. Good ones get 200, bad or unsigned ones 401, signed bodies that ' +
    'are not JSON 400, other methods 405, other paths 404. Good ones are relayed unchanged to --forward-to and ' +
    'stored under --save. The type is read from the X-Inventory-Event header, the body (type, eventType, ' +
    'event_type, event) or headers such as X-Event-Type and X-GitHub-Event; a delivery whose type cannot be ' +
    'found is shown as "type unknown" and relayed even with --events. Runs until Ctrl-C (exit 130) or SIGTERM (exit 0).',
  examples: [
    'venue webhooks listen --port 8787 --secret-env WH_SECRET --forward-to http://localhost:3000/hooks   # runs until stopped',
    'venue webhooks listen --register --events stock.adjusted -o ndjson   # runs until stopped',
    'venue webhooks listen --secret-env OLD_SECRET --secret-env NEW_SECRET --save ./events   # runs until stopped',
    'venue webhooks listen --port 0 --scheme standard --secret-stdin < whsec.txt   # runs until stopped',
  ],
  options: [
    option('--port <n>', 'port to listen on (0 picks a free one)', { kind: 'unsigned', default: '8787' }),
    option('--host <address>', 'address to bind', { kind: 'text', default: '127.0.0.1' }),
    option('--path <path>', 'the path deliveries are POSTed to', { kind: 'text', default: '/webhooks' }),
    option('--secret-stdin', 'read the secret from standard input', { kind: 'secret' }),
    option('--secret-env <var>', 'environment variable holding a secret (repeat while rotating)', {
      kind: 'secret',
      parse: collect,
      default: [],
    }),
    option(
      '--scheme <scheme>',
      'how deliveries are signed: hmac, standard (Standard Webhooks) or auto (from the headers)',
      { kind: 'text', default: 'auto' },
    ),
    option('--events <types>', 'only relay and save these types; others are acknowledged and ignored', {
      kind: 'event-type',
      list: true,
    }),
    option('--forward-to <url>', 'relay verified deliveries (body and headers unchanged) to this URL', { kind: 'url' }),
    option('--cert <file>', 'TLS certificate (PEM): serve https', { kind: 'file' }),
    option('--key <file>', 'TLS private key (PEM), with --cert', { kind: 'file' }),
    option('--save <dir>', 'store each verified delivery (headers and raw body) for `webhooks replay`', {
      kind: 'path',
    }),
    option('--register', 'create a temporary subscriber pointing here (deleted on exit)'),
    option('--public-url <url>', 'with --register: the URL the inventory server reaches this listener at', {
      kind: 'url',
    }),
  ],
  fleet: { refused: "it is a local server: start one listener, then point each venue's webhook at it" },
  async run(ctx, options) {
    const port = Number(options.port);
    if (!/^\d+$/.test(options.port) || port > 65_535)
      throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${options.port}")`);
    if (!options.path.startsWith('/')) throw new UsageError(`--path must start with / (got "${options.path}")`);
    const events = options.events ? parseEventTypes(options.events) : undefined;
    const scheme = parseScheme(options.scheme);
    if (scheme === 'standard' && options.register) {
      throw new UsageError(
        '--register makes an inventory subscriber, which signs with --scheme hmac: it cannot go with --scheme standard',
      );
    }
    if (options.forwardTo) {
      try {
        if (!['http:', 'https:'].includes(new URL(options.forwardTo).protocol)) throw new Error();
      } catch {
        throw new UsageError(`--forward-to must be an http:// or https:// URL (got "${options.forwardTo}")`);
      }
    }
    if (options.publicUrl) checkUrlFlag(options.publicUrl, '--public-url');
    if (Boolean(options.cert) !== Boolean(options.key)) throw new UsageError('--cert and --key go together');
    const tls = options.cert ? await readTls(options.cert, options.key!) : undefined;

    const secrets = secretsFromEnv(ctx.env, options.secretEnv);
    if (options.secretStdin) {
      secrets.push(
        await readSecret(ctx.terminal, ctx.prompter, ctx.env, {
          fromStdin: true,
          prompt: 'Webhook secret',
          flags: '--secret-stdin',
        }),
      );
    }
    let generated: string | undefined;
    if (options.register) {
      generated = generateSecret();
      secrets.push(generated);
    }
    if (secrets.length === 0) {
      throw new UsageError(
        "listen needs the subscriber's secret to verify deliveries: pass --secret-env VAR, --secret-stdin or --register",
        {
          hint: 'Secrets are never taken as command-line values.',
        },
      );
    }

    if (scheme === 'standard') {
      if (!(await hasStandardSecret(secrets))) {
        throw new UsageError('--scheme standard needs a Standard Webhooks secret: "whsec_" followed by base64', {
          hint: 'Give the secret exactly as the sender shows it (whsec_…) in the variable --secret-env names.',
        });
      }
    }

    const listener = new WebhookListener({
      host: options.host,
      port,
      path: options.path,
      secrets,
      scheme,
      events,
      forwardTo: options.forwardTo,
      tls,
      saveDir: options.save,
    });
    try {
      await listener.start();
    } catch (error) {
      throw new UsageError(`cannot listen on ${options.host}:${port}: ${(error as Error).message}`, { cause: error });
    }
    const stderr = ctx.terminal.stderr;
    // A stable line: scripts and tests read the real port from it.
    stderr.write(`listening on ${listener.url}\n`);
    if (options.forwardTo) ctx.terminal.info(`forwarding verified deliveries to ${options.forwardTo}`);
    if (options.save) ctx.terminal.info(`saving verified deliveries under ${options.save}`);

    const stop = stopSignal(ctx.interruption);
    let cleanup: (() => Promise<void>) | undefined;
    try {
      if (options.register) {
        if (!options.publicUrl && !(await ctx.isSandbox())) {
          ctx.terminal.warn(
            `the inventory server must reach ${listener.url}; from another machine it cannot: pass --public-url (a tunnel or this host's address)`,
          );
        }
        cleanup = await registerTemporary(ctx, options.publicUrl ?? listener.url, generated!, events);
      }
      const tally = await render(ctx, listener.events(), stop.promise, Boolean(options.forwardTo));
      ctx.terminal.info(
        `stopped: ${tally.accepted} accepted${tally.untyped ? ` (${tally.untyped} of unknown type)` : ''}, ${tally.ignored} ignored, ${tally.rejected} rejected, ${tally.malformed} malformed`,
      );
    } finally {
      await listener.close();
      if (cleanup) await ctx.interruption.cleanup(cleanup);
      stop.dispose();
    }
  },
});

async function readTls(certFile: string, keyFile: string): Promise<{ cert: Buffer; key: Buffer }> {
  const read = async (file: string, flag: string) => {
    try {
      return await fs.readFile(file);
    } catch (error) {
      throw new UsageError(
        `cannot read ${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
  return { cert: await read(certFile, '--cert'), key: await read(keyFile, '--key') };
}

/**
 * Resolves on Ctrl-C (through the program's one interruption mechanism, which
 * gives the temporary subscriber's deletion time to finish) or SIGTERM.
 * `on`, not `once`, for SIGTERM: signal-exit (loaded with the token cache's
 * file lock) re-raises a signal when it sees no other listener left.
 */
function stopSignal(interruption: Context['interruption']): { promise: Promise<string>; dispose(): void } {
  let onSignal!: (signal: string) => void;
  const promise = new Promise<string>((resolve) => (onSignal = resolve));
  let finished!: () => void;
  const cleanedUp = new Promise<void>((resolve) => (finished = resolve));
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGTERM', onTerm);
  // The interruption waits (bounded) until the listener has shut down and deleted its temporary subscriber.
  const stopListening = interruption.onInterrupt(() => {
    onSignal('SIGINT');
    return cleanedUp;
  });
  return {
    promise,
    dispose: () => {
      process.off('SIGTERM', onTerm);
      stopListening();
      finished();
    },
  };
}

async function registerTemporary(
  ctx: Context,
  url: string,
  secret: string,
  events: string[] | undefined,
): Promise<() => Promise<void>> {
  const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
  const subscriber = await client.create({ url, secret, eventTypes: events ?? [...inventoryEventTypes] });
  ctx.terminal.info(`registered temporary subscriber ${subscriber.id} for ${url} (deleted on exit)`);
  return async () => {
    try {
      await client.delete(subscriber.id);
      ctx.terminal.info(`deleted temporary subscriber ${subscriber.id}`);
    } catch (error) {
      ctx.terminal.warn(
        `could not delete temporary subscriber ${subscriber.id}: ${(error as Error).message}; delete it with ${venueHint(['webhooks', 'delete', subscriber.id, '--yes'])}`,
      );
    }
  };
}

interface Tally {
  accepted: number;
  untyped: number;
  ignored: number;
  rejected: number;
  malformed: number;
}

/** One line per event on a TTY (a forwarded delivery waits for its relay's status), one JSON object per line otherwise. */
async function render(
  ctx: Context,
  events: AsyncIterableIterator<ListenerEvent>,
  stop: Promise<string>,
  forwarding: boolean,
): Promise<Tally> {
  const tally: Tally = { accepted: 0, untyped: 0, ignored: 0, rejected: 0, malformed: 0 };
  const machine = ctx.output.isMachine;
  const paint = ctx.terminal.stdoutColours;
  const held = new Map<number, ListenerEvent>();
  const line = (event: ListenerEvent, verdict: string, detail = '') => {
    const time = event.at.slice(11, 19);
    const type = event.kind === 'delivery' && event.typeUnknown ? '(type unknown)' : (event.type ?? '-');
    ctx.terminal.write(
      `${time}  ${type.padEnd(16)} ${(event.deliveryId ?? '-').padEnd(36)}  ${verdict}${detail ? `  ${detail}` : ''}\n`,
    );
  };
  const stopped = stop.then(() => undefined);
  for (;;) {
    const next = await Promise.race([events.next(), stopped]);
    if (!next || next.done) break;
    const event = next.value;
    if (event.kind === 'delivery') {
      tally[event.verdict]++;
      if (event.typeUnknown) tally.untyped++;
    } else if (event.kind === 'rejected') tally.rejected++;
    else if (event.kind === 'malformed') tally.malformed++;
    if (machine) {
      ctx.terminal.write(`${JSON.stringify(event)}\n`);
      continue;
    }
    switch (event.kind) {
      case 'delivery':
        if (event.verdict === 'accepted' && forwarding) held.set(event.seq, event);
        else
          line(
            event,
            event.verdict === 'accepted' ? paint.green('accepted') : paint.dim('ignored'),
            event.savedTo ? `saved ${event.savedTo}` : '',
          );
        break;
      case 'forwarded':
      case 'forward-failed': {
        const delivery = held.get(event.seq) ?? event;
        held.delete(event.seq);
        const relay =
          event.kind === 'forwarded'
            ? `→ ${event.status >= 200 && event.status < 300 ? paint.green(String(event.status)) : paint.yellow(String(event.status))} (${event.ms} ms)`
            : `→ ${paint.red(`failed: ${event.error}`)}`;
        line(delivery, paint.green('accepted'), relay);
        break;
      }
      case 'rejected':
        line(event, paint.red(`rejected ${event.status}`), event.reason);
        break;
      case 'malformed':
        line(event, paint.yellow(`refused ${event.status}`), event.reason);
        break;
    }
  }
  return tally;
}
