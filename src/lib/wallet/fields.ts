// Every field venue reads from the guest wallet service: per resource, each
// field with its type and the words real services use for it. The seed (000)
// leaves the bodies of the card, balance, activity, quick-reload, sale and
// pass answers "not shown", so each field is listed by venue's own name
// first, then its synonyms, and looked up by name AND type: a candidate of
// the wrong type (a boolean `play`, an object `cardNumber`) is skipped. Case
// and separators are ignored by the lookup (src/lib/reading.ts): cardNumber =
// CardNumber = card_number, so only different words are listed here.

import { field, fieldTables, wordField, type FieldTable } from '../reading.js';

// ---- enumerations: venue's word first, then the words services use. For logic; people see the service's own word.

/** A play balance is counted in dollars or in tokens, as the location is configured. */
export const units = {
  dollars: ['dollar', 'usd', 'currency', 'money', 'cash', '$'],
  tokens: ['token', 'tkn', 'tokenBalance'],
} as const;

/** The four kinds of transaction the seed names. */
export const activityKinds = {
  reload: ['reloads', 'topUp', 'recharge', 'load', 'cardReload', 'onlineReload'],
  'game-play': ['gamePlay', 'game', 'play', 'gamePlays', 'gameSwipe', 'swipe'],
  'ticket-win': ['ticketWin', 'ticketsWon', 'ticketWon', 'ticketEarn', 'ticketsEarned', 'win'],
  redemption: ['redeem', 'redemptions', 'ticketRedemption', 'prizeRedemption'],
} as const;

/** Card states: the seed names "not activated" and "activated". */
export const cardStatuses = {
  activated: ['active', 'enabled'],
  'not-activated': ['notActivated', 'inactive', 'notActive', 'pendingActivation', 'unactivated'],
} as const;

/** The token exchanges: login answers both, the renewal the access token. */
export const tokenFields = {
  accessToken: field(
    'text',
    'accessToken',
    'token',
    'guestToken',
    'jwt',
    'idToken',
    'authToken',
    'bearerToken',
    'bearer',
  ),
  refreshToken: field('text', 'refreshToken', 'refresh', 'renewToken'),
} as const satisfies FieldTable;

/** Sign-up answers "201; message (string)". */
export const signupFields = {
  message: field('text', 'message', 'detail', 'description', 'result', 'status'),
} as const satisfies FieldTable;

/** An item of GET /api/v1/card. */
export const cardFields = {
  cardNumber: field('id', 'cardNumber', 'number', 'cardNo', 'cardId', 'id'),
  cardType: field('text', 'cardType', 'type', 'cardKind', 'cardCategory', 'tier'),
  nickname: field('text', 'nickname', 'cardNickname', 'name', 'label', 'alias', 'displayName'),
  status: wordField(cardStatuses, 'status', 'cardStatus', 'state', 'activationStatus'),
  locationId: field('id', 'locationId', 'siteId', 'storeId', 'venueId'),
  locationName: field(
    'text',
    'locationName',
    'location',
    'siteName',
    'site',
    'storeName',
    'store',
    'venueName',
    'venue',
  ),
  /** The location as a record ({location: {id, name}}). */
  location: field('record', 'location', 'site', 'store', 'venue'),
  playUnit: wordField(units, 'playUnit', 'balanceUnit', 'unit', 'balanceType', 'currency', 'currencyCode'),
} as const satisfies FieldTable;

/** A location given as a record inside a card ({location: {id, name}}). */
export const locationFields = {
  name: field('text', 'name', 'locationName', 'siteName', 'title', 'displayName'),
  id: field('id', 'id', 'locationId', 'siteId', 'code'),
} as const satisfies FieldTable;

/** The card an answer says it is about: only words that cannot be another id of the record (never a bare "id"). */
const ownCard = field('id', 'cardNumber', 'cardNo');

/** GET /api/v1/card/{cardNumber}/balance. Amounts are a number or a record {amount, unit}. */
export const balanceFields = {
  cardNumber: ownCard,
  playBalance: field(
    'money',
    'playBalance',
    'play',
    'balance',
    'cashBalance',
    'creditBalance',
    'gameBalance',
    'mainBalance',
  ),
  bonusBalance: field('money', 'bonusBalance', 'bonus', 'bonusCredit', 'bonusAmount'),
  ticketBalance: field('money', 'ticketBalance', 'tickets', 'ticketCount', 'eTickets', 'ticketTotal'),
  /** The unit of the whole answer, when each amount does not name its own. */
  unit: wordField(units, 'unit', 'playUnit', 'balanceUnit', 'balanceType', 'currency', 'currencyCode'),
  lastSyncedAt: field(
    'datetime',
    'lastSyncedAt',
    'lastUpdated',
    'updatedAt',
    'lastSync',
    'syncedAt',
    'asOf',
    'lastModified',
  ),
} as const satisfies FieldTable;

/** One amount given as a record: {amount, unit}, {value, currency}. */
export const amountFields = {
  amount: field('number', 'amount', 'value', 'balance', 'total', 'quantity', 'count'),
  unit: wordField(units, 'unit', 'currency', 'currencyCode', 'type', 'balanceUnit', 'playUnit'),
} as const satisfies FieldTable;

/** An entry of GET /api/v1/card/{cardNumber}/activity. */
export const activityFields = {
  activityId: field('id', 'activityId', 'id', 'transactionId', 'entryId', 'activityNumber'),
  /** The card the entry says it is of, when it says. */
  cardNumber: ownCard,
  kind: wordField(activityKinds, 'kind', 'type', 'transactionType', 'activityType', 'entryType', 'category'),
  occurredAt: field(
    'datetime',
    'occurredAt',
    'timestamp',
    'date',
    'dateTime',
    'time',
    'transactionDate',
    'createdAt',
    'postedAt',
    'when',
  ),
  description: field('text', 'description', 'details', 'memo', 'note', 'narrative', 'text'),
  playAmount: field('money', 'playAmount', 'amount', 'play', 'playValue', 'value'),
  bonusAmount: field('money', 'bonusAmount', 'bonus', 'bonusValue'),
  tickets: field('money', 'tickets', 'ticketCount', 'ticketAmount', 'ticketsWon', 'ticketChange'),
  unit: wordField(units, 'unit', 'balanceUnit', 'playUnit', 'currency', 'currencyCode'),
  paymentReference: field(
    'text',
    'paymentReference',
    'paymentRef',
    'paymentId',
    'gatewayReference',
    'externalReference',
  ),
} as const satisfies FieldTable;

/** An item of GET /api/v1/quickreload. */
export const productFields = {
  productId: field('id', 'productId', 'id', 'productCode', 'code', 'sku'),
  name: field('text', 'name', 'title', 'productName', 'label', 'displayName'),
  price: field('money', 'price', 'salePrice', 'unitPrice', 'cost', 'amount'),
  playValue: field('money', 'playValue', 'value', 'play', 'playAmount', 'credit'),
  bonusValue: field('money', 'bonusValue', 'bonus', 'bonusAmount', 'bonusCredit'),
  /** The unit the product's values are in, when it names one. */
  unit: wordField(units, 'unit', 'playUnit', 'valueUnit', 'currency', 'currencyCode'),
  displayOrder: field('number', 'displayOrder', 'sortOrder', 'order', 'position', 'sequence', 'rank'),
} as const satisfies FieldTable;

/** The answer of POST /api/v1/sale. */
export const saleFields = {
  saleId: field('id', 'saleId', 'id', 'transactionId', 'orderId', 'receiptId', 'confirmationNumber', 'confirmationId'),
  cardNumber: ownCard,
  /** What the sale credited: {play: {amount, unit}, bonus: {...}}, or flat figures beside the sale. */
  credited: field('record', 'credited', 'credit', 'credits'),
  creditedPlay: field('money', 'creditedPlay', 'playCredited', 'play'),
  creditedBonus: field('money', 'creditedBonus', 'bonusCredited', 'bonus'),
  unit: wordField(units, 'unit', 'balanceUnit', 'playUnit', 'currency', 'currencyCode'),
  // What the answer repeats of the sale sent: compared with it (writes/agreement.ts).
  productId: field('id', 'productId', 'product', 'productCode'),
  paymentReference: field('text', 'paymentReference', 'paymentRef', 'reference', 'externalReference'),
  amount: field('money', 'amount', 'price', 'saleAmount', 'total'),
  // What else a sale answer carries, so that it reads in venue's names at every venue.
  productName: field('text', 'productName', 'productTitle', 'title'),
  createdAt: field('datetime', 'createdAt', 'created', 'timestamp', 'recordedAt'),
} as const satisfies FieldTable;

/** What a sale says it credited, inside its `credited` record: {play: {amount, unit}, bonus: {...}}. */
export const creditFields = {
  play: field('money', 'play', 'playAmount', 'playValue'),
  bonus: field('money', 'bonus', 'bonusAmount', 'bonusValue'),
} as const satisfies FieldTable;

/** The answer of PUT /api/v1/pass/walletB/{cardNumber} (a link rather than a file). */
export const passFields = {
  saveUrl: field('text', 'saveUrl', 'url', 'link', 'passUrl', 'addUrl', 'href', 'downloadUrl'),
  expiresAt: field('datetime', 'expiresAt', 'expires', 'expiry', 'validUntil', 'expiresOn'),
} as const satisfies FieldTable;

/** Every resource's table, for tests and tools that walk them all. */
export const WALLET_TABLES = {
  card: cardFields,
  balance: balanceFields,
  amount: amountFields,
  activity: activityFields,
  product: productFields,
  sale: saleFields,
  pass: passFields,
} as const satisfies Record<string, FieldTable>;

// Each field knows the fields that share its table (reading.ts: a value one of them reads is no other's unreadable value).
fieldTables({
  ...WALLET_TABLES,
  token: tokenFields,
  signup: signupFields,
  location: locationFields,
  credit: creditFields,
});
