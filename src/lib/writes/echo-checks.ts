// The writes without a journal of their own (products, suppliers, webhook
// subscribers): their answer is the record itself, so it is checked against
// what was sent (the one rule, rule.ts: an answer that disagrees is unknown,
// exit 6, nothing claimed), and the person is told where to look. A lost
// answer is unknown (exit 7) from the HTTP layer; a subscriber whose create
// lost its answer is settled by reading the list back (webhooks create).

import { AnswerCheck, DisagreeingAnswerError, type Disagreement } from './agreement.js';

type Scalars = Record<string, unknown>;

/** The fields of a body that are plain values the answer's record repeats: compared as text, money or whole numbers. */
function echo(
  check: AnswerCheck,
  sent: Scalars,
  got: Scalars,
  fields: { text?: string[]; money?: string[]; whole?: string[] },
): AnswerCheck {
  for (const f of fields.text ?? [])
    if (typeof sent[f] === 'string')
      check.text(f, (sent[f] as string).trim(), typeof got[f] === 'string' ? (got[f] as string).trim() : got[f]);
  for (const f of fields.money ?? []) if (typeof sent[f] === 'number') check.amount(f, sent[f] as number, got[f]);
  for (const f of fields.whole ?? []) if (typeof sent[f] === 'number') check.number(f, sent[f] as number, got[f]);
  return check;
}

const PRODUCT = {
  text: [
    'productName',
    'productDescription',
    'categoryId',
    'classId',
    'taxGroup',
    'secondaryProductName',
    'productCode',
  ],
  money: ['sellPrice', 'vendingPrice'],
  whole: ['ticketValue', 'reorderLevelMin', 'reorderLevelMax'],
};

/** A product's answer against the product created (or the fields changed, and the id asked for). */
export function checkProductAnswer(sent: Scalars, product: Scalars, productId?: string | number): Disagreement[] {
  const check = new AnswerCheck();
  if (productId !== undefined) check.id('productId', productId, product.productId);
  return echo(check, sent, product, PRODUCT).found;
}

/** A supplier's answer against the supplier created. */
export function checkSupplierAnswer(sent: Scalars, supplier: Scalars): Disagreement[] {
  return echo(new AnswerCheck(), sent, supplier, {
    text: ['supplierCode', 'supplierName', 'supplierAddress', 'supplierTown'],
    whole: ['paymentTerms'],
  }).found;
}

/** A subscriber's answer against what was sent: its id (an update), URL and event types. */
export function checkSubscriberAnswer(
  sent: { url?: string; eventTypes?: string[] },
  subscriber: { id: string; url: string; eventTypes?: string[] },
  webhookId?: string,
): Disagreement[] {
  const check = new AnswerCheck();
  if (webhookId !== undefined) check.id('id', webhookId, subscriber.id);
  if (sent.url !== undefined && sent.url.trim() !== subscriber.url.trim())
    check.impossible('url', sent.url, subscriber.url);
  return check.set('eventTypes', sent.eventTypes, subscriber.eventTypes).found;
}

/** Throws DisagreeingAnswerError (exit 6) when there are disagreements; the hint says where to look. */
export function assertAgrees(what: string, found: Disagreement[], hint: string): void {
  if (found.length) throw new DisagreeingAnswerError(what, found, { hint: `Nothing is claimed. ${hint}` });
}
