import { defineCommand, option, yesOption } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { missingValue } from '../../lib/questions.js';
import { checkSubscriberFlags } from '../../lib/webhooks/rules.js';
import { RECORD_SHAPES, writeOutcomeShape } from '../../lib/records.js';
import { chooseSecret, checkSubscriberBody, showSubscriber, warnPlainHttp } from './subscriber-input.js';
import { WebhooksClient } from '../../lib/webhooks/client.js';
import { createSubscriber } from '../../lib/webhooks/create.js';
import { assertAgrees, checkSubscriberAnswer } from '../../lib/writes/echo-checks.js';

interface CreateOptions {
  yes?: boolean;
  url?: string;
  events?: string;
  generateSecret?: boolean;
  secretStdin?: boolean;
  secretEnv?: string;
  dryRun?: boolean;
}

export default defineCommand<CreateOptions>({
  name: 'create',
  summary: 'Add a webhook subscriber (the secret is generated and shown once, or read from stdin)',
  record: writeOutcomeShape(RECORD_SHAPES.subscriber),
  description:
    'Registers a URL that the inventory service POSTs signed events to. The URL must be https (plain http only ' +
    'for localhost, with a warning). The secret signs every delivery: --generate-secret makes a random one ' +
    '(43 characters) and prints it once; --secret-stdin or --secret-env VAR reads yours (at least 16 characters). ' +
    '--dry-run checks the subscriber and shows it without its secret; nothing is sent. Creating a subscriber twice doubles every ' +
    'delivery, so a create whose answer is lost is settled by reading the list back: a new subscriber with this URL is the proof; ' +
    'none is exit 7 (check `venue webhooks list` before creating it again).',
  examples: [
    'venue webhooks create --url https://erp.example.com/hooks --events stock.adjusted,stock.received --generate-secret --dry-run',
    'venue webhooks create --url https://erp.example.com/hooks --events stock.adjusted,stock.received --generate-secret --yes',
    'printf %s "$WH_SECRET" | venue webhooks create --url https://erp.example.com/hooks --events product.created --secret-stdin --yes',
  ],
  options: [
    option('--url <https-url>', 'where the deliveries are POSTed', { kind: 'url' }),
    option('--events <types>', 'event types, comma-separated (see `venue webhooks events`)', {
      kind: 'event-type',
      list: true,
    }),
    option('--generate-secret', 'make a random secret and print it once', { kind: 'secret' }),
    option('--secret-env <VAR>', 'read the secret from this environment variable', { kind: 'secret' }),
    option('--dry-run', 'check the subscriber and show it (never its secret); send nothing'),
    yesOption,
    option('--secret-stdin', 'read the secret from standard input', { kind: 'secret' }),
  ],
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    await ctx.output.checkFieldsBeforeSending();
    if (!options.url) throw missingValue('--url', 'the subscriber URL');
    if (!options.events) throw missingValue('--events', 'comma-separated event types');
    const { url, eventTypes } = checkSubscriberFlags({ url: options.url, events: options.events });
    const chosen = (await chooseSecret(
      ctx,
      {
        generate: options.generateSecret,
        fromStdin: options.secretStdin,
        fromEnv: options.secretEnv,
        generateFlag: '--generate-secret',
      },
      true,
    ))!;
    const body = await checkSubscriberBody<{ url: string; secret: string; eventTypes: string[] }>('create', {
      url,
      eventTypes,
      secret: chosen.secret,
    });
    warnPlainHttp(ctx, url);
    if (options.dryRun) {
      // The secret is never shown: only whether there is one.
      await ctx.output.record(
        { url: body.url, eventTypes: body.eventTypes.join(','), secret: chosen.generated ? 'generated' : 'given' },
        { columns: ['url', 'eventTypes', 'secret'] },
      );
      ctx.terminal.info('Dry run: the subscriber above passed the checks. Nothing was sent.');
      return;
    }
    await confirmWrite(
      ctx,
      options,
      `Create a webhook subscriber for ${url} (${body.eventTypes.join(', ')})?`,
      'No subscriber created: nothing was sent.',
    );
    const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
    const created = await createSubscriber(client, body, ctx.interruption);
    assertAgrees(
      `the creation of the webhook subscriber for ${url}`,
      checkSubscriberAnswer(body, created.subscriber),
      'Check it with `venue webhooks list` (and delete one that is not what was asked) before creating it again.',
    );
    if (created.evidence === 'read-back')
      ctx.terminal.success(
        `webhook subscriber ${created.subscriber.id} created (its answer was ${created.unreadable ? 'unreadable' : 'lost'}; the list read back shows it)`,
      );
    else ctx.terminal.success(`webhook subscriber ${created.subscriber.id} created`);
    await showSubscriber(ctx, created.subscriber, chosen);
    if (created.unreadable) {
      // Accepted (2xx) and found by reading back, but the service's answer could not be read: exit 6 all the same.
      created.unreadable.details.push(
        `The list read back shows subscriber ${created.subscriber.id}: it was created; do not create it again.`,
      );
      throw created.unreadable;
    }
  },
});
