import fs from 'node:fs';
import path from 'node:path';
import { argument, defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { withSource } from '../../lib/reading.js';
import { asOption, checkCardNumber, guestAccess, guestAccount } from './shared.js';
import { writeFileDurably } from '../../lib/durable-file.js';

interface PassOptions {
  platform: 'walletA' | 'walletB';
  out?: string;
  force?: boolean;
  as?: string;
}

export default defineCommand<PassOptions>({
  name: 'pass',
  args: [argument('<cardNumber>', { kind: 'card' })],
  summary: 'Get a phone wallet pass for a card: a pass file, or a link to save it',
  description:
    'walletA answers a pass file, saved to --out (default <cardNumber>.pkpass); walletB answers a link the guest opens on the phone.',
  examples: [
    'venue wallet pass 6001000000000000001 --platform walletA',
    'venue wallet pass 6001000000000000001 --platform walletB',
  ],
  options: [
    option('--platform <platform>', 'the phone wallet platform', { choices: ['walletA', 'walletB'], required: true }),
    option('--out <file>', 'where to save a pass file (default <cardNumber>.pkpass)', { kind: 'path' }),
    option('--force', 'overwrite --out if it exists'),
    asOption,
  ],
  fleet: guestAccount,
  async run(ctx, options, rawCard) {
    const cardNumber = await checkCardNumber(rawCard!);
    const target = path.resolve(options.out ?? `${cardNumber}.pkpass`);
    if (options.out && !options.force && fs.existsSync(target))
      throw new UsageError(`${options.out} exists`, { hint: 'Pass --force to overwrite it, or another --out.' });
    const { client, token } = await guestAccess(ctx, options.as);
    const pass = await client.pass(token, options.platform, cardNumber);
    if (pass.kind === 'link') {
      // Machine formats print the service's pass record as sent.
      if (ctx.output.isMachine)
        await ctx.output.record(
          withSource(
            { platform: options.platform, cardNumber, saveUrl: pass.url, expiresAt: pass.expiresAt },
            pass.record,
          ),
        );
      else {
        ctx.terminal.info(`Open this link on the guest's phone to add card ${cardNumber} to ${options.platform}:`);
        ctx.terminal.write(`${pass.url}\n`);
      }
      return;
    }
    try {
      // A pass is the guest's, not a secret: readable as any file the person saves.
      writeFileDurably(target, pass.bytes, { exclusive: !options.force, mode: 0o644, createFolder: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new UsageError(`${target} exists`, { hint: 'Pass --force to overwrite it, or another --out.' });
      throw new UsageError(`cannot write ${target}: ${(error as Error).message}`);
    }
    if (ctx.output.isMachine)
      await ctx.output.record({
        platform: options.platform,
        cardNumber,
        file: target,
        bytes: pass.bytes.length,
        contentType: pass.contentType,
      });
    else
      ctx.terminal.success(
        `Saved the ${options.platform} pass for card ${cardNumber} to ${target} (${pass.bytes.length} bytes).`,
      );
  },
});
