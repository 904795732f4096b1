import { defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { FlagProblems, parseInteger, parsePaymentTerms } from '../flags.js';
import { labelChoices, paymentTermsColumn, paymentTermsLabels } from '../../../lib/inventory/labels.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { assertAgrees, checkSupplierAnswer } from '../../../lib/writes/echo-checks.js';
import { sourceOf } from '../../../lib/reading.js';

interface Options {
  yes?: boolean;
  code?: string;
  name?: string;
  address?: string;
  town?: string;
  state?: string;
  postcode?: string;
  phone?: string;
  email?: string;
  contact?: string;
  description?: string;
  accountNo?: string;
  type?: string;
  paymentTerms?: string;
  dryRun?: boolean;
}

/** Body field → the flag people type. */
const flagOf: Record<string, string> = {
  supplierCode: '--code',
  supplierName: '--name',
  supplierAddress: '--address',
  supplierTown: '--town',
  supplierState: '--state',
  supplierPostcode: '--postcode',
  supplierPhone: '--phone',
  supplierEmail: '--email',
  supplierContact: '--contact',
  supplierDescription: '--description',
  supplierAccountNo: '--account-no',
  supplierType: '--type',
  paymentTerms: '--payment-terms',
};

const optionOf: Record<string, Exclude<keyof Options, 'dryRun' | 'yes'>> = {
  supplierCode: 'code',
  supplierName: 'name',
  supplierAddress: 'address',
  supplierTown: 'town',
  supplierState: 'state',
  supplierPostcode: 'postcode',
  supplierPhone: 'phone',
  supplierEmail: 'email',
  supplierContact: 'contact',
  supplierDescription: 'description',
  supplierAccountNo: 'accountNo',
};

export default defineCommand<Options>({
  name: 'create',
  summary: 'Create a supplier (code, name and address required; the code must be unique)',
  examples: [
    'venue inventory suppliers create --code ACME --name "Acme Candy" --address "1 Main St" --payment-terms 30 --dry-run',
    'venue inventory suppliers create --code ACME --name "Acme Candy" --address "1 Main St" --payment-terms 30 --yes',
    'venue inventory suppliers create --code BULK --name "Bulk Co" --address "2 High St" --payment-terms advance -o json --yes',
  ],
  options: [
    option('--code <code>', 'supplier code, unique (max 50)', { kind: 'text' }),
    option('--name <name>', 'supplier name (max 50)', { kind: 'text' }),
    option('--address <address>', 'street address (max 50)', { kind: 'text' }),
    option('--town <town>', undefined, { kind: 'text' }),
    option('--state <state>', undefined, { kind: 'text' }),
    option('--postcode <postcode>', undefined, { kind: 'text' }),
    option('--phone <phone>', undefined, { kind: 'text' }),
    option('--email <email>', undefined, { kind: 'email' }),
    option('--contact <name>', 'contact person', { kind: 'text' }),
    option('--description <text>', undefined, { kind: 'text' }),
    option('--account-no <number>', "the venue's account number with the supplier", { kind: 'text' }),
    option('--type <n>', 'supplier type (whole number, default 0)', { kind: 'unsigned' }),
    option(
      '--payment-terms <terms>',
      `${labelChoices(paymentTermsLabels)}: the words tables show (any case; "30" for "30 days") or the code`,
      { kind: 'text' },
    ),
    option('--dry-run', 'check the supplier and show it; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.supplier),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const problems = new FlagProblems();
    for (const [field, flag] of [
      ['supplierCode', '--code'],
      ['supplierName', '--name'],
      ['supplierAddress', '--address'],
    ] as const) {
      const key = optionOf[field]!;
      if (options[key] === undefined && ctx.prompter.canPrompt) {
        options[key] = await ctx.prompter.input(`Supplier ${flag.slice(2)}`, {
          flag,
          validate: (v) => (v.trim() && v.length <= 50 ? true : 'required, at most 50 characters'),
        });
      }
    }
    const body: Record<string, unknown> = {};
    for (const [field, key] of Object.entries(optionOf)) if (options[key] !== undefined) body[field] = options[key];
    const supplierType = parseInteger(options.type, '--type', problems, { min: 0 });
    if (supplierType !== undefined) body.supplierType = supplierType;
    const paymentTerms = parsePaymentTerms(options.paymentTerms, '--payment-terms', problems);
    if (paymentTerms !== undefined) body.paymentTerms = paymentTerms;

    const { check, supplierCreateSchema } = await inventorySchemasModule();
    const result = check(supplierCreateSchema, body, { fieldName: (field) => flagOf[field] ?? field });
    if (!result.ok) problems.issues.push(...result.issues);
    problems.throwIfAny();

    if (options.dryRun) {
      await ctx.output.record(body, {
        columns: [
          'supplierCode',
          'supplierName',
          'supplierAddress',
          'supplierTown',
          'supplierType',
          paymentTermsColumn,
        ],
      });
      ctx.terminal.info('Dry run: the supplier above passed the checks. Nothing was sent.');
      return;
    }
    await confirmWrite(
      ctx,
      options,
      `Create supplier "${body.supplierName}"?`,
      'No supplier created: nothing was sent.',
    );
    const client = await ctx.inventory();
    const supplier = await client.createSupplier(body);
    assertAgrees(
      `the creation of supplier ${String(body.supplierCode)}`,
      checkSupplierAnswer(body, supplier),
      'Check it with `venue inventory suppliers list` before creating it again.',
    );
    ctx.terminal.success(
      `created supplier ${supplier.supplierId}${supplier.supplierCode ? ` (${supplier.supplierCode})` : ''}`,
    );
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.supplier, { status: 'recorded', reference: null, record: sourceOf(supplier) }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(supplier, {
      columns: [
        'supplierId',
        'supplierCode',
        'supplierName',
        'supplierAddress',
        'supplierTown',
        'supplierType',
        paymentTermsColumn,
        { key: 'isActive', format: 'bool' },
      ],
      afterWrite: true,
    });
  },
});
