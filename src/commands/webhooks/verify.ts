import { defineCommand, option } from '../define.js';
import { RejectedError, UsageError } from '../../lib/errors.js';
import { collect, parseScheme, secretsFromEnv } from '../../lib/webhooks/rules.js';
import { looksStandard, verifyDetailed, verifyStandard } from '../../lib/webhooks/signature.js';
import * as fs from 'node:fs/promises';

interface VerifyOptions {
  secretEnv: string[];
  signature?: string;
  scheme: string;
  webhookId?: string;
  webhookTimestamp?: string;
  file?: string;
}

export default defineCommand<VerifyOptions>({
  name: 'verify',
  summary: "Check one payload's signature offline (exit 0 valid, 5 invalid)",
  description:
    "Checks the signature of the payload's exact bytes with each secret, in constant time. Two schemes: hmac, " +
    'the inventory\'s HMAC-SHA256 (--signature in hex or base64, with or without "sha256="); and standard, ' +
    'Standard Webhooks (--signature "v1,<base64>" with --webhook-id and --webhook-timestamp, the headers of the ' +
    'same names; a whsec_ secret; refused outside 5 minutes of the timestamp). --scheme auto (the default) tells ' +
    "them apart by the signature's shape. The secret comes only from the environment.",
  examples: [
    'venue webhooks verify --secret-env WH_SECRET --signature "$SIG" --file payload.json',
    'cat payload.json | venue webhooks verify --secret-env OLD_SECRET --secret-env NEW_SECRET --signature "$SIG"',
    'SW_SECRET="$(cat whsec.txt)" venue webhooks verify --secret-env SW_SECRET --signature "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" --webhook-id msg_p5jXN8AQM9LWM0D4loKWxJek --webhook-timestamp 1614265330 --file standard-webhooks-payload.json   # exits 5: signed in 2021, outside the 5-minute tolerance',
  ],
  options: [
    option('--secret-env <var>', 'environment variable holding the secret (repeat while rotating)', {
      kind: 'secret',
      parse: collect,
      default: [],
    }),
    option('--signature <value>', 'the X-Inventory-Signature or webhook-signature header value', { kind: 'text' }),
    option('--scheme <scheme>', 'hmac, standard (Standard Webhooks) or auto (from the signature)', {
      kind: 'text',
      default: 'auto',
    }),
    option('--webhook-id <id>', 'standard: the webhook-id header value', { kind: 'text' }),
    option('--webhook-timestamp <seconds>', 'standard: the webhook-timestamp header value (Unix seconds)', {
      kind: 'datetime',
    }),
    option('--file <path>', 'the payload, byte for byte (default: standard input)', { kind: 'file' }),
  ],
  fleet: { refused: 'it checks a signature locally and calls no venue' },
  async run(ctx, options) {
    if (options.secretEnv.length === 0)
      throw new UsageError('missing --secret-env VAR', {
        hint: 'The secret is read from the environment, never from the command line.',
      });
    if (!options.signature)
      throw new UsageError('missing --signature (the X-Inventory-Signature or webhook-signature header value)');
    const scheme = parseScheme(options.scheme);
    const standard =
      scheme === 'standard' ||
      (scheme === undefined && (looksStandard(options.signature) || options.webhookId !== undefined));
    if (standard && (!options.webhookId || !options.webhookTimestamp)) {
      throw new UsageError(
        'a Standard Webhooks signature needs --webhook-id and --webhook-timestamp (the webhook-id and webhook-timestamp headers)',
      );
    }
    if (!standard && (options.webhookId !== undefined || options.webhookTimestamp !== undefined)) {
      throw new UsageError('--webhook-id and --webhook-timestamp go with --scheme standard');
    }
    const secrets = secretsFromEnv(ctx.env, options.secretEnv);
    const payload = options.file ? await readFile(options.file) : await readStdin(ctx.terminal.stdin);
    const verdict = standard
      ? await verifyStandard(
          payload,
          { id: options.webhookId, timestamp: options.webhookTimestamp, signature: options.signature },
          secrets,
        )
      : verifyDetailed(payload, options.signature, secrets);
    if (!verdict.valid) {
      throw new RejectedError(
        `signature is not valid (${standard ? 'Standard Webhooks' : 'HMAC-SHA256'}): ${verdict.reason}`,
        { hint: hintFor(verdict.reason) },
      );
    }
    ctx.terminal.success(
      `signature valid (${standard ? 'Standard Webhooks, ' : ''}${payload.length} bytes, secret from ${options.secretEnv[verdict.secretIndex]})`,
    );
  },
});

function hintFor(reason: string): string {
  switch (reason) {
    case 'unreadable signature':
      return 'Expected 64 hex characters or 44 base64 ones, optionally after "sha256="; or "v1,<base64>" for Standard Webhooks.';
    case 'timestamp outside the 5-minute tolerance':
      return "Standard Webhooks signatures are accepted within 5 minutes of their webhook-timestamp, so an old delivery cannot be replayed; check this machine's clock.";
    case 'unreadable webhook-timestamp':
      return 'webhook-timestamp is whole seconds since 1970 (Unix time).';
    case 'no Standard Webhooks secret (whsec_<base64>) given':
      return 'Give the secret exactly as the sender shows it (whsec_…).';
    default:
      return "Check that the payload is the raw body, unmodified (no reformatting, no added newline), and the secret is the subscriber's.";
  }
}

async function readFile(file: string): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    throw new UsageError(
      `cannot read --file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** Raw bytes: a payload is verified exactly as received, nothing trimmed. */
async function readStdin(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<Buffer> {
  if (stdin.isTTY) throw new UsageError('no payload: pass --file <path> or pipe it on standard input');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
