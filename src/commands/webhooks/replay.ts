import { argument, defineCommand, option } from '../define.js';
import { RejectedError, ServerError, UsageError } from '../../lib/errors.js';
import { parseScheme, secretsFromEnv } from '../../lib/webhooks/rules.js';
import { replaySaved, savedEventFiles } from '../../lib/webhooks/replay.js';

interface ReplayOptions {
  to?: string;
  secretEnv?: string;
  scheme: string;
}

export default defineCommand<ReplayOptions>({
  name: 'replay',
  args: [argument('<saved-event>', { kind: 'file' })],
  summary: 'Resend events saved by `listen --save` to a local app, signed afresh',
  description:
    'Sends each saved event (a file, or every *.json in a directory, oldest first) with its exact body bytes and ' +
    'original headers. With --secret-env the signature and timestamp are made anew, in the scheme each event came ' +
    "signed with (Standard Webhooks when it carried webhook-id, else the inventory's HMAC; --scheme to choose); " +
    'without, the events go unsigned. Exit 5 when an endpoint answered outside 2xx, 6 when it could not be reached.',
  examples: [
    'venue webhooks replay ./events --to http://localhost:3000/hooks --secret-env WH_SECRET',
    'venue webhooks replay ./events/2026-11-22T14-03-00.123Z-5b1c2d3e.json --to http://localhost:3000/hooks',
  ],
  options: [
    option('--to <url>', 'where to send them', { kind: 'url', required: true }),
    option('--secret-env <var>', 'environment variable holding the secret to sign with', { kind: 'secret' }),
    option('--scheme <scheme>', 'sign with hmac, standard (Standard Webhooks) or auto (as each event came)', {
      kind: 'text',
      default: 'auto',
    }),
  ],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, options, savedEvent) {
    const to = options.to!;
    try {
      if (!['http:', 'https:'].includes(new URL(to).protocol)) throw new Error();
    } catch {
      throw new UsageError(`--to must be an http:// or https:// URL (got "${to}")`);
    }
    const scheme = parseScheme(options.scheme);
    const [secret] = options.secretEnv ? secretsFromEnv(ctx.env, [options.secretEnv]) : [undefined];
    if (!secret)
      ctx.terminal.warn('no --secret-env: the events are sent unsigned, and a verifying receiver will refuse them');
    const files = await savedEventFiles(savedEvent!);
    const outcomes = await replaySaved(files, to, secret, undefined, scheme);
    const rows = outcomes.map((o) => ({
      ...o,
      result: o.error ? `failed: ${o.error}` : o.status! < 300 && o.status! >= 200 ? 'ok' : 'refused',
    }));
    await ctx.output.list(rows, { columns: ['file', 'type', 'deliveryId', 'status', 'result'], bounded: true });
    const unreachable = outcomes.filter((o) => o.error).length;
    const refused = outcomes.filter((o) => o.status !== undefined && (o.status < 200 || o.status >= 300)).length;
    if (unreachable)
      throw new ServerError(`${unreachable} of ${outcomes.length} events could not be delivered to ${to}`);
    if (refused) throw new RejectedError(`${refused} of ${outcomes.length} events were refused by ${to}`);
    ctx.terminal.success(`${outcomes.length} event${outcomes.length === 1 ? '' : 's'} replayed to ${to}`);
  },
});
