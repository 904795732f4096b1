// What `webhooks create` and `webhooks update` share: where the secret comes
// from, the body checks (the same zod schemas the sandbox uses) and showing a
// subscriber with a freshly generated secret exactly once.

import type { Context } from '../../cli/context.js';
import { UsageError, ValidationError } from '../../lib/errors.js';
import { sourceOf, withSource } from '../../lib/reading.js';
import { readSecret } from '../../cli/secret-input.js';
import type { WebhookSubscriber } from '../../lib/webhooks/client.js';
import { SECRET_MIN_LENGTH } from '../../lib/webhooks/events.js';
import { isPlainLoopbackUrl } from '../../lib/webhooks/rules.js';
import { generateSecret } from '../../lib/webhooks/signature.js';
import { webhooksSchemasModule } from '../../lib/lazy-modules.js';
import { RECORD_SHAPES, writeOutcomeRow } from '../../lib/records.js';

export interface SecretFlags {
  generate?: boolean;
  fromStdin?: boolean;
  /** --secret-env VAR: the variable's name. */
  fromEnv?: string;
  /** The flag that generates: --generate-secret or --rotate-secret. */
  generateFlag: string;
}

export interface ChosenSecret {
  secret: string;
  generated: boolean;
}

const flagOfField: Record<string, string> = { url: '--url', eventTypes: '--events', secret: '--secret-stdin' };

/** The secret to send, or undefined when none was asked for and none is required. */
export async function chooseSecret(
  ctx: Context,
  flags: SecretFlags,
  required: boolean,
): Promise<ChosenSecret | undefined> {
  const given = [
    flags.generate && flags.generateFlag,
    flags.fromStdin && '--secret-stdin',
    flags.fromEnv && '--secret-env',
  ].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} cannot be used together`);
  if (flags.generate) return { secret: generateSecret(), generated: true };
  if (!flags.fromStdin && !flags.fromEnv && !required) return undefined;
  if (!flags.fromStdin && !flags.fromEnv && !ctx.prompter.canPrompt) {
    throw new UsageError(`no secret given: pass ${flags.generateFlag}, --secret-stdin or --secret-env VAR`, {
      hint: 'Secrets are never taken as command-line values.',
    });
  }
  const secret = await readSecret(ctx.terminal, ctx.prompter, ctx.env, {
    fromStdin: flags.fromStdin,
    fromEnv: flags.fromEnv,
    prompt: `Webhook secret (at least ${SECRET_MIN_LENGTH} characters)`,
    flags: `${flags.generateFlag} or --secret-stdin`,
    validate: (value) =>
      value.length >= SECRET_MIN_LENGTH ||
      `the secret must be at least ${SECRET_MIN_LENGTH} characters (got ${value.length})`,
  });
  return { secret, generated: false };
}

/** Checks a create or update body with the shared schemas; issues name the flags. */
export async function checkSubscriberBody<T>(kind: 'create' | 'update', body: Record<string, unknown>): Promise<T> {
  const schemas = await webhooksSchemasModule();
  const rules = { allowLoopbackHttp: true };
  const schema = kind === 'create' ? schemas.createSubscriberSchema(rules) : schemas.updateSubscriberSchema(rules);
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = schemas
      .issuesFrom(result.error, flagOfField)
      .map((issue) =>
        issue.field === 'body' ? { field: '--url, --events or the secret', rule: 'at least one must be given' } : issue,
      );
    throw new ValidationError(issues);
  }
  return result.data as T;
}

export function warnPlainHttp(ctx: Context, url: string | undefined): void {
  if (url && isPlainLoopbackUrl(url)) {
    ctx.terminal.warn(
      `${url} is plain http: accepted for local development only; a venue's inventory server needs https.`,
    );
  }
}

export async function showSubscriber(
  ctx: Context,
  subscriber: WebhookSubscriber,
  chosen: ChosenSecret | undefined,
  /** The subscriber id the write was asked for (an update), else none (a create). */
  reference?: string,
): Promise<void> {
  const shownSecret = chosen?.generated ? chosen.secret : undefined;
  // Shown once on purpose: the one place this secret may reach stdout (messages still mask it).
  if (shownSecret) ctx.terminal.secrets.forget(shownSecret);
  if (ctx.output.takesRecords) {
    // The one write-outcome record: the service's subscriber (never a secret it echoes); the secret venue made is venue's own.
    await ctx.output.record(
      writeOutcomeRow(RECORD_SHAPES.subscriber, {
        status: 'recorded',
        reference: reference ?? null,
        record: sourceOf(subscriber),
        ...(shownSecret ? { venue: { secret: shownSecret } } : {}),
      }),
      { afterWrite: true },
    );
  } else await showSubscriberTable(ctx, subscriber, shownSecret);
  if (shownSecret) {
    ctx.terminal.warn(
      'store the secret now: it is shown only this once and cannot be read back (rotate it with `venue webhooks update <id> --rotate-secret`).',
    );
  }
}

async function showSubscriberTable(
  ctx: Context,
  subscriber: WebhookSubscriber,
  shownSecret: string | undefined,
): Promise<void> {
  // Machine formats print the service's record: the generated secret is added to it too, this once.
  const source = sourceOf(subscriber);
  const record: Record<string, unknown> = { ...subscriber, ...(shownSecret ? { secret: shownSecret } : {}) };
  if (shownSecret && source && typeof source === 'object') withSource(record, { ...source, secret: shownSecret });
  await ctx.output.record(record, {
    columns: [
      'id',
      'url',
      { key: 'eventTypes', header: 'Events', format: 'list' },
      { key: 'isActive', header: 'Active', format: 'bool' },
      { key: 'createdAt', format: 'datetime' },
      { key: 'updatedAt', format: 'datetime' },
      ...(shownSecret ? [{ key: 'secret', header: 'Secret (shown once)' }] : []),
    ],
    // Shown after a create or update the service accepted: a --fields problem is only warned about now.
    afterWrite: true,
  });
}
