import { machineWide } from './machine-wide.js';
import { argument, defineCommand, option, InvalidValueError } from '../define.js';
import { formatAmount } from '../../lib/wallet/diagnose.js';
import { walletSchemasModule } from '../../lib/lazy-modules.js';
import { sandboxControl } from '../../lib/sandbox-control.js';

interface PlayOptions {
  kind: 'reload' | 'game-play' | 'ticket-win' | 'redemption';
  amount?: number;
  tickets?: number;
}

const positive = (integer: boolean) => (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new InvalidValueError(integer ? 'must be a whole number above 0' : 'must be a number above 0');
  return n;
};

export default defineCommand<PlayOptions>({
  name: 'play',
  args: [argument('<cardNumber>', { kind: 'card' })],
  summary:
    'Simulate in-store activity on a card: a game, a ticket win, a prize redemption or a counter reload (sandbox only)',
  description:
    "Changes the balances and adds an activity entry, as the venue's system would synchronise it. Any in-store activity also activates the card.",
  examples: [
    'venue sandbox play 6001000000000000001 --kind game-play --amount 2',
    'venue sandbox play 6001000000000000001 --kind ticket-win --tickets 25',
  ],
  options: [
    option('--kind <kind>', 'what happened at the venue', {
      choices: ['game-play', 'ticket-win', 'redemption', 'reload'],
      default: 'game-play',
    }),
    option('--amount <n>', "play value spent (game-play) or added (reload), in the location's unit", {
      kind: 'money',
      parse: positive(false),
    }),
    option('--tickets <n>', 'tickets won or redeemed', { kind: 'unsigned', parse: positive(true) }),
  ],
  fleet: machineWide,
  async run(ctx, options, rawCard) {
    const { playSchema, checkInput } = await walletSchemasModule();
    const body = await checkInput(playSchema, {
      cardNumber: rawCard?.trim(),
      kind: options.kind,
      amount: options.amount,
      tickets: options.tickets,
    });
    const result = await (await sandboxControl(ctx.env)).call((client) => client.play(body));
    if (ctx.output.isMachine) {
      await ctx.output.record({ ...result });
      return;
    }
    ctx.terminal.success(
      `${options.kind} on card ${result.cardNumber}: play ${formatAmount(result.playBalance.amount, result.playBalance.unit)}, bonus ${formatAmount(result.bonusBalance.amount, result.bonusBalance.unit)}, tickets ${result.ticketBalance}`,
    );
  },
});
