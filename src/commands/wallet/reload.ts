import { argument, defineCommand, option } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { InterruptedError, NotFoundError, ServerError, UnknownOutcomeError } from '../../lib/errors.js';
import { sourceOf } from '../../lib/reading.js';
import { creditedText, needPrice, reloadAdds } from '../../lib/wallet/client.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../lib/records.js';
import { asOption, balanceRow, guestAccess } from './shared.js';
import { venueHint } from '../../lib/hint-command.js';
import { walletSchemasModule } from '../../lib/lazy-modules.js';
import { ReloadJournal, reloadEntryId } from '../../lib/wallet/reload-journal.js';
import { recordReload } from '../../lib/wallet/workflows/reload.js';
import { DisagreeingAnswerError } from '../../lib/writes/agreement.js';

interface ReloadOptions {
  product: string;
  paymentRef: string;
  yes?: boolean;
  dryRun?: boolean;
  as?: string;
}

export default defineCommand<ReloadOptions>({
  name: 'reload',
  args: [argument('<cardNumber>', { kind: 'card' })],
  summary: 'Record an online reload sale on a card, then show its balance',
  description:
    "Records the sale of a quick-reload product paid through the payment gateway (--payment-ref is the gateway's reference). " +
    'Shows the product and amount and asks for confirmation on a terminal; without one, --yes is required. --dry-run shows them and sends nothing. ' +
    'The sale is never resent automatically. When its answer is lost (exit 7) the reload is unknown: run the same command with the same --payment-ref to settle it — ' +
    'the service recognises a reference it already recorded, so it says "already recorded" (exit 0) instead of crediting twice, or records it now if it never arrived. ' +
    '`venue wallet reloads` lists the reloads still unsettled.',
  examples: [
    'venue wallet reload 6001000000000000001 --product RL-25 --payment-ref pay_8f2k1 --dry-run',
    'venue wallet reload 6001000000000000001 --product RL-25 --payment-ref pay_8f2k1   # needs a terminal',
    'venue wallet reload 6001000000000000001 --product RL-10 --payment-ref pay_77 --yes --json',
  ],
  options: [
    option('--product <id>', 'quick-reload product id (see `venue wallet products`)', {
      kind: 'reload-product',
      required: true,
    }),
    option('--payment-ref <ref>', "the payment gateway's reference for this payment", { kind: 'text', required: true }),
    option('-y, --yes', 'do not ask for confirmation'),
    option('--dry-run', 'check the card, product and amount and show them; record nothing'),
    asOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.walletSale),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, rawCard) {
    const { saleSchema, checkInput } = await walletSchemasModule();
    const body = await checkInput(
      saleSchema,
      { cardNumber: rawCard?.trim(), productId: options.product, paymentReference: options.paymentRef },
      {
        cardNumber: 'cardNumber',
        productId: '--product',
        paymentReference: '--payment-ref',
      },
    );
    const { client, email, token } = await guestAccess(ctx, options.as);
    const products = await client.products(token);
    const product = products.find((p) => p.productId === body.productId);
    if (!product) {
      throw new NotFoundError(`no quick-reload product "${body.productId}"`, {
        hint: `Products: ${products.map((p) => p.productId).join(', ') || 'none'} (see ${venueHint(['wallet', 'products'])}).`,
      });
    }
    // The amount sent is the product's price as the service lists it: never a guess.
    const price = needPrice(product);
    // The play unit is the card's location's (dollars or tokens): from the guest's card list; a failure to read it leaves the unit unsaid.
    const cardUnit = (await client.cards(token, email).catch(() => [])).find(
      (c) => c.cardNumber === body.cardNumber,
    )?.playUnit;
    const adds = reloadAdds(product, cardUnit);
    const named = product.name ? `${product.name} (${product.productId})` : product.productId;
    ctx.terminal.info(
      `Reload card ${body.cardNumber} with ${named}: $${price.toFixed(2)}${adds ? `, adds ${adds}` : ''}; payment ref ${body.paymentReference}.`,
    );
    if (options.dryRun) {
      await ctx.output.record(
        {
          cardNumber: body.cardNumber,
          productId: product.productId,
          amount: price,
          paymentReference: body.paymentReference,
        },
        { columns: ['cardNumber', 'productId', { key: 'amount', format: 'money' }, 'paymentReference'] },
      );
      ctx.terminal.info('Dry run: nothing was sent.');
      return;
    }
    await confirmWrite(ctx, options, 'Record this reload sale?', 'Not recorded: nothing was sent.');

    const outcome = await recordReload(
      {
        api: client,
        journal: new ReloadJournal(await ctx.stateDir(), ctx.terminal.secrets),
        now: () => ctx.now(),
        interruption: ctx.interruption,
      },
      {
        profile: await ctx.profileName(),
        email,
        token,
        cardNumber: body.cardNumber,
        productId: product.productId,
        price,
        paymentReference: body.paymentReference,
      },
    );
    switch (outcome.kind) {
      case 'interrupted-before-send':
        throw new InterruptedError(
          `interrupted: the reload sale for payment ref ${body.paymentReference} was not sent`,
        );
      case 'refused':
        throw outcome.error;
      case 'unknown':
        throw new UnknownOutcomeError(
          `the reload sale for payment ref ${body.paymentReference} may or may not have been recorded: ${outcome.reason}`,
          {
            cause: outcome.cause,
            details: [`check:  ${outcome.check}`, `settle: ${outcome.rerun}`],
            hint: `Running the same reload again with the same --payment-ref settles it: the service recognises a reference it already recorded, so it is never credited twice. ${venueHint(['wallet', 'reloads'])} lists the reloads still unsettled.`,
          },
        );
      case 'disagrees': {
        throw new DisagreeingAnswerError(
          `the reload sale for payment ref ${body.paymentReference}`,
          outcome.disagreements,
          {
            details: [
              'venue recorded it as unknown: what the wallet credited cannot be told from this answer.',
              `check:  ${outcome.check}`,
              `settle: ${outcome.rerun}`,
            ],
            hint: "Check the card's activity first. Running the same reload again with the same --payment-ref settles it: the service recognises a reference it already recorded, so it is never credited twice.",
          },
        );
      }
      case 'already-recorded': {
        const how =
          outcome.evidence === 'journal' ? 'venue recorded it before' : 'the service recognised the reference';
        if (ctx.output.takesRecords) {
          // Nothing was credited now: no answer to show; what venue knows of the earlier sale is its own record.
          await ctx.output.record(
            writeOutcomeRow(RECORD_SHAPES.walletSale, {
              status: 'already-recorded',
              reference: body.paymentReference,
              journalId: reloadEntryId(await ctx.profileName(), body.paymentReference),
              record: null,
              venue: {
                cardNumber: body.cardNumber,
                productId: product.productId,
                evidence: outcome.evidence,
                ...(outcome.saleId ? { saleId: outcome.saleId } : {}),
              },
            }),
            { afterWrite: true },
          );
          return;
        }
        ctx.terminal.success(
          `The reload for payment ref ${body.paymentReference} was already recorded${outcome.saleId ? ` (sale ${outcome.saleId})` : ''} (${how}); it was not credited again.`,
        );
        return;
      }
      case 'recorded':
        if (outcome.evidence === 'accepted') {
          // A 2xx: the service took the sale, only its confirmation is unreadable (exit 6, journalled as recorded).
          throw new ServerError(
            `the wallet accepted the reload sale for payment ref ${body.paymentReference} but ${outcome.problem?.replace(/^the wallet service's answer/, 'its answer')}`,
            {
              hint: `Do not run it again. Check it: ${venueHint(['wallet', 'activity', body.cardNumber, '--kind', 'reload'])} — look for payment ref ${body.paymentReference}.`,
            },
          );
        }
    }
    const sale = outcome.sale!;

    let balance: Awaited<ReturnType<typeof client.balance>> | undefined;
    try {
      balance = await client.balance(token, body.cardNumber);
    } catch (error) {
      ctx.terminal.warn(`the sale was recorded but the balance could not be read: ${(error as Error).message}`);
    }
    if (ctx.output.takesRecords) {
      // The sale in venue's names, with the card's balance read after it beside it.
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.walletSale, {
          status: 'recorded',
          reference: body.paymentReference,
          journalId: reloadEntryId(await ctx.profileName(), body.paymentReference),
          record: sourceOf(sale),
          related: { balanceAfter: [balance ? sourceOf(balance) : null, RECORD_SHAPES.balance] },
        }),
        { afterWrite: true },
      );
      return;
    }
    const credited = creditedText(sale);
    ctx.terminal.success(
      `Recorded sale ${sale.saleId} for payment ref ${body.paymentReference}${credited ? `: credited ${credited}` : ''}${outcome.settledUnknown ? ' (the earlier send had not been applied)' : ''}.`,
    );
    if (balance) {
      await ctx.output.record(balanceRow(balance), {
        columns: [
          { key: 'cardNumber', header: 'Card number' },
          { key: 'play', header: 'Play balance after' },
          { key: 'bonus', header: 'Bonus balance after' },
          { key: 'tickets', header: 'Tickets' },
        ],
        afterWrite: true,
      });
    }
  },
});
