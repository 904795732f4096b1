import { defineCommand } from '../define.js';
import { RejectedError, UsageError } from '../../lib/errors.js';
import { collect, secretsFromEnv } from '../../lib/webhooks/rules.js';

interface VerifyOptions {
  secretEnv: string[];
  signature?: string;
  file?: string;
}

export default defineCommand<VerifyOptions>({
  name: 'verify',
  summary: 'Check one payload\'s signature offline (exit 0 valid, 5 invalid)',
  description:
    'Computes the HMAC-SHA256 of the payload\'s exact bytes with each secret and compares it, in constant time, ' +
    'with --signature (hex or base64, with or without "sha256="). The secret comes only from the environment.',
  examples: [
    'venue webhooks verify --secret-env WH_SECRET --signature "$SIG" --file payload.json',
    'cat payload.json | venue webhooks verify --secret-env OLD_SECRET --secret-env NEW_SECRET --signature "$SIG"',
  ],
  configure(cmd) {
    cmd
      .option('--secret-env <var>', 'environment variable holding the secret (repeat while rotating)', collect, [])
      .option('--signature <value>', 'the X-Inventory-Signature header value')
      .option('--file <path>', 'the payload, byte for byte (default: standard input)');
  },
  async run(ctx, options) {
    if (options.secretEnv.length === 0) throw new UsageError('missing --secret-env VAR', { hint: 'The secret is read from the environment, never from the command line.' });
    if (!options.signature) throw new UsageError('missing --signature (the X-Inventory-Signature header value)');
    const secrets = secretsFromEnv(ctx.env, options.secretEnv);
    const payload = options.file ? await readFile(options.file) : await readStdin(ctx.terminal.stdin);
    const { verifyDetailed } = await import('../../lib/webhooks/signature.js');
    const verdict = verifyDetailed(payload, options.signature, secrets);
    if (!verdict.valid) {
      throw new RejectedError(`signature is not valid: ${verdict.reason}`, {
        hint:
          verdict.reason === 'unreadable signature'
            ? 'Expected 64 hex characters or 44 base64 ones, optionally after "sha256=".'
            : 'Check that the payload is the raw body, unmodified (no reformatting, no added newline), and the secret is the subscriber\'s.',
      });
    }
    ctx.terminal.success(`signature valid (${payload.length} bytes, secret from ${options.secretEnv[verdict.secretIndex]})`);
  },
});

async function readFile(file: string): Promise<Buffer> {
  const fs = await import('node:fs/promises');
  try {
    return await fs.readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read --file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Raw bytes: a payload is verified exactly as received, nothing trimmed. */
async function readStdin(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<Buffer> {
  if (stdin.isTTY) throw new UsageError('no payload: pass --file <path> or pipe it on standard input');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
