import { argument, defineCommand, option, yesOption } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { RECORD_SHAPES, writeOutcomeShape } from '../../lib/records.js';
import { checkSubscriberFlags, checkWebhookId } from '../../lib/webhooks/rules.js';
import { venueHint } from '../../lib/hint-command.js';
import { chooseSecret, checkSubscriberBody, showSubscriber, warnPlainHttp } from './subscriber-input.js';
import { WebhooksClient } from '../../lib/webhooks/client.js';
import { assertAgrees, checkSubscriberAnswer } from '../../lib/writes/echo-checks.js';

interface UpdateOptions {
  yes?: boolean;
  url?: string;
  events?: string;
  rotateSecret?: boolean;
  secretStdin?: boolean;
  secretEnv?: string;
  dryRun?: boolean;
}

export default defineCommand<UpdateOptions>({
  name: 'update',
  args: [argument('<webhookId>', { kind: 'webhook' })],
  summary: "Change a subscriber's URL, event types or secret",
  record: writeOutcomeShape(RECORD_SHAPES.subscriber),
  description:
    'Only the fields given change. Where the vendor takes the update as a JSON Patch (inventory.jsonPatch), venue reads the ' +
    'subscriber first and sends replace, add and remove operations on the fields that change, nothing when none does. --rotate-secret makes a new random secret and prints it once; during the ' +
    'switch, receivers can accept both secrets (`listen`/`verify` take --secret-env twice). --dry-run checks the changes and ' +
    'shows them (never a secret); nothing is sent.',
  examples: [
    'venue webhooks update "$(venue webhooks list --limit 1 --fields id -o csv | tail -1)" --events stock.adjusted,stock.counted --dry-run',
    'venue webhooks update "$(venue webhooks list --limit 1 --fields id -o csv | tail -1)" --events stock.adjusted,stock.counted --yes',
    'venue webhooks update "$(venue webhooks list --limit 1 --fields id -o csv | tail -1)" --rotate-secret -o json --yes',
  ],
  options: [
    option('--url <https-url>', 'new delivery URL', { kind: 'url' }),
    option('--events <types>', 'new event types, comma-separated (replaces the list)', {
      kind: 'event-type',
      list: true,
    }),
    option('--rotate-secret', 'make a new random secret and print it once', { kind: 'secret' }),
    option('--secret-env <VAR>', 'read the secret from this environment variable', { kind: 'secret' }),
    option('--secret-stdin', 'read the new secret from standard input', { kind: 'secret' }),
    option('--dry-run', 'check the changes and show them (never a secret); send nothing'),
    yesOption,
  ],
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, webhookId) {
    await ctx.output.checkFieldsBeforeSending();
    const id = checkWebhookId(webhookId!);
    const changes: Record<string, unknown> = checkSubscriberFlags({ url: options.url, events: options.events });
    const chosen = await chooseSecret(
      ctx,
      {
        generate: options.rotateSecret,
        fromStdin: options.secretStdin,
        fromEnv: options.secretEnv,
        generateFlag: '--rotate-secret',
      },
      false,
    );
    if (chosen) changes.secret = chosen.secret;
    const body = await checkSubscriberBody<Record<string, unknown>>('update', changes);
    warnPlainHttp(ctx, options.url);
    if (options.dryRun) {
      const events = body.eventTypes as string[] | undefined;
      await ctx.output.record(
        {
          id,
          url: body.url ?? '(unchanged)',
          eventTypes: events ? events.join(',') : '(unchanged)',
          secret: chosen ? (chosen.generated ? 'generated' : 'given') : '(unchanged)',
        },
        { columns: ['id', 'url', 'eventTypes', 'secret'] },
      );
      ctx.terminal.info('Dry run: the changes above passed the checks. Nothing was sent.');
      return;
    }
    await confirmWrite(ctx, options, `Change webhook subscriber ${id}?`, 'Subscriber not changed: nothing was sent.');
    const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
    const { subscriber, settled } = await client.update(id, body);
    // Where the update takes a JSON Patch (inventory.jsonPatch), a subscriber that held every change is sent nothing.
    if (settled === 'unchanged')
      ctx.terminal.info(`webhook subscriber ${id} already holds every change given: nothing was sent`);
    if (settled === 'read-after')
      ctx.terminal.info(
        `the service answered the update of webhook subscriber ${id} with no record: shown as read after it`,
      );
    if (settled === 'read-back')
      ctx.terminal.warn(
        `the answer to the update of webhook subscriber ${id} was lost; read back, it holds every change: applied`,
      );
    assertAgrees(
      `the update of webhook subscriber ${id}`,
      checkSubscriberAnswer(body as { url?: string; eventTypes?: string[] }, subscriber, id),
      `Check it with ${venueHint(['webhooks', 'list'])}; sending the same update again is harmless.`,
    );
    if (settled !== 'unchanged')
      ctx.terminal.success(`webhook subscriber ${subscriber.id} updated${chosen ? ' (new secret)' : ''}`);
    await showSubscriber(ctx, subscriber, chosen, id);
  },
});
