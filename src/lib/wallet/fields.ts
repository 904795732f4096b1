// Every field venue reads from the guest wallet service, with the words real
// services use for it. The seed (000) leaves the bodies of the card, balance,
// activity, quick-reload, sale and pass answers "not shown", so each field is
// listed by venue's own name first, then its synonyms. Case and separators are
// ignored by the lookup (src/lib/reading.ts): cardNumber = CardNumber =
// card_number, so only different words are listed here.

/** The token exchanges: login answers both, the renewal the access token. */
export const tokenFields = {
  accessToken: ['accessToken', 'token', 'guestToken', 'jwt', 'idToken', 'authToken', 'bearerToken', 'bearer'],
  refreshToken: ['refreshToken', 'refresh', 'renewToken'],
} as const;

/** Sign-up answers "201; message (string)". */
export const signupFields = {
  message: ['message', 'detail', 'description', 'result', 'status'],
} as const;

/** An item of GET /api/v1/card. */
export const cardFields = {
  cardNumber: ['cardNumber', 'number', 'cardNo', 'cardId', 'id'],
  cardType: ['cardType', 'type', 'cardKind', 'cardCategory', 'tier'],
  nickname: ['nickname', 'cardNickname', 'name', 'label', 'alias', 'displayName'],
  status: ['status', 'cardStatus', 'state', 'activationStatus'],
  locationId: ['locationId', 'siteId', 'storeId', 'venueId'],
  locationName: ['locationName', 'location', 'siteName', 'site', 'storeName', 'store', 'venueName', 'venue'],
  playUnit: ['playUnit', 'balanceUnit', 'unit', 'balanceType', 'currency', 'currencyCode'],
} as const;

/** A location given as a record inside a card ({location: {id, name}}). */
export const locationFields = {
  name: ['name', 'locationName', 'siteName', 'title', 'displayName'],
  id: ['id', 'locationId', 'siteId', 'code'],
} as const;

/** GET /api/v1/card/{cardNumber}/balance. */
export const balanceFields = {
  cardNumber: cardFields.cardNumber,
  playBalance: ['playBalance', 'play', 'balance', 'cashBalance', 'creditBalance', 'gameBalance', 'mainBalance'],
  bonusBalance: ['bonusBalance', 'bonus', 'bonusCredit', 'bonusAmount'],
  ticketBalance: ['ticketBalance', 'tickets', 'ticketCount', 'eTickets', 'ticketTotal'],
  /** The unit of the whole answer, when each amount does not name its own. */
  unit: ['unit', 'playUnit', 'balanceUnit', 'balanceType', 'currency', 'currencyCode'],
  lastSyncedAt: ['lastSyncedAt', 'lastUpdated', 'updatedAt', 'lastSync', 'syncedAt', 'asOf', 'lastModified'],
} as const;

/** One amount given as a record: {amount, unit}, {value, currency}. */
export const amountFields = {
  amount: ['amount', 'value', 'balance', 'total', 'quantity', 'count'],
  unit: ['unit', 'currency', 'currencyCode', 'type', 'balanceUnit', 'playUnit'],
} as const;

/** An entry of GET /api/v1/card/{cardNumber}/activity. */
export const activityFields = {
  activityId: ['activityId', 'id', 'transactionId', 'entryId', 'activityNumber'],
  kind: ['kind', 'type', 'transactionType', 'activityType', 'entryType', 'category'],
  occurredAt: ['occurredAt', 'timestamp', 'date', 'dateTime', 'time', 'transactionDate', 'createdAt', 'postedAt', 'when'],
  description: ['description', 'details', 'memo', 'note', 'narrative', 'text'],
  playAmount: ['playAmount', 'amount', 'play', 'playValue', 'value'],
  bonusAmount: ['bonusAmount', 'bonus', 'bonusValue'],
  tickets: ['tickets', 'ticketCount', 'ticketAmount', 'ticketsWon', 'ticketChange'],
  unit: ['unit', 'balanceUnit', 'playUnit', 'currency', 'currencyCode'],
  paymentReference: ['paymentReference', 'paymentRef', 'paymentId', 'gatewayReference', 'externalReference'],
} as const;

/** An item of GET /api/v1/quickreload. */
export const productFields = {
  productId: ['productId', 'id', 'productCode', 'code', 'sku'],
  name: ['name', 'title', 'productName', 'label', 'displayName'],
  price: ['price', 'salePrice', 'unitPrice', 'cost', 'amount'],
  playValue: ['playValue', 'value', 'play', 'playAmount', 'credit'],
  bonusValue: ['bonusValue', 'bonus', 'bonusAmount', 'bonusCredit'],
  displayOrder: ['displayOrder', 'sortOrder', 'order', 'position', 'sequence', 'rank'],
} as const;

/** The answer of POST /api/v1/sale. */
export const saleFields = {
  saleId: ['saleId', 'id', 'transactionId', 'orderId', 'receiptId', 'confirmationNumber', 'confirmationId'],
  // What the answer echoes of the sale sent: compared with it (writes/agreement.ts).
  cardNumber: ['cardNumber', 'cardNo', 'card', 'cardId'],
  productId: ['productId', 'product', 'productCode'],
  paymentReference: ['paymentReference', 'paymentRef', 'reference', 'externalReference'],
  amount: ['amount', 'price', 'total', 'saleAmount', 'value'],
} as const;

/** The answer of PUT /api/v1/pass/walletB/{cardNumber} (a link rather than a file). */
export const passFields = {
  saveUrl: ['saveUrl', 'url', 'link', 'passUrl', 'addUrl', 'href', 'downloadUrl'],
  expiresAt: ['expiresAt', 'expires', 'expiry', 'validUntil', 'expiresOn'],
} as const;

// ---- enumerations: venue's word first, then the words services use.

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
